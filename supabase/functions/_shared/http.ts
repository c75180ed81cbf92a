/**
 * HTTP plumbing shared by every Edge Function: CORS from configuration, one error
 * shape ({ "error": { "code", "message", "detail"? } }: the kind of refusal, its
 * exact code from _shared/error-codes.ts, never a sentence), JSON answers.
 */
import type { FunctionErrorCode } from './error-codes.ts'
import { CONTROL_CHARACTERS } from './rules.generated.ts'

export type ErrorCode =
  | 'bad_request'
  | 'invalid_json'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'too_many_requests'
  | 'internal_error'
  | (string & Record<never, never>)

export class HttpError extends Error {
  /** The exact refusal: a code of _shared/error-codes.ts, which the app turns into words. */
  declare readonly message: FunctionErrorCode

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: FunctionErrorCode,
    readonly headers: Record<string, string> = {},
    /** What varies (a limit, a field), for the app to put in its words. */
    readonly detail?: string,
  ) {
    super(message)
  }
}

const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-supabase-api-version'

export function corsHeaders(
  request: Request,
  allowedOrigins: readonly string[],
): Record<string, string> {
  const origin = request.headers.get('origin')
  const headers: Record<string, string> = {
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    Vary: 'Origin',
  }
  if (origin && allowedOrigins.includes(origin)) headers['Access-Control-Allow-Origin'] = origin
  return headers
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

export function errorResponse(error: HttpError, headers: Record<string, string> = {}): Response {
  const detail = error.detail === undefined ? {} : { detail: error.detail }
  return json({ error: { code: error.code, message: error.message, ...detail } }, error.status, {
    ...headers,
    ...error.headers,
  })
}

/** Limits every JSON body obeys; larger, deeper or stranger input is a 400, never a 500. */
export const BODY_LIMITS = { maxBytes: 16 * 1024, maxDepth: 6 } as const

export const INPUT_MESSAGES = {
  notJson: 'body_not_json',
  notObject: 'body_not_object',
  tooLarge: 'body_too_large',
  tooDeep: 'body_too_deep',
  badCharacters: 'invalid_characters',
  notText: 'not_text',
} as const satisfies Record<string, FunctionErrorCode>

// app_private.data_rules()' control characters: C0 other than tab, line feed and
// carriage return, and DEL.
const FORBIDDEN_CHARACTERS = new RegExp(CONTROL_CHARACTERS)

/** Throws a 400 when a value is nested deeper than maxDepth or holds a forbidden character. */
function checkValue(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (FORBIDDEN_CHARACTERS.test(value)) {
      throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.badCharacters)
    }
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (depth >= BODY_LIMITS.maxDepth) {
    throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.tooDeep)
  }
  const entries = Array.isArray(value) ? value.map((each) => ['', each]) : Object.entries(value)
  for (const [key, each] of entries) {
    checkValue(key, depth + 1)
    checkValue(each, depth + 1)
  }
}

/** Finds nesting deeper than maxDepth in raw JSON text before parsing it. */
function isNestedTooDeeply(text: string): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i += 1
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') {
      depth += 1
      if (depth > BODY_LIMITS.maxDepth) return true
    } else if (char === '}' || char === ']') depth -= 1
  }
  return false
}

/**
 * Reads a JSON object body or throws a 400 in the shared error shape: not JSON,
 * not an object, over BODY_LIMITS.maxBytes, nested too deeply, or holding NUL or
 * other control characters (which the database cannot store).
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > BODY_LIMITS.maxBytes) {
    throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.tooLarge)
  }
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await request.arrayBuffer())
  } catch {
    throw new HttpError(400, 'invalid_json', INPUT_MESSAGES.notJson)
  }
  if (bytes.byteLength > BODY_LIMITS.maxBytes) {
    throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.tooLarge)
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.badCharacters)
  }
  if (isNestedTooDeeply(text)) throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.tooDeep)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'invalid_json', INPUT_MESSAGES.notJson)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_json', INPUT_MESSAGES.notObject)
  }
  checkValue(body, 0)
  return body as Record<string, unknown>
}

/**
 * A text field of a checked body, trimmed: '' when absent or null, a 400 when it
 * is another type (a number, an object) or longer than maxLength.
 */
export function readTextField(
  body: Record<string, unknown>,
  name: string,
  maxLength: number,
  tooLongMessage: FunctionErrorCode,
): string {
  const value = body[name]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') throw new HttpError(400, 'invalid_input', INPUT_MESSAGES.notText)
  const trimmed = value.trim()
  if (trimmed.length > maxLength) {
    throw new HttpError(400, 'invalid_input', tooLongMessage, {}, String(maxLength))
  }
  return trimmed
}

const isAddress = (value: string | undefined): value is string =>
  value !== undefined && value.length <= 100 && /^[0-9a-fA-F.:]+$/.test(value)

/**
 * The caller's address as the platform's proxy reports it, for per-address limits;
 * null when there is none. Hosted Supabase is behind Cloudflare, which sets
 * CF-Connecting-IP itself but only appends to an X-Forwarded-For the client sent,
 * so that header's first entry is the client's own choice there: CF-Connecting-IP
 * comes first. Without it (the local stack, another proxy) the first entry of
 * X-Forwarded-For.
 */
export function clientAddress(request: Request): string | null {
  const connecting = request.headers.get('cf-connecting-ip')?.trim()
  if (isAddress(connecting)) return connecting
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return isAddress(forwarded) ? forwarded : null
}

/**
 * Wraps a handler: answers OPTIONS first, allows only POST, turns HttpError into
 * its status and anything else into a logged 500.
 */
export function withHttp(
  allowedOrigins: readonly string[],
  handle: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const cors = corsHeaders(request, allowedOrigins)
    if (request.method === 'OPTIONS') return new Response('ok', { headers: cors })
    try {
      if (request.method !== 'POST') {
        throw new HttpError(405, 'method_not_allowed', 'method_not_allowed')
      }
      const response = await handle(request)
      for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
      return response
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error, cors)
      console.error(error)
      return errorResponse(new HttpError(500, 'internal_error', 'internal_error'), cors)
    }
  }
}
