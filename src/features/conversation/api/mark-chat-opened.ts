import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/**
 * The owner opened this chat: stops the report's reminder and tells the finder
 * "The owner has seen your report" ("…your message" once they have written). Does
 * nothing for anyone else.
 */
export async function markChatOpened(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('mark_chat_opened', { chat_id: chatId }))
}
