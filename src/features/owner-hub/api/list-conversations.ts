import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/lib/chat/api-error'
import type { ConversationRow } from '@/lib/chat/types'

/** Every report on the owner's items, newest first, with unread counts. */
export async function listConversations(
  monitor?: ConnectivityMonitor,
  signal?: AbortSignal,
): Promise<ConversationRow[]> {
  const rpc = supabase.rpc('list_conversations')
  const request = signal ? rpc.abortSignal(signal) : rpc
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  return data ?? []
}
