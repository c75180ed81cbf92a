import { loadSupabase } from '@/lib/load-supabase'

export type TagStatus = 'activated' | 'unclaimed' | 'not_found'

/** Thrown when the backend could not be reached or answered unexpectedly. */
export class TagLookupError extends Error {}

export async function getTagStatus(code: string): Promise<TagStatus> {
  let result
  try {
    const supabase = await loadSupabase()
    result = await supabase.rpc('tag_status', { code })
  } catch (error) {
    throw new TagLookupError(error instanceof Error ? error.message : 'network error')
  }
  const { data, error } = result
  if (error) throw new TagLookupError(error.message)
  if (data === 'activated' || data === 'unclaimed' || data === 'not_found') return data
  throw new TagLookupError(`unexpected tag status ${String(data)}`)
}
