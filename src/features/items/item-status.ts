import type { Item } from '@/lib/store'
import type { ItemStatus } from '@/features/items/api/update-item'

/** An empty status is shown as FOUND (SPEC.md §4 "Item status"). */
export function shownStatus(item: Pick<Item, 'status'>): ItemStatus {
  return item.status === 'LOST' ? 'LOST' : 'FOUND'
}
