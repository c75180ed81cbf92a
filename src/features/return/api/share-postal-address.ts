import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** The owner shares a postal address with this chat's finder only. */
export async function sharePostalAddress(chatId: string, address: string): Promise<void> {
  throwIfError(await supabase.rpc('share_postal_address', { chat_id: chatId, address }))
}

/** The owner stops sharing it. */
export async function withdrawPostalAddress(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('withdraw_postal_address', { chat_id: chatId }))
}
