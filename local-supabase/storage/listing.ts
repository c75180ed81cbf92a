/**
 * The listing storage-api's `list` gives: the objects and folders directly
 * under a prefix, filtered by a search, sorted and paged as the body asks.
 */
import { storageErrors } from './errors.ts'
import type { ObjectRow } from './objects.ts'

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
type SortColumn = (typeof SORT_COLUMNS)[number]

export type ListRequest = {
  prefix: string
  limit: number
  offset: number
  search: string
  column: SortColumn
  descending: boolean
}

/** The list body (`prefix` required; `limit` at most 1500, as storage-api). */
export function parseListRequest(body: Record<string, unknown>): ListRequest {
  if (typeof body.prefix !== 'string') {
    throw storageErrors.invalidRequest("body must have required property 'prefix'")
  }
  const prefix = body.prefix === '' || body.prefix.endsWith('/') ? body.prefix : `${body.prefix}/`
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string }
  const column = (SORT_COLUMNS as readonly string[]).includes(sortBy.column ?? '')
    ? (sortBy.column as SortColumn)
    : 'name'
  return {
    prefix,
    limit: Math.min(typeof body.limit === 'number' ? body.limit : 100, 1500),
    offset: typeof body.offset === 'number' ? body.offset : 0,
    search: typeof body.search === 'string' ? body.search.toLowerCase() : '',
    column,
    descending: sortBy.order?.toLowerCase() === 'desc',
  }
}

type Entry = Record<string, unknown>

function folderEntry(name: string): Entry {
  return {
    name,
    id: null,
    updated_at: null,
    created_at: null,
    last_accessed_at: null,
    metadata: null,
  }
}

function objectEntry(name: string, row: ObjectRow): Entry {
  return {
    name,
    id: row.id,
    updated_at: row.updated_at,
    created_at: row.created_at,
    last_accessed_at: row.last_accessed_at,
    metadata: row.metadata,
  }
}

/** The entries of `rows` (every object under the prefix) one level below the prefix. */
export function listEntries(rows: ObjectRow[], request: ListRequest): Entry[] {
  const folders = new Set<string>()
  const entries: Entry[] = []
  for (const row of rows) {
    const rest = row.name.slice(request.prefix.length)
    if (!rest.toLowerCase().startsWith(request.search)) continue
    const cut = rest.indexOf('/')
    if (cut < 0) {
      entries.push(objectEntry(rest, row))
      continue
    }
    const folder = rest.slice(0, cut)
    if (folders.has(folder)) continue
    folders.add(folder)
    entries.push(folderEntry(folder))
  }
  const { column, descending } = request
  entries.sort((a, b) => {
    if (column !== 'name' && (a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
    const x = String(a[column] ?? '')
    const y = String(b[column] ?? '')
    const order = x < y ? -1 : x > y ? 1 : 0
    return descending ? -order : order
  })
  return entries.slice(request.offset, request.offset + request.limit)
}
