/**
 * pow-challenge: issues a proof-of-work challenge for "Inform the Owner" (see
 * _shared/proof-of-work.ts). Anyone with the publishable key may ask, within
 * limits per client address and per user (issue-limit.ts, counted in SQL); a
 * challenge is worthless until solved, and report-found accepts each one once.
 *
 * POST (no body) → 200 { algorithm, challenge, maxNumber, salt, signature } |
 * 429 too_many_requests (Retry-After).
 */
import { HttpError, json, withHttp } from '../_shared/http.ts'
import { createChallenge, DEFAULT_MAX_NUMBER, PROOF_MESSAGES } from '../_shared/proof-of-work.ts'
import { type CountIssue, issueCaller } from './issue-limit.ts'

export type PowChallengeDeps = {
  allowedOrigins: readonly string[]
  /** The HMAC secret report-found verifies with. */
  secret: string
  /** Counts the challenge against the caller's limits; seconds to wait when over one. */
  countIssue: CountIssue
  maxNumber?: number
  now?: () => Date
}

export function createHandler(deps: PowChallengeDeps): (request: Request) => Promise<Response> {
  return withHttp(deps.allowedOrigins, async (request) => {
    await request.body?.cancel()
    const wait = await deps.countIssue(issueCaller(request))
    if (wait > 0) {
      throw new HttpError(429, 'too_many_requests', PROOF_MESSAGES.tooMany, {
        'Retry-After': String(wait),
      })
    }
    const challenge = await createChallenge({
      secret: deps.secret,
      maxNumber: deps.maxNumber ?? DEFAULT_MAX_NUMBER,
      now: deps.now?.(),
    })
    return json(challenge, 200, { 'Cache-Control': 'no-store' })
  })
}
