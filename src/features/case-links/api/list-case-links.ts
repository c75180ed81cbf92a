import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { Database } from '@/types/database.types'

export type CaseLinkRow = Database['public']['Functions']['my_case_links']['Returns'][number]

/** The owner's case links for one item, newest first, with openings and message counts. */
export async function listCaseLinks(itemId: string, signal?: AbortSignal): Promise<CaseLinkRow[]> {
  const rpc = supabase.rpc('my_case_links', { item_id: itemId })
  const { data } = throwIfError(await (signal ? rpc.abortSignal(signal) : rpc))
  return data ?? []
}
