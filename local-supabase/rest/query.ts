/**
 * Request parsing: the query string of a PostgREST request as a plan input
 * (select tree, filters, order, paging, per-embed options). Names are checked
 * against the schema cache by the plan (resolve.ts), not here.
 */
import { parseError, unsupported } from './errors.ts'
import {
  parseFilter,
  parseLogic,
  parseNonNegativeInt,
  parseOrder,
  parseSelect,
  type Condition,
  type OrderTerm,
  type SelectItem,
} from './parse.ts'

/** Per-embed options from `<embed>.<col>=…`, `<embed>.order=…`, `<embed>.limit=…`. */
export type EmbedOptions = {
  conditions: Condition[]
  order: OrderTerm[]
  limit: number | null
  offset: number | null
}

export type Query = {
  select: SelectItem[]
  conditions: Condition[]
  order: OrderTerm[]
  limit: number | null
  offset: number
  embedOptions: Map<string, EmbedOptions>
}

/** Query parameters that are never filters. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])

/** Parses the query string; `skip` lists parameters that are function arguments (GET RPC). */
export function parseQuery(params: URLSearchParams, skip: Set<string> = new Set()): Query {
  const query: Query = {
    select: [{ kind: 'star' }],
    conditions: [],
    order: [],
    limit: null,
    offset: 0,
    embedOptions: new Map(),
  }
  const embed = (name: string) => {
    let options = query.embedOptions.get(name)
    if (!options) {
      options = { conditions: [], order: [], limit: null, offset: null }
      query.embedOptions.set(name, options)
    }
    return options
  }
  for (const [key, value] of params) {
    if (skip.has(key)) continue
    if (key === 'select') query.select = parseSelect(value)
    else if (key === 'order') query.order = parseOrder(value)
    else if (key === 'limit') query.limit = parseNonNegativeInt('limit', value)
    else if (key === 'offset') query.offset = parseNonNegativeInt('offset', value)
    else if (key === 'columns' || key === 'on_conflict') continue
    else if (/^(not\.)?(and|or)$/.test(key)) {
      query.conditions.push(
        parseLogic(key.endsWith('or') ? 'or' : 'and', key.startsWith('not.'), value),
      )
    } else if (key.includes('->')) {
      throw unsupported(`JSON path filter ${key}`)
    } else if (key.includes('.')) {
      const dot = key.indexOf('.')
      const name = key.slice(0, dot)
      const rest = key.slice(dot + 1)
      if (rest.includes('.')) throw unsupported(`nested embedded parameter ${key}`)
      const options = embed(name)
      if (rest === 'order') options.order = parseOrder(value)
      else if (rest === 'limit') options.limit = parseNonNegativeInt(key, value)
      else if (rest === 'offset') options.offset = parseNonNegativeInt(key, value)
      else if (rest === 'or' || rest === 'and')
        options.conditions.push(parseLogic(rest, false, value))
      else options.conditions.push(parseFilter(rest, value))
    } else {
      if (key === '') throw parseError('failed to parse filter: empty column name')
      query.conditions.push(parseFilter(key, value))
    }
  }
  return query
}
