/** What every Auth route module is given: the stack, the token issuer and the rate limiters. */
import type { Hono } from 'hono'
import type { StackContext } from '../context.ts'
import type { EmailInput } from '../inbox/store.ts'
import type { Claims } from '../keys.ts'
import { createLimiter, type Limiter } from './rate-limit.ts'
import type { Issuer } from './sessions.ts'
import type { UserRow } from './users.ts'

export type AuthDeps = StackContext & { apiUrl: string; sendEmail: (email: EmailInput) => void }

export type AuthContext = AuthDeps & {
  issuer: Issuer
  limits: Record<'token' | 'verify' | 'otp' | 'anonymous' | 'email', Limiter>
}

/** Hono variables set by the user-lookup middleware (middleware.ts). */
export type AuthEnv = { Variables: { user: UserRow; claims: Claims } }

export type AuthApp = Hono<AuthEnv>

export function createAuthContext(deps: AuthDeps): AuthContext {
  const { config } = deps
  return {
    ...deps,
    issuer: { config, issuer: `${deps.apiUrl}/auth/v1` },
    limits: {
      token: createLimiter(config.rateLimits.tokenRefresh),
      verify: createLimiter(config.rateLimits.verify),
      otp: createLimiter(config.rateLimits.otp),
      anonymous: createLimiter(config.rateLimits.anonymousUsers),
      email: createLimiter(config.rateLimits.emailSent),
    },
  }
}
