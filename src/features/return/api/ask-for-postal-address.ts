import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** "Post it back": the finder offers to post it and asks the owner for an address. */
export async function askForPostalAddress(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('ask_for_postal_address', { chat_id: chatId }))
}
