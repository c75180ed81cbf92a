import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** The finder leaves: the conversation closes, so the owner can send nothing more. */
export async function leaveConversation(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('leave_conversation', { chat_id: chatId }))
}
