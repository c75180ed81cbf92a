import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/features/chat/api/chat-api-error'

export type OwnerChat = { id: string; item_id: string; created_at: string }

/** The owner's chats, newest first: these are the items with open chats. */
export async function getOwnerChats(ownerId: string): Promise<OwnerChat[]> {
  const { data } = throwIfError(
    await supabase
      .from('chats')
      .select('id,item_id,created_at')
      .eq('owner_id', ownerId)
      .order('created_at', { ascending: false }),
  )
  return data ?? []
}
