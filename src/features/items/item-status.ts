import type { Item } from '@/lib/store'
import type { ItemStatus } from '@/features/items/api/update-item'
import { msgId } from '@/lib/i18n/message-id'

/** The words for LOST and FOUND (SPEC.md's, in capitals), as catalog messages. */
export const STATUS_TEXT = {
  LOST: msgId('items.status.lost'),
  FOUND: msgId('items.status.found'),
} as const satisfies Record<ItemStatus, string>

/** An empty status is shown as FOUND (SPEC.md §4 "Item status"). */
export function shownStatus(item: Pick<Item, 'status'>): ItemStatus {
  return item.status === 'LOST' ? 'LOST' : 'FOUND'
}

export type StatusBadge = {
  label: ItemStatus
  /** lost: red; found: marked FOUND after being LOST; unmarked: never marked (neutral). */
  tone: 'lost' | 'found' | 'unmarked'
  colorPalette: 'red' | 'green' | 'gray'
  variant: 'solid' | 'outline'
}

/**
 * The dashboard badge (DESIGN.md, difference 9): an empty status keeps the spec's
 * FOUND word in a neutral style, so it is not mistaken for an item that was lost
 * and found; FOUND is green, LOST red.
 */
export function statusBadge(item: Pick<Item, 'status'>): StatusBadge {
  if (item.status === 'LOST') {
    return { label: 'LOST', tone: 'lost', colorPalette: 'red', variant: 'solid' }
  }
  if (item.status === 'FOUND') {
    return { label: 'FOUND', tone: 'found', colorPalette: 'green', variant: 'solid' }
  }
  return { label: 'FOUND', tone: 'unmarked', colorPalette: 'gray', variant: 'outline' }
}
