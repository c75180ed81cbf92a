import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/features/chat/api/chat-api-error'
import type { ConversationRow } from '@/features/chat/types'

/** Every report on the owner's items, newest first, with unread counts. */
export async function listConversations(monitor?: ConnectivityMonitor): Promise<ConversationRow[]> {
  const request = supabase.rpc('list_conversations')
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  return data ?? []
}
