import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { Database } from '@/types/database.types'

export type OpenedCase = Database['public']['Functions']['open_case_link']['Returns'][number]

/**
 * Redeems a case link's token for this session: while the link is live the
 * visitor joins its conversation and reads the case; otherwise only why not
 * (not_found, expired, withdrawn, returned, closed). `isOpening` logs an opening
 * for the owner (once per page load, not on a re-read).
 */
export async function openCaseLink(token: string, isOpening: boolean): Promise<OpenedCase> {
  const { data } = throwIfError(
    await supabase.rpc('open_case_link', { token, is_opening: isOpening }),
  )
  const row = data?.[0]
  if (!row) throw new Error('open_case_link answered nothing')
  return row
}
