/**
 * REST at /rest/v1 with PostgREST semantics, along PostgREST's own lines:
 * request (request.ts) → plan, resolved against the schema cache before any SQL
 * (plan.ts, resolve.ts, find-function.ts) → query, in one transaction run as
 * the JWT's role with request.jwt.claims and the other request settings
 * (roles.ts), so Postgres (grants and RLS) decides what is seen and done
 * (execute.ts, with read.ts, mutate.ts, call.ts and sql.ts building the SQL) →
 * reply (reply.ts).
 */
import { Hono, type Context } from 'hono'
import type { StackConfig } from '../config.ts'
import type { StackContext } from '../context.ts'
import { laneOfHeaders } from '../db/queue.ts'
import { inLane, requestStarted, type Lane } from '../db/types.ts'
import { JwtError, resolveApiRole, type VerifiedRequest } from '../keys.ts'
import { roleStatement } from '../roles.ts'
import { transactionWithin } from './deadline.ts'
import { parseError, RestError, unsupported } from './errors.ts'
import { execute } from './execute.ts'
import { planRequest, type Plan } from './plan.ts'
import { errorResponse, type Reply } from './reply.ts'
import { readApiRequest, type ApiRequest } from './request.ts'
import { findFunctions, findRelation, loadSchemaCache, type SchemaCache } from './schema-cache.ts'
import { ident } from './sql.ts'

class Rollback extends Error {
  constructor(readonly reply: Reply) {
    super('rollback')
  }
}

export function createRestApp(ctx: StackContext): Hono {
  const schemaCache = schemaCacheOf(ctx)
  const errorReply = (c: Context, error: unknown, role: string): Response => {
    const { response, error: restError } = errorResponse(error, role)
    if (restError.status >= 500) ctx.log.error({ err: error, path: c.req.path }, 'rest: error')
    return response
  }
  const serve = async (c: Context, target: string, isRpc: boolean): Promise<Response> => {
    const lane = laneOfHeaders(c.req.raw.headers)
    // background work waits while a request is being served, not only while its statements wait
    const ended = lane === 'request' ? requestStarted(ctx.db) : () => undefined
    let auth: VerifiedRequest | null = null
    try {
      auth = await authenticate(c, ctx.config)
      const request = await readApiRequest(c, ctx.config.rest.schemas, target, isRpc)
      const plan = planRequest(await schemaCache(request), request, ctx.config.rest.maxRows)
      return replyOf(request, await run(ctx, lane, auth, request, plan))
    } catch (error) {
      return errorReply(c, error, auth?.role ?? 'anon')
    } finally {
      ended()
    }
  }

  const app = new Hono()
  // `/rest/v1` and `/rest/v1/` (an empty last segment) are both PostgREST's root
  const openApiRoot = (c: Context) => errorReply(c, unsupported('the OpenAPI root'), 'anon')
  app.all('/', openApiRoot)
  app.all('/:empty{^$}', openApiRoot)
  app.all('/rpc/:fn', (c) => serve(c, c.req.param('fn'), true))
  app.all('/:table', (c) => serve(c, c.req.param('table'), false))
  app.all('*', (c) => errorReply(c, parseError(`Unsupported path ${c.req.path}`), 'anon'))
  return app
}

/**
 * The schema cache, loaded once and again after `notify pgrst`; a request
 * naming something it does not know reloads it first (a migration may have
 * just added it).
 */
function schemaCacheOf({ db, config }: StackContext) {
  let cache: Promise<SchemaCache> | null = null
  const load = (reload: boolean) => {
    if (!cache || reload) cache = loadSchemaCache(db, config.rest.schemas)
    return cache
  }
  void db.listen('pgrst', () => {
    cache = null
  })
  return async (request: ApiRequest): Promise<SchemaCache> => {
    const cached = await load(false)
    const { schema, target } = request
    const known = request.isRpc
      ? findFunctions(cached, schema, target).length > 0
      : Boolean(findRelation(cached, schema, target))
    return known ? cached : load(true)
  }
}

async function authenticate(c: Context, config: StackConfig): Promise<VerifiedRequest> {
  try {
    return await resolveApiRole(c.req.raw.headers, config)
  } catch (error) {
    throw jwtError(error)
  }
}

/**
 * Runs a plan in one transaction as the request's role, within the statement
 * timeout; `Prefer: tx=rollback` answers and rolls back.
 */
async function run(
  { db, config }: StackContext,
  lane: Lane,
  auth: VerifiedRequest,
  request: ApiRequest,
  plan: Plan,
): Promise<Reply> {
  const { prefer, negotiated } = request
  const timeoutMs = config.restStatementTimeoutSeconds * 1000
  const role = roleStatement({
    role: auth.role,
    claims: auth.claims,
    settings: requestSettings(config, request, timeoutMs),
  })
  return transactionWithin(
    inLane(db, lane),
    timeoutMs,
    async (tx) => {
      const reply = await execute(plan, { tx, prefer, negotiated, maxRows: config.rest.maxRows })
      if (prefer.rollback) throw new Rollback(reply)
      return reply
    },
    {
      prelude: role,
      // a call is one statement, committed as it ends, unless a count
      // follows it or its result may still roll it back
      singleStatement:
        plan.kind === 'call' && !prefer.count && !prefer.rollback && !negotiated.single,
    },
  ).catch((error: unknown) => {
    if (error instanceof Rollback) return error.reply
    throw error
  })
}

/** The settings PostgREST gives each request's transaction (besides the role and claims). */
function requestSettings(
  config: StackConfig,
  request: ApiRequest,
  timeoutMs: number,
): Record<string, string> {
  const { schema, method, target } = request
  return {
    search_path: [schema, ...config.rest.extraSearchPath.filter((s) => s !== schema)]
      .map(ident)
      .join(', '),
    statement_timeout: String(timeoutMs),
    // GET and HEAD never write, as PostgREST runs them (25006 → 405)
    ...(method === 'GET' || method === 'HEAD' ? { transaction_read_only: 'on' } : {}),
    'request.method': method,
    'request.path': request.isRpc ? `/rpc/${target}` : `/${target}`,
    'request.headers': JSON.stringify(request.headers),
    'request.cookies': JSON.stringify(request.cookies),
  }
}

function replyOf(request: ApiRequest, reply: Reply): Response {
  const { prefer } = request
  if (prefer.applied.length > 0) reply.headers['Preference-Applied'] = prefer.applied.join(', ')
  if (request.namesSchema) reply.headers['Content-Profile'] = request.schema
  return new Response(request.method === 'HEAD' ? null : reply.body, {
    status: reply.status,
    headers: reply.headers,
  })
}

function jwtError(error: unknown): RestError {
  const message = error instanceof Error ? error.message : 'JWT invalid'
  const expired = error instanceof JwtError && error.reason === 'expired'
  return new RestError(401, expired ? 'PGRST303' : 'PGRST301', message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
  })
}
