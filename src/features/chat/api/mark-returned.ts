import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/features/chat/api/chat-api-error'
import type { Database } from '@/types/database.types'

type ItemRow = Database['public']['Tables']['items']['Row']

/** The owner marks the item returned: its status becomes FOUND. Returns the updated item. */
export async function markReturned(itemId: string): Promise<ItemRow | null> {
  const { data } = throwIfError(
    await supabase
      .from('items')
      .update({ status: 'FOUND' })
      .eq('id', itemId)
      .select()
      .maybeSingle(),
  )
  return data
}
