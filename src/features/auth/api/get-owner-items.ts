import { supabase } from '@/lib/supabase'
import type { Item } from '@/lib/store'

/** The owner's items, oldest first. RLS limits the rows to the caller's own. */
export async function getOwnerItems(ownerId: string): Promise<Item[]> {
  const { data, error } = await supabase
    .from('items')
    .select('*')
    .eq('owner_id', ownerId)
    .order('created_at', { ascending: true })
  if (error) throw error
  return data
}
