import { supabase } from '@/lib/supabase'
import type { Item } from '@/lib/store'

export type ItemStatus = 'LOST' | 'FOUND'
export type ItemChanges = { name: string; status?: ItemStatus }

/** Renames an item and/or sets LOST/FOUND. The owner may change nothing else (RLS). */
export async function updateItem(itemId: string, changes: ItemChanges): Promise<Item> {
  const { data, error } = await supabase
    .from('items')
    .update(changes)
    .eq('id', itemId)
    .select('*')
    .single()
  if (error) throw error
  return data
}
