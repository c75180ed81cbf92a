import { supabase } from '@/lib/supabase'
import type { Profile } from '@/lib/store'

export type ProfileChanges = Pick<
  Profile,
  'full_name' | 'dob' | 'address' | 'county' | 'country' | 'mobile_number'
>

/** Saves the account settings; county and country are saved as entered (DESIGN.md point 3). */
export async function updateProfile(userId: string, changes: ProfileChanges): Promise<Profile> {
  const { data, error } = await supabase
    .from('profiles')
    .update(changes)
    .eq('id', userId)
    .select('*')
    .single()
  if (error) throw error
  return data
}
