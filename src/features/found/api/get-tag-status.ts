import { loadSupabase } from '@/lib/load-supabase'
import { takeEarlyTagStatus } from '@/features/found/early-tag-status'

/** The owner's words for a finder, shown only while the item is LOST. */
export type LostNote = {
  note: string | null
  returnInstructions: string | null
  /** The item shows a photo (tag_status's lost_photo): the page may ask for it. */
  hasPhoto?: boolean
}

/** The signed-in caller's own item behind the tag (the owner's test scan). */
export type OwnItem = { id: string; name: string; isLost: boolean }

export type TagLookupResult =
  | { status: 'unclaimed' | 'not_found' }
  | { status: 'activated'; lostNote: LostNote | null; ownItem: OwnItem | null }

/** Thrown when the backend could not be reached (`isNetwork`) or answered unexpectedly. */
export class TagLookupError extends Error {
  readonly isNetwork: boolean
  constructor(message: string, { isNetwork = false }: { isNetwork?: boolean } = {}) {
    super(message)
    this.isNetwork = isNetwork
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

function parseOwnItem(value: unknown): OwnItem | null {
  if (typeof value !== 'object' || value === null) return null
  const { id, name, status } = value as Record<string, unknown>
  return typeof id === 'string' && typeof name === 'string'
    ? { id, name, isLost: status === 'LOST' }
    : null
}

/** Reads tag_status's answer (see supabase/migrations/*_lost_mode.sql); anything else is an error. */
export function parseTagStatus(data: unknown): TagLookupResult {
  if (typeof data !== 'object' || data === null) {
    throw new TagLookupError(`unexpected tag status ${String(data)}`)
  }
  const answer = data as Record<string, unknown>
  if (answer.status === 'unclaimed' || answer.status === 'not_found') {
    return { status: answer.status }
  }
  if (answer.status !== 'activated') {
    throw new TagLookupError(`unexpected tag status ${String(answer.status)}`)
  }
  const note = text(answer.lost_note)
  const returnInstructions = text(answer.return_instructions)
  const hasPhoto = answer.lost_photo === true
  return {
    status: 'activated',
    lostNote:
      note || returnInstructions || hasPhoto
        ? { note, returnInstructions, ...(hasPhoto ? { hasPhoto } : {}) }
        : null,
    ownItem: parseOwnItem(answer.own_item),
  }
}

/**
 * Looks a tag up; the caller's session (if any) goes with it, for the owner's test scan.
 * A tag link's lookup already started by /tag's inline script is used when it answered;
 * if it failed, the client asks again.
 */
export async function getTagStatus(code: string): Promise<TagLookupResult> {
  const early = takeEarlyTagStatus(code)
  if (early) {
    const answer = await early.then(
      (data) => ({ data }),
      () => null,
    )
    if (answer) return parseTagStatus(answer.data)
  }
  let result
  try {
    const supabase = await loadSupabase()
    result = await supabase.rpc('tag_status', { code })
  } catch (error) {
    // Only loading the client can throw here: its code could not be fetched.
    const message = error instanceof Error ? error.message : 'network error'
    throw new TagLookupError(message, { isNetwork: true })
  }
  const { data, error, status } = result
  // supabase-js answers status 0 when fetch itself failed: no reply from the backend.
  if (error) throw new TagLookupError(error.message, { isNetwork: status === 0 })
  return parseTagStatus(data)
}
