import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** Records that the viewer has read the chat up to a position (for unread counts). */
export async function markChatRead(chatId: string, upTo: number): Promise<void> {
  throwIfError(await supabase.rpc('mark_chat_read', { chat_id: chatId, up_to: upTo }))
}
