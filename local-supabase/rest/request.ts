/**
 * The request (PostgREST's ApiRequest): what one HTTP request to /rest/v1 asks,
 * read once from the Hono context before anything is planned: the schema
 * (Accept-Profile / Content-Profile), preferences, media types, query string,
 * body, and the headers and cookies the database sees as request settings.
 */
import type { Context } from 'hono'
import { BodyTooLarge, jsonDepth, MAX_JSON_DEPTH, readLimitedText } from '../request-limits.ts'
import { RestError } from './errors.ts'
import { negotiate, type Negotiated } from './negotiate.ts'
import { parsePrefer, type Prefer } from './prefer.ts'

export type ApiRequest = {
  method: string
  /** The table or view, or with isRpc the function. */
  target: string
  isRpc: boolean
  schema: string
  /** The request named its schema (Accept-Profile / Content-Profile): the reply names it too. */
  namesSchema: boolean
  prefer: Prefer
  negotiated: Negotiated
  params: URLSearchParams
  contentType: string
  /** The body as sent, and parsed when its media type is JSON (else undefined). */
  bodyText: string
  body: unknown
  /** The `Range` header (`0-9`, with `Range-Unit: items`), an alternative to limit/offset. */
  range: string | undefined
  headers: Record<string, string>
  cookies: Record<string, string>
}

export async function readApiRequest(
  c: Context,
  schemas: string[],
  target: string,
  isRpc: boolean,
): Promise<ApiRequest> {
  const method = c.req.method
  const read = method === 'GET' || method === 'HEAD'
  const profile = read ? c.req.header('accept-profile') : c.req.header('content-profile')
  // checked in PostgREST's order: schema, preferences, media type, then the body
  const schema = exposedSchema(profile, schemas)
  const prefer = parsePrefer(c.req.header('prefer'))
  const negotiated = negotiate(c.req.header('accept'))
  const contentType = c.req.header('content-type') ?? 'application/json'
  const bodyText = ['POST', 'PATCH', 'PUT'].includes(method) ? await readBody(c.req.raw) : ''
  const headers: Record<string, string> = {}
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value
  })
  return {
    method,
    target,
    isRpc,
    schema,
    namesSchema: Boolean(c.req.header('accept-profile') || c.req.header('content-profile')),
    prefer,
    negotiated,
    params: new URL(c.req.url).searchParams,
    contentType,
    bodyText,
    body: isJsonType(contentType) ? parseJsonBody(bodyText) : undefined,
    range: c.req.header('range'),
    headers,
    cookies: parseCookies(c.req.header('cookie')),
  }
}

/** The schema a profile header names, or the first exposed one; others are a 406 PGRST106. */
function exposedSchema(header: string | undefined, schemas: string[]): string {
  const schema = header?.trim() || schemas[0]!
  if (!schemas.includes(schema)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    )
  }
  return schema
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

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return cookies
}
