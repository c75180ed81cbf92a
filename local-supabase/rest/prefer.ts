/**
 * The `Prefer` request header as PostgREST reads it (return, count, resolution,
 * missing, tx, handling). Preferences the local stack cannot honour are refused
 * with a clear error instead of being silently ignored.
 */
import { unsupported } from './errors.ts'

export type Prefer = {
  return: 'minimal' | 'representation' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | null
  rollback: boolean
  /** The preferences honoured, echoed in `Preference-Applied`. */
  applied: string[]
}

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Prefer = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    rollback: false,
    applied: [],
  }
  for (const raw of (header ?? '').split(',')) {
    const item = raw.trim()
    if (!item) continue
    const [key, value] = item.split('=').map((s) => s.trim())
    if (key === 'return' && value === 'headers-only') {
      // PostgREST answers a Location header built from the primary key
      throw unsupported(`Prefer: ${item}`)
    } else if (key === 'return' && (value === 'minimal' || value === 'representation')) {
      prefer.return = value
      prefer.applied.push(item)
    } else if (
      key === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      prefer.count = value
      prefer.applied.push(item)
    } else if (
      key === 'resolution' &&
      (value === 'merge-duplicates' || value === 'ignore-duplicates')
    ) {
      prefer.resolution = value
      prefer.applied.push(item)
    } else if (key === 'missing' && value === 'default') {
      prefer.missing = 'default'
      prefer.applied.push(item)
    } else if (key === 'tx' && (value === 'rollback' || value === 'commit')) {
      prefer.rollback = value === 'rollback'
      prefer.applied.push(item)
    } else if (key === 'handling' && value === 'lenient') {
      continue
    } else if (
      key === 'handling' ||
      key === 'timezone' ||
      key === 'max-affected' ||
      key === 'params'
    ) {
      throw unsupported(`Prefer: ${item}`)
    }
  }
  return prefer
}
