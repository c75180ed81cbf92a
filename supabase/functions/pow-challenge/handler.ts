/**
 * pow-challenge: issues a proof-of-work challenge for "Inform the Owner" (see
 * _shared/proof-of-work.ts). Anyone with the publishable key may ask; a challenge
 * is worthless until solved, and report-found accepts each one once.
 *
 * POST (no body) → 200 { algorithm, challenge, maxNumber, salt, signature }.
 */
import { json, withHttp } from '../_shared/http.ts'
import { createChallenge, DEFAULT_MAX_NUMBER } from '../_shared/proof-of-work.ts'

export type PowChallengeDeps = {
  allowedOrigins: readonly string[]
  /** The HMAC secret report-found verifies with. */
  secret: string
  maxNumber?: number
  now?: () => Date
}

export function createHandler(deps: PowChallengeDeps): (request: Request) => Promise<Response> {
  return withHttp(deps.allowedOrigins, async (request) => {
    await request.body?.cancel()
    const challenge = await createChallenge({
      secret: deps.secret,
      maxNumber: deps.maxNumber ?? DEFAULT_MAX_NUMBER,
      now: deps.now?.(),
    })
    return json(challenge, 200, { 'Cache-Control': 'no-store' })
  })
}
