import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** Withdraws a case link: refused from now on, and an open page is told at once. */
export async function revokeCaseLink(caseLinkId: string): Promise<void> {
  throwIfError(await supabase.rpc('revoke_case_link', { case_link_id: caseLinkId }))
}
