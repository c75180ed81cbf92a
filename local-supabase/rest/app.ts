/**
 * REST at /rest/v1 with PostgREST semantics: every request is one transaction
 * run as the JWT's role with request.jwt.claims and the other request settings
 * (roles.ts), so Postgres (grants and RLS) decides what is seen and done.
 *
 * Request parsing: prefer.ts, negotiate.ts, query.ts (parse.ts underneath).
 * Plan to SQL: read.ts, mutate.ts, call.ts (sql.ts underneath). Reply: reply.ts.
 */
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import { laneOfHeaders } from '../db/queue.ts'
import { inLane, requestStarted, type Lane, type Queryable, type Statement } from '../db/types.ts'
import { JwtError, resolveApiRole, type VerifiedRequest } from '../keys.ts'
import { BodyTooLarge, jsonDepth, MAX_JSON_DEPTH, readLimitedText } from '../request-limits.ts'
import { roleStatement } from '../roles.ts'
import { buildCall, chooseFunction, type CallRequest } from './call.ts'
import { parseError, RestError, unsupported } from './errors.ts'
import {
  buildMutation,
  deleteMutation,
  insertMutation,
  updateMutation,
  type MutatePlan,
} from './mutate.ts'
import { negotiate, type Negotiated } from './negotiate.ts'
import { transactionWithin } from './deadline.ts'
import { parsePrefer, type Prefer } from './prefer.ts'
import { parseQuery, RESERVED, type Query } from './query.ts'
import { buildRead } from './read.ts'
import {
  contentRange,
  errorResponse,
  rowsReply,
  singleError,
  type BodyRow,
  type Reply,
} from './reply.ts'
import {
  findFunctions,
  findRelation,
  loadSchemaCache,
  type Relation,
  type SchemaCache,
} from './schema-cache.ts'
import { ident } from './sql.ts'

class Rollback extends Error {
  constructor(readonly reply: Reply) {
    super('rollback')
  }
}

/** What one request brings to the builders, once parsed. */
type Input = {
  tx: Queryable
  cache: SchemaCache
  schema: string
  target: string
  prefer: Prefer
  negotiated: Negotiated
  params: URLSearchParams
  body: unknown
  bodyText: string
  contentType: string
  method: string
  /** The `Range` header (`0-9`, with `Range-Unit: items`), an alternative to limit/offset. */
  range: string | undefined
}

export function createRestApp(ctx: StackContext): Hono {
  const { db, config } = ctx
  let cache: Promise<SchemaCache> | null = null
  const schemaCache = (reload = false) => {
    if (!cache || reload) cache = loadSchemaCache(db, config.rest.schemas)
    return cache
  }
  void db.listen('pgrst', () => {
    cache = null
  })

  const app = new Hono()
  // `/rest/v1` and `/rest/v1/` (an empty last segment) are both PostgREST's root
  const openApiRoot = (c: Context) => errorReply(c, unsupported('the OpenAPI root'), 'anon')
  app.all('/', openApiRoot)
  app.all('/:empty{^$}', openApiRoot)
  app.all('/rpc/:fn', (c) => serve(c, c.req.param('fn'), true))
  app.all('/:table', (c) => serve(c, c.req.param('table'), false))
  app.all('*', (c) => errorReply(c, parseError(`Unsupported path ${c.req.path}`), 'anon'))

  async function serve(c: Context, target: string, isRpc: boolean): Promise<Response> {
    const lane = laneOfHeaders(c.req.raw.headers)
    // background work waits while a request is being served, not only while its statements wait
    const ended = lane === 'request' ? requestStarted(db) : () => undefined
    try {
      return await serveIn(c, target, isRpc, lane)
    } finally {
      ended()
    }
  }

  async function serveIn(
    c: Context,
    target: string,
    isRpc: boolean,
    lane: Lane,
  ): Promise<Response> {
    let auth: VerifiedRequest
    try {
      auth = await resolveApiRole(c.req.raw.headers, config)
    } catch (error) {
      return errorReply(c, jwtError(error), 'anon')
    }
    try {
      const method = c.req.method
      const schema = profile(c, method)
      const prefer = parsePrefer(c.req.header('prefer'))
      const negotiated = negotiate(c.req.header('accept'))
      const url = new URL(c.req.url)
      const contentType = c.req.header('content-type') ?? 'application/json'
      const bodyText = ['POST', 'PATCH', 'PUT'].includes(method) ? await readBody(c.req.raw) : ''
      const body = isJsonType(contentType) ? parseJsonBody(bodyText) : undefined
      let cached = await schemaCache()
      if (
        isRpc
          ? findFunctions(cached, schema, target).length === 0
          : !findRelation(cached, schema, target)
      ) {
        cached = await schemaCache(true)
      }
      const requestHeaders: Record<string, string> = {}
      c.req.raw.headers.forEach((value, name) => {
        requestHeaders[name.toLowerCase()] = value
      })
      const timeoutMs = config.restStatementTimeoutSeconds * 1000
      const role = roleStatement({
        role: auth.role,
        claims: auth.claims,
        settings: {
          search_path: [schema, ...config.rest.extraSearchPath.filter((s) => s !== schema)]
            .map(ident)
            .join(', '),
          statement_timeout: String(timeoutMs),
          // GET and HEAD never write, as PostgREST runs them (25006 → 405)
          ...(method === 'GET' || method === 'HEAD' ? { transaction_read_only: 'on' } : {}),
          'request.method': method,
          'request.path': isRpc ? `/rpc/${target}` : `/${target}`,
          'request.headers': JSON.stringify(requestHeaders),
          'request.cookies': JSON.stringify(parseCookies(c.req.header('cookie'))),
        },
      })
      const reply = await transactionWithin(
        inLane(db, lane),
        timeoutMs,
        async (tx) => {
          const input: Input = {
            tx,
            cache: cached,
            schema,
            target,
            prefer,
            negotiated,
            params: url.searchParams,
            body,
            bodyText,
            contentType,
            method,
            range: c.req.header('range'),
          }
          const result = isRpc ? await rpc(input) : await table(input)
          if (prefer.rollback) throw new Rollback(result)
          return result
        },
        {
          prelude: role,
          // a call is one statement, committed as it ends, unless a count
          // follows it or its result may still roll it back
          singleStatement: isRpc && !prefer.count && !prefer.rollback && !negotiated.single,
        },
      ).catch((error: unknown) => {
        if (error instanceof Rollback) return error.reply
        throw error
      })
      if (prefer.applied.length > 0) reply.headers['Preference-Applied'] = prefer.applied.join(', ')
      if (c.req.header('accept-profile') || c.req.header('content-profile'))
        reply.headers['Content-Profile'] = schema
      return new Response(method === 'HEAD' ? null : reply.body, {
        status: reply.status,
        headers: reply.headers,
      })
    } catch (error) {
      return errorReply(c, error, auth.role)
    }
  }

  function profile(c: Context, method: string): string {
    const header =
      method === 'GET' || method === 'HEAD'
        ? c.req.header('accept-profile')
        : c.req.header('content-profile')
    const schema = header?.trim() || config.rest.schemas[0]!
    if (!config.rest.schemas.includes(schema)) {
      throw new RestError(
        406,
        'PGRST106',
        `Invalid schema: ${schema}`,
        null,
        `Only the following schemas are exposed: ${config.rest.schemas.join(', ')}`,
      )
    }
    return schema
  }

  async function table(input: Input): Promise<Reply> {
    const { cache, schema, target, method } = input
    const relation = findRelation(cache, schema, target)
    if (!relation) {
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table '${schema}.${target}' in the schema cache`,
      )
    }
    if (method === 'GET' || method === 'HEAD') return read(input, relation)
    if (method === 'POST' || method === 'PATCH' || method === 'DELETE')
      return mutate(input, relation)
    if (method === 'PUT') throw unsupported('PUT (single-row upsert)')
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  }

  async function read(input: Input, relation: Relation): Promise<Reply> {
    const query = withRangeHeader(parseQuery(input.params), input.range)
    const built = buildRead({
      cache: input.cache,
      schema: input.schema,
      relation,
      query,
      maxRows: config.rest.maxRows,
      stripNulls: input.negotiated.stripNulls,
    })
    const rows = await bodyRow(input.tx, built.page)
    const total = input.prefer.count
      ? await countRows(input.tx, built.count, input.prefer.count)
      : null
    const first = query.offset
    if (total !== null && first > 0 && first >= total && rows.n === 0) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${first} was requested, but there are only ${total} rows.`,
      )
    }
    const partial = total !== null && rows.n < total
    return rowsReply(partial ? 206 : 200, rows, input.negotiated, {
      'Content-Range': contentRange(first, rows.n, total),
      'Content-Location': `/${relation.name}`,
    })
  }

  async function mutate(input: Input, relation: Relation): Promise<Reply> {
    const { prefer, method } = input
    const representation = prefer.return === 'representation'
    if (!representation && input.negotiated.single) {
      throw new RestError(
        406,
        'PGRST107',
        'None of these media types are available: application/vnd.pgrst.object+json',
      )
    }
    if (method !== 'DELETE' && input.body === undefined) {
      throw new RestError(
        415,
        'PGRST107',
        `None of these media types are available: ${input.contentType}`,
      )
    }
    const plan: MutatePlan = {
      cache: input.cache,
      schema: input.schema,
      relation,
      query: parseQuery(input.params),
      prefer,
      stripNulls: input.negotiated.stripNulls,
      body: input.body,
      columns: input.params.get('columns'),
      onConflict: input.params.get('on_conflict'),
    }
    const mutation =
      method === 'POST'
        ? insertMutation(plan)
        : method === 'PATCH'
          ? updateMutation(plan)
          : deleteMutation(plan)
    if (!mutation) {
      // PATCH with an empty object: nothing to change
      return representation
        ? rowsReply(200, { n: 0, body: '[]', first: null }, input.negotiated, {
            'Content-Range': '*/*',
          })
        : { status: 204, body: null, headers: { 'Content-Range': '*/*' } }
    }
    const { rows } = await input.tx.query<BodyRow & { inserted: number }>(
      ...statementArgs(buildMutation(plan, mutation)),
    )
    const row = rows[0] ?? { n: 0, inserted: 0, body: '[]', first: null }
    // Upserts that inserted nothing (every row already there) answer 200, as PostgREST.
    const created =
      method === 'POST' &&
      !(prefer.resolution === 'merge-duplicates' && row.n > 0 && row.inserted === 0)
    const range = `*/${prefer.count ? row.n : '*'}`
    if (!representation) {
      return {
        status: method === 'POST' ? (created ? 201 : 200) : 204,
        body: null,
        headers: { 'Content-Range': range },
      }
    }
    return rowsReply(created ? 201 : 200, row, input.negotiated, { 'Content-Range': range })
  }

  async function rpc(input: Input): Promise<Reply> {
    const { cache, schema, target, method } = input
    if (method !== 'POST' && method !== 'GET' && method !== 'HEAD') {
      throw new RestError(405, 'PGRST101', 'Only GET, HEAD or POST are allowed for RPC')
    }
    const isJson = input.body !== undefined
    let args: Record<string, unknown> = {}
    if (method === 'POST' && isJson) {
      if (isObject(input.body)) args = input.body
    } else if (method !== 'POST') {
      for (const [key, value] of input.params) if (!RESERVED.has(key)) args[key] = value
    }
    const request: CallRequest = {
      method,
      args,
      rawBody: input.bodyText,
      contentType: input.contentType,
      isJson,
    }
    const chosen = chooseFunction(cache, schema, target, request, RESERVED)
    const wholeBody = chosen.args.length === 1 && chosen.args[0]!.raw
    if (method === 'POST' && isJson && !isObject(input.body) && !wholeBody) {
      throw unsupported('bulk RPC calls (array body)')
    }
    const query = parseQuery(
      input.params,
      new Set(method === 'POST' ? [] : chosen.fn.args.map((a) => a.name)),
    )
    const built = buildCall({
      cache,
      chosen,
      query,
      stripNulls: input.negotiated.stripNulls,
    })
    if (built.shape === 'void') {
      await input.tx.query(...statementArgs(built.call))
      return { status: 204, body: null, headers: {} }
    }
    if (built.shape === 'scalar') {
      const { rows } = await input.tx.query<{ body: string | null }>(
        ...statementArgs(built.call),
        { reusable: true }, // its one column is the result as JSON text
      )
      const total = input.prefer.count ? 1 : null
      return {
        status: 200,
        body: rows[0]?.body ?? 'null',
        headers: {
          'Content-Type': input.negotiated.contentType,
          'Content-Range': contentRange(0, 1, total),
        },
      }
    }
    const rows = await bodyRow(input.tx, built.call)
    if (built.shape === 'object') {
      if (input.negotiated.single && rows.n !== 1) throw singleError(rows.n)
      return {
        status: 200,
        body: rows.first ?? 'null',
        headers: {
          'Content-Type': input.negotiated.contentType,
          'Content-Range': contentRange(0, rows.n, input.prefer.count ? rows.n : null),
        },
      }
    }
    const total =
      input.prefer.count && built.count
        ? await countRows(input.tx, built.count, input.prefer.count)
        : null
    const partial = total !== null && rows.n < total
    return rowsReply(partial ? 206 : 200, rows, input.negotiated, {
      'Content-Range': contentRange(query.offset, rows.n, total),
    })
  }

  /** `Prefer: count=…`: exact counts every row; planned is the planner's estimate; estimated is exact up to max-rows. */
  async function countRows(
    tx: Queryable,
    statement: Statement,
    kind: NonNullable<Prefer['count']>,
  ): Promise<number> {
    const exact = async () => {
      const { rows } = await tx.query<{ total: number }>(
        `select count(*)::int as total from (${statement.sql}) _c`,
        statement.params,
      )
      return rows[0]?.total ?? 0
    }
    if (kind === 'exact') return exact()
    const { rows } = await tx.query<{ plan: unknown }>(
      `explain (format json) ${statement.sql}`,
      statement.params,
    )
    const planned = planRows(rows[0])
    if (kind === 'estimated' && planned <= config.rest.maxRows) return exact()
    return planned
  }

  function errorReply(c: Context, error: unknown, role: string): Response {
    const { response, error: restError } = errorResponse(error, role)
    if (restError.status >= 500) ctx.log.error({ err: error, path: c.req.path }, 'rest: error')
    return response
  }

  return app
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

function statementArgs(statement: Statement): [sql: string, params?: unknown[]] {
  return [statement.sql, statement.params]
}

/** Runs one of the builders' body statements: its columns are always n, body and first. */
async function bodyRow(tx: Queryable, statement: Statement): Promise<BodyRow> {
  const { rows } = await tx.query<BodyRow>(statement.sql, statement.params, { reusable: true })
  return rows[0] ?? { n: 0, body: '[]', first: null }
}

/** "Plan Rows" of `explain (format json)`, whatever the driver made of the JSON column. */
function planRows(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

async function readBody(request: Request): Promise<string> {
  try {
    return await readLimitedText(request)
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new RestError(413, 'PGRST102', 'Payload Too Large', error.message)
    }
    throw error
  }
}

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return type === '' || type === 'application/json' || type.endsWith('+json')
}

function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {}
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new RestError(
      400,
      'PGRST102',
      'Empty or invalid json',
      `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
    )
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return cookies
}

function jwtError(error: unknown): RestError {
  const message = error instanceof Error ? error.message : 'JWT invalid'
  const expired = error instanceof JwtError && error.reason === 'expired'
  return new RestError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
  })
}
