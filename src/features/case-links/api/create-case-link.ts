import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { Database } from '@/types/database.types'

export type CreatedCaseLink = Database['public']['Functions']['create_case_link']['Returns'][number]

export type NewCaseLink = {
  itemId: string
  label: string
  validDays: number
  contactNote: string
}

/** Makes a case link for a named third party (refusals: case-link-words). */
export async function createCaseLink(link: NewCaseLink): Promise<CreatedCaseLink> {
  const { data } = throwIfError(
    await supabase.rpc('create_case_link', {
      item_id: link.itemId,
      label: link.label,
      valid_days: link.validDays,
      contact_note: link.contactNote.trim() || undefined,
      // where the owner's alerts about the link's messages point: this site
      site_url: window.location.origin,
    }),
  )
  const row = data?.[0]
  if (!row) throw new Error('create_case_link answered nothing')
  return row
}
