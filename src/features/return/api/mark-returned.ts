import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

export type ReturnPreview = { openConversations: number; finderDetailsDeletedOn: string }

/** What 'Mark as returned' would do: conversations it closes and when the finders' details go. */
export async function getReturnPreview(itemId: string): Promise<ReturnPreview | null> {
  const { data } = throwIfError(await supabase.rpc('return_preview', { item_id: itemId }))
  const row = data?.[0]
  return row
    ? {
        openConversations: row.open_conversations,
        finderDetailsDeletedOn: row.finder_details_deleted_on,
      }
    : null
}

/**
 * The owner marks the item returned: FOUND, every conversation about it closed
 * and each finder told (live and by one e-mail). Returns the item's id.
 */
export async function markReturned(itemId: string): Promise<string | null> {
  const { data } = throwIfError(await supabase.rpc('mark_item_returned', { item_id: itemId }))
  return data?.[0]?.id ?? null
}
