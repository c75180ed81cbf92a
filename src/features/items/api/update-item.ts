import { supabase } from '@/lib/supabase'
import type { Item } from '@/lib/store'

export type ItemStatus = 'LOST' | 'FOUND'
export type ItemChanges = {
  name: string
  status?: ItemStatus
  lost_note?: string | null
  return_instructions?: string | null
  /** The ways back the owner accepts (items.return_options). */
  return_options?: string[]
  /** The item-photos object the item shows (<item_id>/<uuid>.jpg), or null for none. */
  photo_path?: string | null
}

/** A lost-mode text longer than the database allows; `limit` is the database's own number. */
export class LostNoteTooLongError extends Error {
  constructor(
    readonly field: 'lost_note' | 'return_instructions',
    readonly limit: number | null,
  ) {
    super(`${field} too long`)
  }
}

type PostgrestLikeError = { code?: string; message?: string; details?: string | null }

/** The trigger function app_private.items_check_lost_note answers 22001 with the field in the message and the limit in the detail. */
function lostNoteError(error: PostgrestLikeError): LostNoteTooLongError | null {
  if (error.code !== '22001') return null
  const limit = Number.parseInt(error.details ?? '', 10)
  const known = Number.isFinite(limit) ? limit : null
  if (error.message === 'lost_note_too_long') return new LostNoteTooLongError('lost_note', known)
  if (error.message === 'return_instructions_too_long') {
    return new LostNoteTooLongError('return_instructions', known)
  }
  return null
}

/**
 * Renames an item, sets LOST/FOUND, the lost-mode note and return instructions, and its photo.
 * The owner may change nothing else (RLS and column grants).
 */
export async function updateItem(itemId: string, changes: ItemChanges): Promise<Item> {
  const { data, error } = await supabase
    .from('items')
    .update(changes)
    .eq('id', itemId)
    .select('*')
    .single()
  if (error) throw lostNoteError(error) ?? error
  return data
}
