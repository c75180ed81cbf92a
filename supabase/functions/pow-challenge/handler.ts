/**
 * pow-challenge: issues a proof-of-work challenge for "Inform the Owner" (see
 * _shared/proof-of-work.ts). The finder asks once signed in (anonymously, as
 * report-found needs): a signed-in user's JWT, verified by _shared/caller.ts;
 * within a hard limit per user and a backstop per client address, its
 * difficulty (maxNumber) doubling as the address's recent volume grows
 * (issue-limit.ts, counted in SQL): many honest finders behind one address all
 * get through, a flood from one is slowed to a trickle. A challenge is worthless
 * until solved, and report-found accepts each one once.
 *
 * POST (no body) with the finder's JWT → 200 { algorithm, challenge, maxNumber,
 * salt, signature } | 401 unauthorized | 429 too_many_requests (Retry-After).
 */
import { type CallerEnv, requireUser } from '../_shared/caller.ts'
import { HttpError, json, withHttp } from '../_shared/http.ts'
import { createChallenge, DEFAULT_MAX_NUMBER, PROOF_MESSAGES } from '../_shared/proof-of-work.ts'
import { type CountIssue, issueCaller } from './issue-limit.ts'

export type PowChallengeDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /** The HMAC secret report-found verifies with. */
  secret: string
  /** Counts the challenge against the caller's limits: seconds to wait, or the doublings. */
  countIssue: CountIssue
  /** The base number of tries, before doublings. */
  maxNumber?: number
  now?: () => Date
}

/** As report-found's: the finder's app signs in before it asks. */
const SIGN_IN = 'sign_in_required' as const

export function createHandler(deps: PowChallengeDeps): (request: Request) => Promise<Response> {
  const signedIn = { refusal: SIGN_IN, env: deps.callerEnv }
  return withHttp(
    deps.allowedOrigins,
    requireUser(signedIn, async (request, user) => {
      await request.body?.cancel()
      const { wait, doublings } = await deps.countIssue(issueCaller(request, user))
      if (wait > 0) {
        throw new HttpError(429, 'too_many_requests', PROOF_MESSAGES.tooMany, {
          'Retry-After': String(wait),
        })
      }
      const challenge = await createChallenge({
        secret: deps.secret,
        maxNumber: (deps.maxNumber ?? DEFAULT_MAX_NUMBER) * 2 ** doublings,
        now: deps.now?.(),
      })
      return json(challenge, 200, { 'Cache-Control': 'no-store' })
    }),
  )
}
