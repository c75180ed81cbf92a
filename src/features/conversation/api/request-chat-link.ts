import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/**
 * "Send me a new link": revokes the finder's link and e-mails them a fresh one.
 * Throws ChatApiError 'invalid_invite' or 'too_many_requests'.
 */
export async function requestChatLink(chatId: string, token: string): Promise<void> {
  throwIfError(await supabase.rpc('request_chat_link', { chat_id: chatId, token }))
}
