import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/features/chat/api/chat-api-error'
import type { MessageRow } from '@/features/chat/types'

export const MESSAGE_COLUMNS = 'id,chat_id,sender_id,sender_role,body,created_at'

/**
 * A chat's messages in time order. With `since`, only those stored at or after
 * that time (the caller drops the ones it already holds by id).
 */
export async function getMessages(
  chatId: string,
  options: { since?: string; monitor?: ConnectivityMonitor } = {},
): Promise<MessageRow[]> {
  let query = supabase.from('messages').select(MESSAGE_COLUMNS).eq('chat_id', chatId)
  if (options.since) query = query.gte('created_at', options.since)
  const request = query.order('created_at').order('id')
  const { monitor } = options
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  return data ?? []
}
