/**
 * Who is calling: the one way every Edge Function identifies its caller, with
 * Supabase's `@supabase/server` (`withSupabase`). It verifies a user's JWT
 * against the project's signing keys (SUPABASE_JWKS, or the project's
 * /auth/v1/.well-known/jwks.json), or compares the `apikey` with the project's
 * secret keys, before the handler runs; the gateway's `verify_jwt` is off for
 * every function (supabase/config.toml), as Supabase advises with signing keys.
 *
 * Around it, withHttp (http.ts) keeps our CORS and error shape: a refused caller
 * is a 401 `{ "error": { "code": "unauthorized", "message": … } }` in the
 * function's own words; a misconfigured project (no JWKS, no keys) a logged 500.
 */
import type { FunctionErrorCode } from './error-codes.ts'
import { withSupabase } from 'npm:@supabase/server@1.8.1'
import { resolveEnv } from 'npm:@supabase/server@1.8.1/core'
import { HttpError } from './http.ts'

/** @supabase/server's environment overrides (tests); unset parts come from the platform's variables. */
export type CallerEnv = {
  url?: string
  publishableKeys?: Record<string, string>
  secretKeys?: Record<string, string>
  jwks?: { keys: JsonWebKey[] }
}

/** A signed-in user (anonymous finders included), from their verified access token. */
export type User = { id: string; sessionId: string | null; isAnonymous: boolean }

type Handler<A extends unknown[]> = (request: Request, ...args: A) => Promise<Response>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The user a verified JWT names; null when its claims are not a Supabase Auth user's. */
function userOf(claims: Record<string, unknown> | null): User | null {
  const sub = claims?.sub
  const sessionId = claims?.session_id
  if (claims?.role !== 'authenticated' || typeof sub !== 'string' || !UUID.test(sub)) return null
  if (sessionId !== undefined && (typeof sessionId !== 'string' || !UUID.test(sessionId))) {
    return null
  }
  return { id: sub, sessionId: sessionId ?? null, isAnonymous: claims?.is_anonymous === true }
}

/** Turns @supabase/server's refusal into our error shape; passes anything else on. */
async function ourShape(response: Response, refusal: FunctionErrorCode): Promise<Response> {
  const code = response.headers.get('x-supabase-server-error')
  if (code === null) return response
  if (response.status === 401) throw new HttpError(401, 'unauthorized', refusal)
  throw new Error(`@supabase/server answered ${response.status} ${code}: ${await response.text()}`)
}

export type CallerOptions = {
  /** The code a refused caller gets (401): sign_in_required or secret_key_required. */
  refusal: FunctionErrorCode
  env?: CallerEnv | undefined
}

/**
 * Runs the handler for a signed-in user only: `Authorization: Bearer <access
 * token>`, verified against the signing keys (an anonymous finder's token too).
 */
export function requireUser(
  options: CallerOptions,
  handle: Handler<[User]>,
): (request: Request) => Promise<Response> {
  const verified = withSupabase(
    { auth: 'user', cors: 'disabled', env: options.env ?? {} },
    (request, ctx) => {
      const user = userOf(ctx.jwtClaims as Record<string, unknown> | null)
      if (!user) throw new HttpError(401, 'unauthorized', options.refusal)
      return handle(request, user)
    },
  )
  return async (request) => ourShape(await verified(request), options.refusal)
}

/**
 * Runs the handler only for a caller holding one of the project's secret keys in
 * `apikey` (SUPABASE_SECRET_KEYS, plus the legacy service_role key when given:
 * the cron job sends what Vault holds). A user's token is refused.
 */
export function requireSecretKey(
  options: CallerOptions & { legacyServiceRoleKey?: string },
  handle: Handler<[]>,
): (request: Request) => Promise<Response> {
  const legacy = options.legacyServiceRoleKey
  const env: CallerEnv = { ...options.env }
  if (legacy) {
    // The platform's keys (SUPABASE_SECRET_KEYS), read as @supabase/server reads them, and the legacy one.
    const platform = resolveEnv(options.env).data?.secretKeys ?? {}
    env.secretKeys = { ...platform, service_role: legacy }
  }
  const verified = withSupabase({ auth: 'secret:*', cors: 'disabled', env }, (request) =>
    handle(request),
  )
  return async (request) => ourShape(await verified(request), options.refusal)
}
