/**
 * REST at /rest/v1 with PostgREST semantics: every request is one transaction
 * run as the JWT's role with request.jwt.claims and the other request settings,
 * so Postgres (grants and RLS) decides what is seen and done.
 */
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import type { Queryable } from '../db/types.ts'
import { JwtError, resolveApiRole, type VerifiedRequest } from '../keys.ts'
import { parseError, RestError, toRestError, unsupported } from './errors.ts'
import {
  parseColumnList,
  parseFilter,
  parseLogic,
  parseNonNegativeInt,
  parseOrder,
  parseSelect,
  type Condition,
  type OrderTerm,
  type SelectItem,
} from './parse.ts'
import {
  findFunctions,
  findRelation,
  loadSchemaCache,
  type DbFunction,
  type Relation,
  type SchemaCache,
} from './schema-cache.ts'
import {
  conditionSql,
  ident,
  orderSql,
  Params,
  selectListSql,
  type EmbedOptions,
  type SelectContext,
} from './sql.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])

type Prefer = {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | null
  rollback: boolean
  applied: string[]
}

type Query = {
  select: SelectItem[]
  conditions: Condition[]
  order: OrderTerm[]
  limit: number | null
  offset: number
  embedOptions: Map<string, EmbedOptions>
}

type Reply = { status: number; body: string | null; headers: Record<string, string> }

class Rollback extends Error {
  constructor(readonly reply: Reply) {
    super('rollback')
  }
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
  app.all('/', (c) => errorReply(c, unsupported('the OpenAPI root'), 'anon'))
  app.all('/rpc/:fn', (c) => serve(c, c.req.param('fn'), true))
  app.all('/:table', (c) => serve(c, c.req.param('table'), false))
  app.all('*', (c) => errorReply(c, parseError(`Unsupported path ${c.req.path}`), 'anon'))

  async function serve(c: Context, target: string, isRpc: boolean): Promise<Response> {
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
      const single = wantsSingle(c.req.header('accept'))
      const url = new URL(c.req.url)
      const bodyText = ['POST', 'PATCH', 'PUT'].includes(method) ? await c.req.text() : ''
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
      const headersJson = JSON.stringify(requestHeaders)
      const reply = await db
        .transaction(async (tx) => {
          if (method === 'GET' || method === 'HEAD') await tx.exec('set transaction read only')
          await tx.query(
            `select set_config('search_path', $1, true), set_config('role', $2, true),
                    set_config('request.jwt.claims', $3, true), set_config('request.method', $4, true),
                    set_config('request.path', $5, true), set_config('request.headers', $6, true),
                    set_config('request.cookies', $7, true)`,
            [
              [schema, ...config.rest.extraSearchPath.filter((s) => s !== schema)]
                .map(ident)
                .join(', '),
              auth.role,
              JSON.stringify(auth.claims),
              method,
              isRpc ? `/rpc/${target}` : `/${target}`,
              headersJson,
              JSON.stringify(parseCookies(c.req.header('cookie'))),
            ],
          )
          const input = {
            tx,
            cache: cached,
            schema,
            target,
            prefer,
            single,
            params: url.searchParams,
            bodyText,
            method,
          }
          const result = isRpc ? await rpc(input) : await table(input)
          if (prefer.rollback) throw new Rollback(result)
          return result
        })
        .catch((error: unknown) => {
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

  type Input = {
    tx: Queryable
    cache: SchemaCache
    schema: string
    target: string
    prefer: Prefer
    single: boolean
    params: URLSearchParams
    bodyText: string
    method: string
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
    const query = parseQuery(input.params, new Set())
    if (method === 'GET' || method === 'HEAD') return read(input, relation, query)
    if (method === 'POST') return insert(input, relation, query)
    if (method === 'PATCH') return update(input, relation, query)
    if (method === 'DELETE') return remove(input, relation, query)
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  }

  function parseQuery(params: URLSearchParams, skip: Set<string>): Query {
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
        if (key.includes('->')) throw unsupported(`JSON path filter ${key}`)
        query.conditions.push(parseFilter(key, value))
      }
    }
    return query
  }

  function selectContext(input: Input, query: Query, params: Params): SelectContext {
    let n = 0
    return {
      cache: input.cache,
      schema: input.schema,
      params,
      embedOptions: query.embedOptions,
      innerConditions: [],
      nextAlias: () => `_t${++n}`,
    }
  }

  function checkEmbedOptions(query: Query) {
    const names = new Set<string>()
    for (const item of query.select)
      if (item.kind === 'embed') names.add(item.alias ?? item.relation).add(item.relation)
    for (const name of query.embedOptions.keys()) {
      if (!names.has(name)) {
        throw new RestError(
          400,
          'PGRST108',
          `'${name}' is not an embedded resource in this request`,
          null,
          `Verify that '${name}' is included in the 'select' query parameter.`,
        )
      }
    }
  }

  /** Wraps rows as the JSON body: count, array text and first element. */
  async function rowsAsJson(tx: Queryable, sql: string, values: unknown[], withClause = '') {
    const { rows } = await tx.query<{ n: number; body: string; first: string | null }>(
      `${withClause}select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body, (json_agg(_r)->0)::text as first from (${sql}) _r`,
      values,
    )
    return rows[0] ?? { n: 0, body: '[]', first: null }
  }

  function jsonReply(
    status: number,
    rows: { n: number; body: string; first: string | null },
    single: boolean,
    headers: Record<string, string> = {},
  ): Reply {
    if (single) {
      if (rows.n !== 1) throw singleError(rows.n)
      return { status, body: rows.first, headers: { 'Content-Type': OBJECT_TYPE, ...headers } }
    }
    return { status, body: rows.body, headers: { 'Content-Type': JSON_TYPE, ...headers } }
  }

  async function read(input: Input, relation: Relation, query: Query): Promise<Reply> {
    checkEmbedOptions(query)
    const params = new Params()
    const sctx = selectContext(input, query, params)
    const alias = '_t0'
    const columns = selectListSql(sctx, relation, alias, query.select)
    const where = [
      ...query.conditions.map((c) => conditionSql(c, alias, params)),
      ...sctx.innerConditions,
    ]
    const whereSql = where.length > 0 ? ` where ${where.join(' and ')}` : ''
    const from = `${ident(relation.schema)}.${ident(relation.name)} as ${alias}`
    const limit = Math.min(query.limit ?? config.rest.maxRows, config.rest.maxRows)
    const sql = `select ${columns} from ${from}${whereSql}${orderSql(query.order, alias)} limit ${limit} offset ${query.offset}`
    const rows = await rowsAsJson(input.tx, sql, params.values)
    let total: number | null = null
    if (input.prefer.count) {
      const counted = await input.tx.query<{ total: number }>(
        `select count(*)::int as total from ${from}${whereSql}`,
        params.values,
      )
      total = counted.rows[0]?.total ?? 0
    }
    const first = query.offset
    const range =
      rows.n > 0 ? `${first}-${first + rows.n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`
    if (total !== null && total > 0 && first >= total && first > 0) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${first} was requested, but there are only ${total} rows.`,
      )
    }
    const partial = total !== null && rows.n < total
    return jsonReply(partial ? 206 : 200, rows, input.single, {
      'Content-Range': range,
      'Content-Location': `/${relation.name}`,
    })
  }

  function payload(
    input: Input,
    relation: Relation,
  ): { rows: Record<string, unknown>[]; columns: string[] } {
    let body: unknown
    try {
      body = input.bodyText.trim() === '' ? {} : JSON.parse(input.bodyText)
    } catch {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json')
    }
    const rows = Array.isArray(body) ? body : [body]
    if (!rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
      throw new RestError(400, 'PGRST102', 'All object keys must match')
    }
    const records = rows as Record<string, unknown>[]
    const listed = input.params.get('columns')
    const columns = listed
      ? parseColumnList(listed)
      : [...new Set(records.flatMap((r) => Object.keys(r)))]
    for (const column of columns) {
      if (!relation.columns.includes(column)) {
        throw new RestError(
          400,
          'PGRST204',
          `Could not find the '${column}' column of '${relation.name}' in the schema cache`,
        )
      }
    }
    return { rows: records, columns }
  }

  async function mutationReply(
    input: Input,
    relation: Relation,
    query: Query,
    mutation: string,
    values: Params,
    okStatus: number,
  ): Promise<Reply> {
    const { prefer } = input
    const representation = prefer.return === 'representation'
    if (!representation) {
      if (input.single)
        throw new RestError(
          406,
          'PGRST107',
          'None of these media types are available: application/vnd.pgrst.object+json',
        )
      const result = await input.tx.query(mutation, values.values)
      const count = result.affectedRows ?? 0
      const headers: Record<string, string> = { 'Content-Range': `*/${prefer.count ? count : '*'}` }
      return { status: okStatus === 201 ? 201 : 204, body: null, headers }
    }
    checkEmbedOptions(query)
    const sctx = selectContext(input, query, values)
    const columns = selectListSql(sctx, relation, '_t0', query.select)
    const sql = `select ${columns} from _m as _t0`
    const rows = await rowsAsJson(
      input.tx,
      sql,
      values.values,
      // _t0.*: an update's FROM source would otherwise add its own (null) columns
      `with _m as (${mutation} returning _t0.*) `,
    )
    const range = `*/${prefer.count ? rows.n : '*'}`
    return jsonReply(okStatus === 201 ? 201 : 200, rows, input.single, { 'Content-Range': range })
  }

  async function insert(input: Input, relation: Relation, query: Query): Promise<Reply> {
    if (query.conditions.length > 0) throw parseError('Filters are not allowed on insert')
    const { rows, columns } = payload(input, relation)
    const params = new Params()
    const table = `${ident(relation.schema)}.${ident(relation.name)}`
    if (columns.length === 0) {
      const sql = rows.map(() => `insert into ${table} as _t0 default values`)
      if (rows.length !== 1) throw unsupported('inserting several empty objects')
      return mutationReply(input, relation, query, sql[0]!, params, 201)
    }
    const list = columns.map(ident).join(', ')
    const source = params.add(JSON.stringify(rows))
    const projection = input.prefer.missing === 'default' ? columns.map(ident).join(', ') : list
    let sql = `insert into ${table} as _t0 (${list}) select ${projection} from json_populate_recordset(null::${table}, ${source}::json) _src`
    if (input.prefer.resolution) {
      const onConflict = input.params.get('on_conflict')
      const target = onConflict ? parseColumnList(onConflict) : relation.primaryKey
      if (target.length === 0)
        throw parseError('on_conflict is required: the table has no primary key')
      if (input.prefer.resolution === 'ignore-duplicates') {
        sql += ` on conflict (${target.map(ident).join(', ')}) do nothing`
      } else {
        const updates = columns.filter((c) => !target.includes(c))
        sql +=
          updates.length === 0
            ? ` on conflict (${target.map(ident).join(', ')}) do nothing`
            : ` on conflict (${target.map(ident).join(', ')}) do update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
      }
    }
    if (input.prefer.missing === 'default') throw unsupported('Prefer: missing=default')
    return mutationReply(input, relation, query, sql, params, 201)
  }

  async function update(input: Input, relation: Relation, query: Query): Promise<Reply> {
    const { rows, columns } = payload(input, relation)
    if (rows.length !== 1)
      throw new RestError(400, 'PGRST102', 'A PATCH body must be a single JSON object')
    const params = new Params()
    const table = `${ident(relation.schema)}.${ident(relation.name)}`
    if (columns.length === 0)
      return { status: 204, body: null, headers: { 'Content-Range': '*/*' } }
    const source = params.add(JSON.stringify(rows[0]))
    const where = query.conditions.map((c) => conditionSql(c, '_t0', params))
    const sql = `update ${table} as _t0 set ${columns.map((c) => `${ident(c)} = _src.${ident(c)}`).join(', ')} from json_populate_record(null::${table}, ${source}::json) _src${where.length ? ` where ${where.join(' and ')}` : ''}`
    return mutationReply(input, relation, query, sql.replace(/ returning \*$/, ''), params, 200)
  }

  async function remove(input: Input, relation: Relation, query: Query): Promise<Reply> {
    const params = new Params()
    const table = `${ident(relation.schema)}.${ident(relation.name)}`
    const where = query.conditions.map((c) => conditionSql(c, '_t0', params))
    const sql = `delete from ${table} as _t0${where.length ? ` where ${where.join(' and ')}` : ''}`
    return mutationReply(input, relation, query, sql, params, 200)
  }

  async function rpc(input: Input): Promise<Reply> {
    const { cache, schema, target, method } = input
    let args: Record<string, unknown>
    if (method === 'POST') {
      try {
        const parsed: unknown = input.bodyText.trim() === '' ? {} : JSON.parse(input.bodyText)
        args =
          typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
        if (Array.isArray(parsed)) throw unsupported('bulk RPC calls (array body)')
      } catch (error) {
        if (error instanceof RestError) throw error
        throw new RestError(400, 'PGRST102', 'Empty or invalid json')
      }
    } else if (method === 'GET' || method === 'HEAD') {
      args = {}
    } else {
      throw new RestError(405, 'PGRST101', 'Only GET, HEAD or POST are allowed for RPC')
    }
    const candidates = findFunctions(cache, schema, target)
    const getArgs = (fn: DbFunction) => {
      if (method === 'POST') return args
      const fromQuery: Record<string, unknown> = {}
      for (const arg of fn.args) {
        const value = input.params.get(arg.name)
        if (value !== null) fromQuery[arg.name] = value
      }
      return fromQuery
    }
    const fn = candidates.find((f) => matches(f, getArgs(f)))
    if (!fn) {
      const names = Object.keys(method === 'POST' ? args : Object.fromEntries(input.params)).filter(
        (k) => !RESERVED.has(k),
      )
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function ${schema}.${target}${names.length ? `(${names.sort().join(', ')})` : ' without parameters'} in the schema cache`,
        `Searched for the function ${schema}.${target} with parameters ${names.sort().join(', ') || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      )
    }
    const callArgs = getArgs(fn)
    if (method === 'GET' || method === 'HEAD') {
      // query parameters that are not arguments are filters on the result
    }
    const params = new Params()
    const argSql = fn.args
      .filter((a) => a.name === '' || a.name in callArgs)
      .map((a) => {
        if (a.name === '') return `${params.add(input.bodyText || '{}')}::${a.type}`
        return `${ident(a.name)} := ${argExpression(a, callArgs[a.name], params)}`
      })
    const call = `${ident(fn.schema)}.${ident(fn.name)}(${argSql.join(', ')})`
    const query = parseQuery(
      input.params,
      new Set(method === 'POST' ? [] : fn.args.map((a) => a.name)),
    )
    if (fn.isVoid) {
      await input.tx.query(`select ${call}`, params.values)
      return { status: 204, body: null, headers: {} }
    }
    if (fn.returnsSet || fn.returnKind === 'c') {
      const sctx = selectContext(input, query, params)
      const relation = findRelation(
        cache,
        fn.schema,
        fn.returnType.replace(/^.*\./, '').replaceAll('"', ''),
      )
      const hasEmbeds = query.select.some((s) => s.kind === 'embed')
      if (hasEmbeds && !relation) throw unsupported('embedding on the result of this function')
      const columns = relation
        ? selectListSql(sctx, relation, '_t0', query.select)
        : query.select
            .map((s) =>
              s.kind === 'column' ? `_t0.${ident(s.name)} as ${ident(s.alias ?? s.name)}` : '_t0.*',
            )
            .join(', ')
      const where = query.conditions.map((c) => conditionSql(c, '_t0', params))
      const limit = query.limit !== null ? ` limit ${query.limit}` : ''
      const offset = query.offset ? ` offset ${query.offset}` : ''
      const sql = `select ${columns} from ${call} as _t0${where.length ? ` where ${where.join(' and ')}` : ''}${orderSql(query.order, '_t0')}${limit}${offset}`
      const rows = await rowsAsJson(input.tx, sql, params.values)
      if (!fn.returnsSet) {
        if (input.single && rows.n !== 1) throw singleError(rows.n)
        return {
          status: 200,
          body: rows.first ?? 'null',
          headers: { 'Content-Type': input.single ? OBJECT_TYPE : JSON_TYPE },
        }
      }
      return jsonReply(200, rows, input.single, {
        'Content-Range': rows.n > 0 ? `0-${rows.n - 1}/*` : '*/*',
      })
    }
    const { rows } = await input.tx.query<{ body: string }>(
      `select to_json(${call})::text as body`,
      params.values,
    )
    return { status: 200, body: rows[0]?.body ?? 'null', headers: { 'Content-Type': JSON_TYPE } }
  }

  function errorReply(c: Context, error: unknown, role: string): Response {
    const restError = toRestError(error, role)
    if (restError.status >= 500) ctx.log.error({ err: error, path: c.req.path }, 'rest: error')
    return new Response(JSON.stringify(restError.body()), {
      status: restError.status,
      headers: {
        'Content-Type': JSON_TYPE,
        'Proxy-Status': `PostgREST; error=${restError.code}`,
        ...restError.headers,
      },
    })
  }

  return app
}

function matches(fn: DbFunction, args: Record<string, unknown>): boolean {
  const names = Object.keys(args)
  if (
    fn.args.length === 1 &&
    fn.args[0]!.name === '' &&
    ['json', 'jsonb'].includes(fn.args[0]!.type)
  )
    return true
  if (!names.every((n) => fn.args.some((a) => a.name === n))) return false
  return fn.args.every((a) => a.hasDefault || names.includes(a.name))
}

function argExpression(arg: DbFunction['args'][number], value: unknown, params: Params): string {
  if (value === null || value === undefined) return `null::${arg.type}`
  if (arg.type === 'json' || arg.type === 'jsonb')
    return `${params.add(JSON.stringify(value))}::${arg.type}`
  if (arg.isArray && Array.isArray(value)) {
    const element = arg.type.replace(/\[\]$/, '')
    return `array(select _e::${element} from json_array_elements_text(${params.add(JSON.stringify(value))}::json) _e)::${arg.type}`
  }
  if (arg.category === 'C' && typeof value === 'object') {
    return `json_populate_record(null::${arg.type}, ${params.add(JSON.stringify(value))}::json)`
  }
  return `${params.add(typeof value === 'object' ? JSON.stringify(value) : String(value))}::${arg.type}`
}

function singleError(n: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  )
}

function wantsSingle(accept: string | undefined): boolean {
  if (!accept) return false
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase())
  if (
    types.includes('application/vnd.pgrst.object+json') ||
    types.includes('application/vnd.pgrst.object')
  )
    return true
  const supported = ['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json']
  if (types.some((t) => supported.includes(t)) || types.every((t) => t === '')) return false
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}

function parsePrefer(header: string | undefined): Prefer {
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
    if (
      key === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
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
    } else if (key === 'tx' && (value === 'rollback' || value === 'commit')) {
      prefer.rollback = value === 'rollback'
      prefer.applied.push(item)
    } else if (
      key === 'handling' ||
      key === 'timezone' ||
      key === 'max-affected' ||
      key === 'params'
    ) {
      if (key === 'handling' && value === 'lenient') continue
      throw unsupported(`Prefer: ${item}`)
    }
  }
  return prefer
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
