import { supabase } from '@/lib/supabase'
import type { Profile } from '@/lib/store'

/** The owner's profile (SPEC's user document), or null when there is none yet. */
export async function getProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await supabase.from('profiles').select('*').eq('id', userId).maybeSingle()
  if (error) throw error
  return data
}
