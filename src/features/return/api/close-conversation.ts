import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** The owner closes this one conversation; the item's status is left alone. */
export async function closeConversation(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('close_conversation', { chat_id: chatId }))
}
