/**
 * The user lookup, as GoTrue's middleware does it before a handler runs:
 * `requireUser` verifies the bearer JWT, loads its user and session and sets
 * `c.var.user` / `c.var.claims`; `requireAdmin` admits the service role only.
 */
import type { MiddlewareHandler } from 'hono'
import { bearerToken, JwtError, verifyAccessToken, type Claims } from '../keys.ts'
import type { AuthContext, AuthEnv } from './context.ts'
import { AuthError } from './errors.ts'
import { findUserById } from './users.ts'

const noToken = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')

/**
 * The claims of the request's bearer JWT: 401 without one, 403 `bad_jwt` with
 * the message `badJwtMessage` gives when it does not verify.
 */
async function bearerClaims(
  headers: Headers,
  auth: AuthContext,
  badJwtMessage: (error: unknown) => string,
): Promise<Claims> {
  const token = bearerToken(headers, auth.config)
  if (!token) throw noToken()
  try {
    return await verifyAccessToken(token, auth.config.jwtKeys)
  } catch (error) {
    throw new AuthError(403, 'bad_jwt', badJwtMessage(error))
  }
}

export function requireUser(auth: AuthContext): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const claims = await bearerClaims(c.req.raw.headers, auth, (error) => {
      const detail =
        error instanceof JwtError ? error.message : 'unable to parse or verify signature'
      return `invalid JWT: unable to parse or verify signature, ${detail}`
    })
    if (typeof claims.sub !== 'string' || !claims.sub) {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    }
    const user = await findUserById(auth.db, claims.sub)
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    if (typeof claims.session_id === 'string') {
      const { rows } = await auth.db.query('select 1 from auth.sessions where id = $1', [
        claims.session_id,
      ])
      if (rows.length === 0) {
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        )
      }
    }
    c.set('user', user)
    c.set('claims', claims)
    await next()
  }
}

export function requireAdmin(auth: AuthContext): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const claims = await bearerClaims(
      c.req.raw.headers,
      auth,
      () => 'invalid JWT: unable to parse or verify signature',
    )
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
    c.set('claims', claims)
    await next()
  }
}
