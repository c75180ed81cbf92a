import type { User } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { Profile } from '@/lib/store'
import type { Database } from '@/types/database.types'
import type { ProfileMetadata } from '@/features/auth/api/sign-up'

type ProfileInsert = Database['public']['Tables']['profiles']['Insert']

function text(metadata: Record<string, unknown>, key: keyof ProfileMetadata): string | null {
  const value = metadata[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/**
 * The profile to create for an auth user, or null unless uid, email, full name,
 * dob, address and country are all known (SPEC.md §5 "User document creation").
 */
export function profileFromUser(user: User): ProfileInsert | null {
  const metadata: Record<string, unknown> = user.user_metadata ?? {}
  const profile = {
    id: user.id,
    email: user.email?.trim() || null,
    full_name: text(metadata, 'full_name'),
    dob: text(metadata, 'dob'),
    address: text(metadata, 'address'),
    county: text(metadata, 'county'),
    country: text(metadata, 'country'),
    mobile_number: text(metadata, 'mobile_number'),
  }
  const required = [profile.email, profile.full_name, profile.dob, profile.address, profile.country]
  return profile.id && required.every(Boolean) ? profile : null
}

const UNIQUE_VIOLATION = '23505'

/** Creates the profile; if it already exists (another tab won the race) reads it back. */
export async function createProfile(profile: ProfileInsert): Promise<Profile> {
  const { data, error } = await supabase.from('profiles').insert(profile).select('*').single()
  if (!error) return data
  if (error.code !== UNIQUE_VIOLATION) throw error
  const existing = await supabase.from('profiles').select('*').eq('id', profile.id).single()
  if (existing.error) throw existing.error
  return existing.data
}
