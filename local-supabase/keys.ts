/**
 * Access tokens and the CLI gateway's translation of API keys, shared by every
 * service of the stack (Auth, REST, Realtime, the functions' gateway, Storage):
 * call `resolveApiRole(headers, config)` for a request, or
 * `verifyAccessToken(token, config.jwtKeys)` for a bare token.
 *
 * Tokens are signed as current Supabase signs them (signing-keys.ts): ES256 (or
 * RS256) with the signing key's `kid`; a token with a `kid` is verified with
 * that public key, a token without one and alg HS256 with the legacy secret
 * (the anon / service_role JWT keys, older sessions), anything else is refused.
 * API keys (protocols reference §5.2): `sb_publishable_…` and `sb_secret_…`, in
 * `apikey` or as `Authorization: Bearer sb_…`, become the anon / service_role
 * JWTs; legacy JWT keys are passed through.
 */
import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { StackConfig } from './config.ts'
import type { JwtKeys } from './signing-keys.ts'

export type Claims = JWTPayload & { role?: string; [key: string]: unknown }

export type VerifiedRequest = {
  /** The JWT the services act on, after key translation; null when none was sent. */
  token: string | null
  /** Verified claims; `{ role: 'anon' }` when no token was sent. */
  claims: Claims
  role: string
}

export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message)
    this.name = 'JwtError'
  }
}

const encoder = new TextEncoder()
const keyCache = new Map<string, Uint8Array>()
function secretKey(secret: string): Uint8Array {
  let key = keyCache.get(secret)
  if (!key) {
    key = encoder.encode(secret)
    keyCache.set(secret, key)
  }
  return key
}

/**
 * Signs claims with the signing key (header `{"alg":"ES256","kid":…,"typ":"JWT"}`),
 * or, given the bare legacy secret, as HS256 without a `kid`.
 */
export async function signAccessToken(claims: Claims, keys: JwtKeys | string): Promise<string> {
  const token = new SignJWT(claims)
  if (typeof keys === 'string') {
    return token.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey(keys))
  }
  const { alg, kid, privateKey } = keys.signing
  return token.setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(privateKey)
}

/** The key a token names: its `kid`'s public key, or the secret for HS256 without one. */
function verificationKey(token: string, keys: JwtKeys | string) {
  let header: { alg?: string; kid?: string }
  try {
    header = decodeProtectedHeader(token)
  } catch {
    throw new JwtError('invalid', 'JWT cryptographic operation failed')
  }
  const secret = typeof keys === 'string' ? keys : keys.secret
  if (header.kid === undefined && header.alg === 'HS256') {
    return { key: secretKey(secret), alg: 'HS256', id: `secret:${secret}` }
  }
  const known = typeof keys === 'string' ? undefined : keys.verifying.get(String(header.kid))
  if (!known || header.alg !== known.alg) {
    throw new JwtError('invalid', 'JWT cryptographic operation failed')
  }
  return { key: known.publicKey, alg: known.alg, id: `kid:${known.id}` }
}

const CLOCK_TOLERANCE_SECONDS = 30

/**
 * Tokens whose signature was verified, by secret and token (the same API key
 * and session token arrive on request after request; an HMAC check per request
 * was a noticeable share of the local stack's CPU under load). Only their time
 * claims are checked again; at most VERIFIED_LIMIT are kept, the oldest dropped.
 */
const verified = new Map<string, Claims>()
const VERIFIED_LIMIT = 1000

function stillValid(claims: Claims): boolean {
  const now = Date.now() / 1000
  if (typeof claims.exp === 'number' && now - CLOCK_TOLERANCE_SECONDS >= claims.exp) return false
  if (typeof claims.nbf === 'number' && claims.nbf > now + CLOCK_TOLERANCE_SECONDS) return false
  return true
}

/**
 * Verifies signature and exp/nbf/iat (30 s leeway, as PostgREST); throws JwtError.
 * Given the stack's keys: ES256/RS256 by `kid`, or HS256 without `kid` by the
 * legacy secret; given a bare secret: HS256 only.
 */
export async function verifyAccessToken(token: string, keys: JwtKeys | string): Promise<Claims> {
  const parts = token.split('.').length
  if (parts !== 3) throw new JwtError('invalid', `Expected 3 parts in JWT; got ${parts}`)
  const { key, alg, id } = verificationKey(token, keys)
  const cacheKey = `${id}\n${token}`
  const known = verified.get(cacheKey)
  if (known && stillValid(known)) return structuredClone(known)
  verified.delete(cacheKey)
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [alg],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    })
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!)
    verified.set(cacheKey, structuredClone(payload as Claims))
    return payload as Claims
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired')
    if (error instanceof errors.JWTClaimValidationFailed)
      throw new JwtError('expired', error.message)
    throw new JwtError('invalid', 'JWT cryptographic operation failed')
  }
}

/** The Kong `BearerToken` rule: the JWT a request carries once API keys are translated. */
export function bearerToken(headers: Headers, config: StackConfig): string | null {
  const authorization = headers.get('authorization')?.trim() ?? ''
  const match = /^bearer\s+(.+)$/i.exec(authorization)
  const bearer = match?.[1]?.trim()
  if (bearer && !bearer.startsWith('sb_')) return bearer
  const apikey = headers.get('apikey')?.trim() || bearer || ''
  if (!apikey) return null
  return translateApiKey(apikey, config)
}

/** sb_secret_… → service_role JWT, sb_publishable_… → anon JWT, anything else unchanged. */
export function translateApiKey(key: string, config: StackConfig): string {
  if (key.startsWith('sb_secret_')) return key === config.secretKey ? config.serviceRoleKey : key
  if (key.startsWith('sb_publishable_')) return key === config.publishableKey ? config.anonKey : key
  return key
}

/** Resolves the role and verified claims of an API request; throws JwtError on a bad token. */
export async function resolveApiRole(
  headers: Headers,
  config: StackConfig,
): Promise<VerifiedRequest> {
  const token = bearerToken(headers, config)
  if (!token) return { token: null, claims: { role: 'anon' }, role: 'anon' }
  if (token.startsWith('sb_')) throw new JwtError('invalid', 'Invalid API key')
  const claims = await verifyAccessToken(token, config.jwtKeys)
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon'
  return { token, claims: { ...claims, role }, role }
}
