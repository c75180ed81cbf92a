import { supabase } from '@/lib/supabase'
import type { Profile } from '@/lib/store'

export type TextAlerts = Pick<Profile, 'text_alerts' | 'text_after_minutes'>

/** Saves when found reports are texted; returns the saved profile. */
export async function updateTextAlerts(userId: string, changes: TextAlerts): Promise<Profile> {
  const { data, error } = await supabase
    .from('profiles')
    .update(changes)
    .eq('id', userId)
    .select('*')
    .single()
  if (error) throw error
  return data
}
