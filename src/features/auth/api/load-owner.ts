import type { User } from '@supabase/supabase-js'
import type { Item, Profile } from '@/lib/store'
import { createProfile, profileFromUser } from '@/features/auth/api/create-profile'
import { getOwnerItems } from '@/features/auth/api/get-owner-items'
import { getProfile } from '@/features/auth/api/get-profile'

export type OwnerData = { doc: Profile | null; items: Item[] }

/**
 * SPEC.md §4: the profile, created from the sign-up data when missing (silently
 * skipped when the data is incomplete), then the owner's items.
 */
export async function loadOwner(user: User): Promise<OwnerData> {
  let doc = await getProfile(user.id)
  if (!doc) {
    const draft = profileFromUser(user)
    if (draft) doc = await createProfile(draft)
  }
  const items = await getOwnerItems(user.id)
  return { doc, items }
}
