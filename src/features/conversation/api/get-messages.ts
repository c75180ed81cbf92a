import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/lib/chat/api-error'
import type { MessageRow } from '@/lib/chat/types'

export const MESSAGE_COLUMNS =
  'id,chat_id,sender_id,sender_role,body,created_at,position,photo_paths,scam_signals'

/** A chat's stored messages with a position above `after` (0: all), in the server's order. */
export async function getMessagesAfter(
  chatId: string,
  after: number,
  monitor?: ConnectivityMonitor,
): Promise<MessageRow[]> {
  const request = supabase
    .from('messages')
    .select(MESSAGE_COLUMNS)
    .eq('chat_id', chatId)
    .gt('position', after)
    .order('position')
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  return data ?? []
}
