/**
 * Access tokens (HS256 with the stack's JWT secret) and the CLI gateway's
 * translation of API keys (protocols reference §5.2): `sb_publishable_…` and
 * `sb_secret_…` keys, in `apikey` or as `Authorization: Bearer sb_…`, become the
 * anon / service_role JWTs; legacy JWT keys are passed through.
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { StackConfig } from './config.ts'

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

/** Signs claims as an HS256 JWT (header `{"alg":"HS256","typ":"JWT"}`). */
export async function signAccessToken(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretKey(secret))
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

/** Verifies signature and exp/nbf/iat (30 s leeway, as PostgREST); throws JwtError. */
export async function verifyAccessToken(token: string, secret: string): Promise<Claims> {
  const parts = token.split('.').length
  if (parts !== 3) throw new JwtError('invalid', `Expected 3 parts in JWT; got ${parts}`)
  const cacheKey = `${secret}\n${token}`
  const known = verified.get(cacheKey)
  if (known && stillValid(known)) return structuredClone(known)
  verified.delete(cacheKey)
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      algorithms: ['HS256'],
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
  const claims = await verifyAccessToken(token, config.jwtSecret)
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon'
  return { token, claims: { ...claims, role }, role }
}
