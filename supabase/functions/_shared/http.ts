/**
 * HTTP plumbing shared by every Edge Function: CORS from configuration, one error
 * shape ({ "error": { "code", "message" } }), JSON answers.
 */

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
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
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
  return json({ error: { code: error.code, message: error.message } }, error.status, {
    ...headers,
    ...error.headers,
  })
}

/** Reads a JSON object body or throws a 400 in the shared error shape. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_json', 'The request body must be a JSON object.')
  }
  return body as Record<string, unknown>
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
        throw new HttpError(405, 'method_not_allowed', 'Use POST.')
      }
      const response = await handle(request)
      for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
      return response
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error, cors)
      console.error(error)
      return errorResponse(
        new HttpError(500, 'internal_error', 'Something went wrong. Please try again.'),
        cors,
      )
    }
  }
}
