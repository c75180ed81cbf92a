import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { Database } from '@/types/database.types'
import { knownReturnOptions, type ReturnOption } from '@/lib/return-options'

export type ChatReturnsRow = Database['public']['Tables']['chat_returns']['Row']
type WaysBackRow = Database['public']['Functions']['chat_ways_back']['Returns'][number]

/** How this chat's item can go back: what the owner accepts, what was shared. */
export type WaysBack = {
  options: ReturnOption[]
  /** Where the finder found it, when they shared their location. */
  foundAt: { latitude: number; longitude: number; accuracy: number | null } | null
  /** The hand-in, the request to post it, the owner's postal address (RLS: this chat's members). */
  returns: ChatReturnsRow | null
}

function foundAt(row: WaysBackRow | undefined): WaysBack['foundAt'] {
  if (!row || row.found_latitude === null || row.found_longitude === null) return null
  return {
    latitude: row.found_latitude,
    longitude: row.found_longitude,
    accuracy: row.found_accuracy_m,
  }
}

/** The chat's ways back, or null for someone who is not a member. */
export async function getWaysBack(chatId: string, signal: AbortSignal): Promise<WaysBack | null> {
  const [ways, returns] = await Promise.all([
    supabase.rpc('chat_ways_back', { chat_id: chatId }).abortSignal(signal),
    supabase
      .from('chat_returns')
      .select('*')
      .eq('chat_id', chatId)
      .abortSignal(signal)
      .maybeSingle(),
  ])
  const row = throwIfError(ways).data?.[0]
  if (!row) return null
  return {
    options: knownReturnOptions(row.return_options),
    foundAt: foundAt(row),
    returns: throwIfError(returns).data ?? null,
  }
}
