import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** The owner blocks the finder: the conversation closes for them at once. */
export async function blockFinder(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('block_finder', { chat_id: chatId }))
}

/** The owner undoes a block: the finder may report the item again (the conversation stays closed). */
export async function unblockFinder(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('unblock_finder', { chat_id: chatId }))
}

/** Whether the owner has blocked this conversation's finder (their own blocks only). */
export async function isFinderBlocked(chatId: string): Promise<boolean> {
  const { data } = throwIfError(
    await supabase
      .from('finder_blocks')
      .select('id')
      .eq('chat_id', chatId)
      .is('lifted_at', null)
      .limit(1),
  )
  return (data ?? []).length > 0
}
