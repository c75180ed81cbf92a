/**
 * A bot check without third parties (ALTCHA's scheme, self-hosted): the server
 * issues a challenge, the SHA-256 of a random salt followed by a secret number
 * up to maxNumber, carrying its expiry in the salt. The browser finds the number
 * by trying each in turn (invisible to a person, under a second on a phone); the
 * function checks the signature, the expiry, the hash, and that the challenge was
 * never used before.
 *
 * The HMAC signs every field the server later trusts (algorithm, maxNumber, salt
 * with its expiry, and the challenge), not the challenge alone: the hash covers
 * `salt + number` joined, so with only the challenge signed a client could move
 * the number's leading digits onto the end of the expiry and keep the hash,
 * making a challenge last for centuries or reviving an expired one. An expiry
 * further than the challenge lifetime from now is refused as well.
 *
 * Web Crypto only, so it runs in Deno, Node and the bench alike.
 */
import type { FunctionErrorCode } from './error-codes.ts'
import { HttpError } from './http.ts'

export type Challenge = {
  algorithm: 'SHA-256'
  challenge: string
  maxNumber: number
  salt: string
  signature: string
}

/** What the browser sends back: the challenge and the number it found. */
export type Proof = Challenge & { number: number }

export type ProofFailure = 'missing' | 'malformed' | 'expired' | 'wrong' | 'reused'

export type ProofResult = { ok: true } | { ok: false; reason: ProofFailure }

/** Records a challenge as used; false when it was used before. */
export type ConsumeChallenge = (challenge: string, expiresAt: Date) => Promise<boolean>

/** Numbers to try (half on average): ~0.1 s in Chromium here, under 1 s with the CPU slowed 4x (npm run bench:pow). */
export const DEFAULT_MAX_NUMBER = 50_000
export const CHALLENGE_TTL_SECONDS = 10 * 60
const MAX_SALT_LENGTH = 100

const encoder = new TextEncoder()

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

/** The signing key per secret, imported once (a function has one secret; tests a few). */
const hmacKeys = new Map<string, Promise<CryptoKey>>()

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(`homeward proof-of-work:${secret}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    hmacKeys.set(secret, key)
  }
  return key
}

type Signed = Pick<Challenge, 'algorithm' | 'challenge' | 'maxNumber' | 'salt'>

/** The HMAC of every field the server trusts, in one unambiguous text (a JSON array). */
async function sign(secret: string, fields: Signed): Promise<string> {
  const text = JSON.stringify([fields.algorithm, fields.maxNumber, fields.salt, fields.challenge])
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text)))
}

/** Constant-time comparison of two hex strings. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

function randomInt(maxInclusive: number): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1))
  return value % (maxInclusive + 1)
}

export type IssueOptions = {
  secret: string
  now?: Date
  maxNumber?: number
  ttlSeconds?: number
}

export async function createChallenge(options: IssueOptions): Promise<Challenge> {
  const now = options.now ?? new Date()
  const maxNumber = options.maxNumber ?? DEFAULT_MAX_NUMBER
  const expires = Math.floor(now.getTime() / 1000) + (options.ttlSeconds ?? CHALLENGE_TTL_SECONDS)
  const nonce = toHex(crypto.getRandomValues(new Uint8Array(12)).buffer)
  const salt = `${nonce}?expires=${expires}`
  const challenge = await sha256Hex(`${salt}${randomInt(maxNumber)}`)
  const fields = { algorithm: 'SHA-256', challenge, maxNumber, salt } as const
  return { ...fields, signature: await sign(options.secret, fields) }
}

function readProof(value: unknown): Proof | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const proof = value as Record<string, unknown>
  const { algorithm, challenge, maxNumber, salt, signature, number } = proof
  if (
    algorithm !== 'SHA-256' ||
    typeof challenge !== 'string' ||
    !/^[0-9a-f]{64}$/.test(challenge) ||
    typeof signature !== 'string' ||
    !/^[0-9a-f]{64}$/.test(signature) ||
    typeof salt !== 'string' ||
    salt.length > MAX_SALT_LENGTH ||
    typeof maxNumber !== 'number' ||
    !Number.isSafeInteger(maxNumber) ||
    typeof number !== 'number' ||
    !Number.isSafeInteger(number) ||
    number < 0 ||
    number > maxNumber
  ) {
    return null
  }
  return { algorithm, challenge, maxNumber, salt, signature, number }
}

function expiryOf(salt: string): Date | null {
  const match = /^[0-9a-f]{24}\?expires=(\d{1,12})$/.exec(salt)
  return match ? new Date(Number(match[1]) * 1000) : null
}

export type VerifyOptions = {
  secret: string
  consume: ConsumeChallenge
  now?: Date
  /** The longest lifetime a challenge is issued with; a later expiry is refused. */
  ttlSeconds?: number
}

/** Checks a proof: shape, signature, expiry, hash, then one-time use (in that order). */
export async function verifyProof(value: unknown, options: VerifyOptions): Promise<ProofResult> {
  if (value === undefined || value === null || value === '') {
    return { ok: false, reason: 'missing' }
  }
  const proof = readProof(value)
  const expiresAt = proof && expiryOf(proof.salt)
  if (!proof || !expiresAt) return { ok: false, reason: 'malformed' }
  if (!sameHex(await sign(options.secret, proof), proof.signature)) {
    return { ok: false, reason: 'wrong' }
  }
  const now = (options.now ?? new Date()).getTime()
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' }
  // Never issued so: the signing secret or this rule was broken, refuse it all the same.
  if (expiresAt.getTime() > now + (options.ttlSeconds ?? CHALLENGE_TTL_SECONDS) * 1000) {
    return { ok: false, reason: 'wrong' }
  }
  if (!sameHex(await sha256Hex(`${proof.salt}${proof.number}`), proof.challenge)) {
    return { ok: false, reason: 'wrong' }
  }
  if (!(await options.consume(proof.challenge, expiresAt))) return { ok: false, reason: 'reused' }
  return { ok: true }
}

/** The refusals' codes (_shared/error-codes.ts): the app says them in its words. */
export const PROOF_MESSAGES = {
  missing: 'proof_required',
  failed: 'proof_failed',
  /** pow-challenge's 429: as report-found's own limit per finder and address. */
  tooMany: 'too_many_reports_from_you',
} as const satisfies Record<string, FunctionErrorCode>

/** verifyProof as an HTTP answer: 400 when missing or malformed, 403 when wrong, expired or reused. */
export async function requireProof(value: unknown, options: VerifyOptions): Promise<void> {
  const result = await verifyProof(value, options)
  if (result.ok) return
  if (result.reason === 'missing' || result.reason === 'malformed') {
    throw new HttpError(400, 'proof_required', PROOF_MESSAGES.missing)
  }
  throw new HttpError(403, 'proof_failed', PROOF_MESSAGES.failed)
}

type RpcClient = {
  rpc(
    fn: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string } | null }>
}

/** One-time use kept in the database (public.use_proof_challenge, service role). */
export function sqlConsume(client: RpcClient): ConsumeChallenge {
  return async (challenge, expiresAt) => {
    const { data, error } = await client.rpc('use_proof_challenge', {
      challenge,
      expires_at: expiresAt.toISOString(),
    })
    if (error) throw new Error(`use_proof_challenge: ${error.message}`)
    return data === true
  }
}
