/**
 * Choosing the function an RPC request calls, as PostgREST v14's findProc does
 * (Plan.hs): by argument names, overloads that all fit are a 300 PGRST203; a
 * single unnamed parameter takes the whole body (json/jsonb a JSON one, text,
 * xml and bytea a body of their media type). Plan stage: reads the schema cache.
 */
import { RestError } from './errors.ts'
import {
  findFunctions,
  type DbFunction,
  type FunctionArg,
  type SchemaCache,
} from './schema-cache.ts'

/** What the request offers as arguments. */
export type CallRequest = {
  method: 'GET' | 'HEAD' | 'POST'
  /** POST: the parsed JSON body; GET: the query parameters as an object. */
  args: Record<string, unknown>
  /** POST: the body exactly as sent, and its media type (for unnamed parameters). */
  rawBody: string
  contentType: string
  /** POST body was a JSON document (object) rather than raw text. */
  isJson: boolean
}

/** A chosen function and the arguments it is called with (null name: the one unnamed parameter). */
export type Chosen = { fn: DbFunction; args: { arg: FunctionArg; value: unknown; raw: boolean }[] }

/** The raw (not JSON) media types a single unnamed parameter of each type takes. */
const RAW_TYPES: Record<string, string[]> = {
  text: ['text/plain'],
  xml: ['text/xml', 'application/xml'],
  bytea: ['application/octet-stream'],
}
const RAW_MEDIA_TYPES = new Set(Object.values(RAW_TYPES).flat())

function describe(fn: DbFunction): string {
  return `${fn.schema}.${fn.name}(${fn.args.map((a) => (a.name ? `${a.name} => ${a.type}` : a.type)).join(', ')})`
}

const onlyUnnamed = (fn: DbFunction) =>
  fn.args.length === 1 && fn.args[0]!.name === '' ? fn.args[0]! : null

/**
 * PostgREST's matchesParams: the argument names given are exactly the required
 * parameters, plus any of the optional ones; no parameters, no names (and, for
 * a POST, no raw body).
 */
function matchesParams(fn: DbFunction, keys: string[], rawPost: boolean): boolean {
  if (fn.args.length === 0) return keys.length === 0 && !rawPost
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name))
  const required = new Set(fn.args.filter((a) => !a.hasDefault).map((a) => a.name))
  const given = new Set(keys.filter((k) => !optional.has(k)))
  return given.size === required.size && [...given].every((k) => required.has(k))
}

/** PostgREST's hasSingleUnnamedParam: a POST body of its media type goes to it whole. */
function takesWholeBody(fn: DbFunction, request: CallRequest, mediaType: string): boolean {
  const arg = onlyUnnamed(fn)
  if (!arg || request.method !== 'POST') return false
  if (request.isJson) return arg.type === 'json' || arg.type === 'jsonb'
  return RAW_TYPES[arg.type]?.includes(mediaType) ?? false
}

/**
 * PostgREST v14's findProc: among the callable overloads, those whose parameters
 * the argument names match; failing those, the one taking the whole body. Two
 * or more either way are a 300 PGRST203.
 */
export function chooseFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  request: CallRequest,
  reserved: Set<string>,
): Chosen {
  const candidates = findFunctions(cache, schema, name).filter((fn) => fn.callable)
  const mediaType = request.contentType.split(';')[0]!.trim().toLowerCase()
  const rawPost = request.method === 'POST' && !request.isJson && RAW_MEDIA_TYPES.has(mediaType)
  const keys = Object.keys(request.args)
  // GET: the query string also holds filters on the result, so only argument names count
  const offered = (fn: DbFunction) =>
    request.method === 'POST' ? keys : keys.filter((k) => fn.args.some((a) => a.name === k))
  const matching = candidates.filter((fn) => matchesParams(fn, offered(fn), rawPost))
  const fits =
    matching.length > 0
      ? matching
      : candidates.filter((fn) => takesWholeBody(fn, request, mediaType))
  if (fits.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits.map(describe).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const fn = fits[0]
  if (!fn) throw noFunction(schema, name, request, keys, reserved, mediaType)
  // A single unnamed parameter is passed the whole body, as PostgREST's OnePosParam.
  const single = onlyUnnamed(fn)
  if (single && request.method === 'POST') {
    const value = request.isJson ? request.rawBody.trim() || '{}' : request.rawBody
    return { fn, args: [{ arg: single, value, raw: true }] }
  }
  const names = offered(fn)
  return {
    fn,
    args: fn.args
      .filter((a) => names.includes(a.name))
      .map((arg) => ({ arg, value: request.args[arg.name], raw: false })),
  }
}

/** PostgREST's NoRpc error (404 PGRST202), worded by the body's media type. */
function noFunction(
  schema: string,
  name: string,
  request: CallRequest,
  keys: string[],
  reserved: Set<string>,
  mediaType: string,
): RestError {
  const names = (request.method === 'POST' ? keys : keys.filter((k) => !reserved.has(k))).sort()
  const list = names.join(', ')
  const func = `${schema}.${name}`
  const withParams = names.length
    ? ` with parameter${names.length > 1 ? 's' : ''} ${list}`
    : ' without parameters'
  const rawType = request.method === 'POST' && !request.isJson ? rawParameterType(mediaType) : null
  if (rawType) {
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${func} in the schema cache`,
      `Searched for the function ${func} with a single unnamed ${rawType} parameter, but no matches were found in the schema cache.`,
    )
  }
  const jsonFallback =
    request.method === 'POST' ? ' or with a single unnamed json/jsonb parameter' : ''
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${names.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${func}${withParams}${jsonFallback}, but no matches were found in the schema cache.`,
  )
}

function rawParameterType(mediaType: string): string | null {
  return Object.entries(RAW_TYPES).find(([, types]) => types.includes(mediaType))?.[0] ?? null
}
