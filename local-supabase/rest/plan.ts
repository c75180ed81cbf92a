/**
 * The plan (PostgREST's Plan.hs): what a request reads, writes or calls,
 * resolved against the schema cache before any SQL is built. The builders
 * (read.ts, mutate.ts, call.ts) turn a plan into statements without looking
 * anything up.
 */
import { parseError, RestError, unsupported } from './errors.ts'
import { chooseFunction, type CallRequest, type Chosen } from './find-function.ts'
import { returnsRows, type CallPlan } from './call.ts'
import type { MutatePlan } from './mutate.ts'
import { parseColumnList } from './parse.ts'
import type { Prefer } from './prefer.ts'
import { parseQuery, RESERVED, type Query } from './query.ts'
import type { ReadPlan } from './read.ts'
import type { ApiRequest } from './request.ts'
import { checkColumn, checkEmbeds, checkFilters, resolveSelect } from './resolve.ts'
import { findRelation, type Relation, type SchemaCache } from './schema-cache.ts'
import { isRecord } from '../is-record.ts'

export type MutationMethod = 'POST' | 'PATCH' | 'DELETE'

export type Plan =
  | { kind: 'read'; read: ReadPlan }
  | { kind: 'mutate'; method: MutationMethod; mutate: MutatePlan }
  | { kind: 'call'; call: CallPlan }

/** The plan of one request on a table (or view) or a function. */
export function planRequest(cache: SchemaCache, request: ApiRequest, maxRows: number): Plan {
  return request.isRpc ? planRpc(cache, request) : planTable(cache, request, maxRows)
}

function planTable(cache: SchemaCache, request: ApiRequest, maxRows: number): Plan {
  const { schema, target, method } = request
  const relation = findRelation(cache, schema, target)
  if (!relation) {
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${target}' in the schema cache`,
    )
  }
  const stripNulls = request.negotiated.stripNulls
  if (method === 'GET' || method === 'HEAD') {
    const query = withRangeHeader(parseQuery(request.params), request.range)
    return { kind: 'read', read: planRead({ cache, schema, relation, query, maxRows, stripNulls }) }
  }
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
    checkWritable(request, method)
    const input: MutationInput = {
      cache,
      schema,
      relation,
      query: parseQuery(request.params),
      prefer: request.prefer,
      stripNulls,
      body: request.body,
      columns: request.params.get('columns'),
      onConflict: request.params.get('on_conflict'),
    }
    return { kind: 'mutate', method, mutate: planMutation(input, method) }
  }
  if (method === 'PUT') throw unsupported('PUT (single-row upsert)')
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}

function checkWritable(request: ApiRequest, method: MutationMethod) {
  if (request.prefer.return !== 'representation' && request.negotiated.single) {
    throw new RestError(
      406,
      'PGRST107',
      'None of these media types are available: application/vnd.pgrst.object+json',
    )
  }
  if (method !== 'DELETE' && request.body === undefined) {
    throw new RestError(
      415,
      'PGRST107',
      `None of these media types are available: ${request.contentType}`,
    )
  }
}

function planRpc(cache: SchemaCache, request: ApiRequest): Plan {
  const { method, body } = request
  if (method !== 'POST' && method !== 'GET' && method !== 'HEAD') {
    throw new RestError(405, 'PGRST101', 'Only GET, HEAD or POST are allowed for RPC')
  }
  const isJson = body !== undefined
  let args: Record<string, unknown> = {}
  if (method === 'POST' && isJson) {
    if (isRecord(body)) args = body
  } else if (method !== 'POST') {
    for (const [key, value] of request.params) if (!RESERVED.has(key)) args[key] = value
  }
  const call: CallRequest = {
    method,
    args,
    rawBody: request.bodyText,
    contentType: request.contentType,
    isJson,
  }
  const chosen = chooseFunction(cache, request.schema, request.target, call, RESERVED)
  const wholeBody = chosen.args.length === 1 && chosen.args[0]!.raw
  if (method === 'POST' && isJson && !isRecord(body) && !wholeBody) {
    throw unsupported('bulk RPC calls (array body)')
  }
  const query = parseQuery(
    request.params,
    new Set(method === 'POST' ? [] : chosen.fn.args.map((a) => a.name)),
  )
  const stripNulls = request.negotiated.stripNulls
  return { kind: 'call', call: planCall({ cache, chosen, query, stripNulls }) }
}

export type ReadInput = {
  cache: SchemaCache
  schema: string
  relation: Relation
  query: Query
  maxRows: number
  stripNulls: boolean
}

export function planRead({ cache, schema, relation, query, ...rest }: ReadInput): ReadPlan {
  checkEmbeds(query, relation.name)
  const select = resolveSelect(cache, schema, relation, query.select, query.embedOptions)
  checkFilters(cache, relation, query.conditions, query.order)
  return { relation, query, select, ...rest }
}

export type MutationInput = {
  cache: SchemaCache
  schema: string
  relation: Relation
  query: Query
  prefer: Prefer
  stripNulls: boolean
  /** The parsed JSON body (insert, update). */
  body?: unknown
  /** `columns=` and `on_conflict=` query parameters. */
  columns?: string | null
  onConflict?: string | null
}

export function planMutation(input: MutationInput, method: MutationMethod): MutatePlan {
  const { cache, relation, query, prefer } = input
  checkEmbeds(query, relation.name)
  if (method === 'POST') {
    if (query.conditions.length > 0) throw parseError('Filters are not allowed on insert')
    if (prefer.missing === 'default') throw unsupported('Prefer: missing=default')
  }
  const { rows, columns } = method === 'DELETE' ? { rows: [], columns: [] } : payload(input)
  let conflict: string[] = []
  if (method === 'POST') {
    if (columns.length === 0 && rows.length !== 1) {
      throw unsupported('inserting several empty objects')
    }
    if (prefer.resolution && columns.length > 0) conflict = conflictTarget(input)
  } else if (method === 'PATCH' && rows.length !== 1) {
    throw new RestError(400, 'PGRST102', 'A PATCH body must be a single JSON object')
  }
  // an empty PATCH changes nothing and is answered without a statement
  const writes = method !== 'PATCH' || columns.length > 0
  if (method !== 'POST' && writes) checkFilters(cache, relation, query.conditions)
  const select =
    prefer.return === 'representation' && writes
      ? resolveSelect(cache, input.schema, relation, query.select, query.embedOptions)
      : []
  return { relation, query, prefer, stripNulls: input.stripNulls, rows, columns, conflict, select }
}

function payload(input: MutationInput): { rows: Record<string, unknown>[]; columns: string[] } {
  const { body, relation } = input
  const rows: unknown[] = Array.isArray(body) ? body : [body ?? {}]
  if (!rows.every(isRecord)) {
    throw new RestError(400, 'PGRST102', 'All object keys must match')
  }
  const columns = input.columns
    ? parseColumnList(input.columns)
    : [...new Set(rows.flatMap((r) => Object.keys(r)))]
  for (const name of columns) {
    if (!relation.columns.includes(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
      )
    }
  }
  return { rows, columns }
}

function conflictTarget(input: MutationInput): string[] {
  const { relation } = input
  const target = input.onConflict ? parseColumnList(input.onConflict) : relation.primaryKey
  if (target.length === 0) throw parseError('on_conflict is required: the table has no primary key')
  for (const name of target) checkColumn(input.cache, relation, name)
  return target
}

export type CallInput = { cache: SchemaCache; chosen: Chosen; query: Query; stripNulls: boolean }

export function planCall({ cache, chosen, query, stripNulls }: CallInput): CallPlan {
  const { fn } = chosen
  const base = { chosen, query, stripNulls, relation: null, select: [] }
  if (fn.isVoid) return base
  if (!returnsRows(chosen)) {
    const hasQuery =
      query.conditions.length > 0 ||
      query.order.length > 0 ||
      query.limit !== null ||
      query.offset > 0 ||
      query.select.some((s) => s.kind !== 'star')
    if (hasQuery) throw unsupported(`select, filters or order on the scalar result of ${fn.name}`)
    return base
  }
  // PostgREST names embeds of a function's rows after the table it returns, else the function
  const tableName = fn.returnType.replace(/^.*\./, '').replaceAll('"', '')
  const relation =
    fn.returnKind === 'c' ? (findRelation(cache, fn.schema, tableName) ?? null) : null
  checkEmbeds(query, relation?.name ?? fn.name)
  const select = resolveSelect(
    cache,
    fn.schema,
    relation,
    query.select,
    query.embedOptions,
    `embedding on the result of ${fn.name}`,
  )
  checkFilters(cache, relation, query.conditions, query.order)
  return { ...base, relation, select }
}

/** Applies `Range: first-last` where the query string sets no limit or offset of its own. */
function withRangeHeader(query: Query, header: string | undefined): Query {
  if (!header) return query
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header)
  const first = Number(match?.[1])
  const last = match?.[2] ? Number(match[2]) : null
  if (!match || (last !== null && last < first)) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `Invalid Range header "${header}"`,
    )
  }
  if (query.limit !== null || query.offset > 0) return query
  return { ...query, offset: first, limit: last === null ? null : last - first + 1 }
}
