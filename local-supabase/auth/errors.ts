/**
 * GoTrue's error wire format. With `X-Supabase-Api-Version: 2024-01-01` (always
 * sent by auth-js) errors are `{ code, message }` and the header is echoed;
 * otherwise the legacy `{ code: <status>, error_code, msg }` shape.
 */
import type { Context } from 'hono'

export const API_VERSION = '2024-01-01'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  const versioned = (c.req.header('x-supabase-api-version') ?? '') >= API_VERSION
  const body = versioned
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'x-sb-error-code': error.code,
  }
  if (versioned) headers['X-Supabase-Api-Version'] = API_VERSION
  return new Response(JSON.stringify(body), { status: error.status, headers })
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
export const validationFailed = (message: string) =>
  new AuthError(400, 'validation_failed', message)
