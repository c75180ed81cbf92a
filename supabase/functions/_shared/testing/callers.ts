/**
 * Callers for the functions' Deno tests: a signing key of the test's own, the
 * @supabase/server environment that trusts it (CallerEnv), and the tokens and
 * keys a real caller or an attacker would send. The tests against the real
 * local stack (callers.test.ts) use the stack's own keys instead.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'npm:jose@6.2.17'
import type { CallerEnv } from '../caller.ts'

export const PUBLISHABLE_KEY = 'sb_publishable_test_0000000000000000000000'
export const SECRET_KEY = 'sb_secret_test_00000000000000000000000000'
/** The legacy shared secret of a local project: what a forger of HS256 tokens would try. */
export const LEGACY_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

export type TokenOptions = {
  sub?: string
  isAnonymous?: boolean
  sessionId?: string
  /** Seconds from now; negative: already expired. */
  expiresIn?: number
  role?: string
}

export type TestCallers = {
  env: CallerEnv
  /** `Bearer <ES256 access token>` signed by the trusted key. */
  user(options?: TokenOptions): Promise<string>
  /** The same token signed by another key under the trusted kid. */
  otherKey(options?: TokenOptions): Promise<string>
  /** An HS256 token without kid signed with the legacy secret (claims role service_role). */
  forgedHs256(claims?: Record<string, unknown>): Promise<string>
}

function claimsOf(options: TokenOptions): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return {
    sub: options.sub ?? crypto.randomUUID(),
    role: options.role ?? 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + (options.expiresIn ?? 3600),
    session_id: options.sessionId ?? crypto.randomUUID(),
    is_anonymous: options.isAnonymous ?? false,
  }
}

export async function testCallers(): Promise<TestCallers> {
  const kid = crypto.randomUUID()
  const trusted = await generateKeyPair('ES256', { extractable: true })
  const other = await generateKeyPair('ES256')
  const publicJwk = { ...(await exportJWK(trusted.publicKey)), kid, alg: 'ES256', use: 'sig' }
  const sign = (key: CryptoKey, options: TokenOptions) =>
    new SignJWT(claimsOf(options)).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key)
  return {
    env: {
      url: 'http://127.0.0.1:54321',
      publishableKeys: { default: PUBLISHABLE_KEY },
      secretKeys: { default: SECRET_KEY },
      jwks: { keys: [publicJwk as JsonWebKey] },
    },
    user: async (options = {}) => `Bearer ${await sign(trusted.privateKey, options)}`,
    otherKey: async (options = {}) => `Bearer ${await sign(other.privateKey, options)}`,
    forgedHs256: async (claims = { role: 'service_role' }) =>
      `Bearer ${await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(LEGACY_SECRET))}`,
  }
}
