import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/lib/chat/api-error'
import type { ChatSummaryRow } from '@/lib/chat/types'

/** What the chat is about (item, finder's first name, where, when), or null for a non-member. */
export async function getChatSummary(
  chatId: string,
  monitor?: ConnectivityMonitor,
): Promise<ChatSummaryRow | null> {
  const request = supabase.rpc('chat_summary', { chat_id: chatId })
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  return data?.[0] ?? null
}
