import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/lib/chat/api-error'

/**
 * Joins a chat with an invite token (a finder), or without one (its owner).
 * Throws ChatApiError('invalid_invite') for every kind of bad token.
 */
export async function joinChat(
  chatId: string,
  token: string | null,
  monitor?: ConnectivityMonitor,
): Promise<string> {
  const request = supabase.rpc('join_chat', { chat_id: chatId, token: token ?? '' })
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  return String(data)
}
