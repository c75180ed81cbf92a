import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { Database } from '@/types/database.types'

export type SafetyNotice = Pick<
  Database['public']['Tables']['safety_notices']['Row'],
  'id' | 'kind' | 'body' | 'created_at'
>

/** What Homeward told the reader about reports on this conversation (their own notices). */
export async function getSafetyNotices(chatId: string): Promise<SafetyNotice[]> {
  const { data } = throwIfError(
    await supabase
      .from('safety_notices')
      .select('id, kind, body, created_at')
      .eq('chat_id', chatId)
      .order('created_at'),
  )
  return data ?? []
}
