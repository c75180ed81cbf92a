/**
 * report-found: a finder (usually signed in anonymously) tells the owner where
 * their item is. One SQL call (public.report_found) checks the finder's
 * session, uses up the proof of work and creates the report, chat, invite and
 * outbox rows in one transaction, and the function answers at once (the
 * answer's whole database work is that one round trip); delivery of this
 * report's outbox starts
 * right after the answer, in the background (a provider failure stays on its
 * row for dispatch-notifications to retry, and never fails the report).
 *
 * The client chooses an idempotency key per form submission: a retried or
 * duplicated request with the same key returns the first report and sends
 * nothing again.
 *
 * POST { tagCode, name, email, phone?, address?, foundLocation?, language?, idempotencyKey?, proof } with
 * the finder's JWT (verified by _shared/caller.ts with @supabase/server, an anonymous
 * finder's too); proof is the solved
 * pow-challenge (its hash and signature checked before anything else, its one-time use
 * in the report's transaction). language is the finder's page's (one of FINDER_LANGUAGES;
 * anything else is 'en', never an error): their e-mails are written in it, and the
 * owner is told which language the finder writes in.
 * 200 { reportId, chatId, chatUrl } | 400 invalid_input / invalid_email / invalid_json |
 * 400 proof_required | 403 proof_failed | 401 unauthorized | 404 tag_not_found |
 * 429 too_many_reports (Retry-After) | 500.
 */
import type { FunctionErrorCode } from '../_shared/error-codes.ts'
import { type CallerEnv, requireUser } from '../_shared/caller.ts'
import { clientAddress, HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts'
import { createDeliveryKicker, type OutboxDb, type Providers } from '../_shared/notifications.ts'
import { PROOF_MESSAGES } from '../_shared/proof-of-work.ts'
import { finderLanguage } from '../_shared/finder-language.ts'
import { EMAIL_SHAPE, FINDER_FIELD_MAX_LENGTHS } from '../_shared/rules.generated.ts'
import { normaliseTagCode } from '../_shared/tag-code.ts'

export type CreateReportArgs = {
  tag_code: string
  finder_id: string
  /** The JWT's session_id: the report is refused once that session has signed out. */
  finder_session_id: string | null
  finder_name: string
  finder_email: string
  finder_phone: string
  finder_address: string
  found_location: string
  site_url: string
  idempotency_key: string | null
  /** The checked proof, used up in the report's transaction (refused as proof_reused after). */
  proof_challenge: string
  proof_expires_at: string
  /** One of FINDER_LANGUAGES ('en' for anything else). */
  finder_language: string
}

/** A proof whose hash, signature and expiry are right, still to be used up. */
export type CheckedProof = { challenge: string; expiresAt: Date }

export type CreatedReport = {
  report_id: string
  chat_id: string
  /** Null when the request repeated an earlier one: the finder is already a member. */
  invite_token: string | null
  /** The finder's chat link, built in SQL (app_private.chat_url); without a token on a repeat. */
  chat_url: string
}

export type RpcError = { message: string; details?: string | null; hint?: string | null }

export type ReportFoundDeps = {
  allowedOrigins: readonly string[]
  siteUrl: string
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /**
   * The bot check's own part (_shared/proof-of-work.ts): shape, signature, expiry and
   * hash; throws a 400/403 HttpError. Its one-time use is createReport's.
   */
  checkProof(proof: unknown): Promise<CheckedProof>
  /**
   * public.report_found. Refusals come back as error.message: unauthorized, proof_reused,
   * tag_not_activated, too_many_reports, invalid_input. clientAddress reaches SQL's
   * per-address limit (x-client-address header).
   */
  createReport(
    args: CreateReportArgs,
    clientAddress: string | null,
  ): Promise<{
    data: CreatedReport[] | null
    error: RpcError | null
  }>
  db: OutboxDb
  providers: Providers
  /** Keeps work going after the answer (EdgeRuntime.waitUntil on Supabase). */
  runInBackground(work: Promise<unknown>): void
}

/** The refusals' codes (_shared/error-codes.ts): the app says them in its words. */
export const MESSAGES = {
  invalidEmail: 'invalid_email',
  tooLong: 'field_too_long',
  oneLine: 'field_not_one_line',
  tagNotFound: 'tag_not_found',
  tooManyReports: 'too_many_reports_for_tag',
  tooManyFromYou: 'too_many_reports_from_you',
  signIn: 'sign_in_required',
  badKey: 'invalid_idempotency_key',
} as const satisfies Record<string, FunctionErrorCode>

/** One per form submission, chosen by the client (a UUID, or any 16–100 URL-safe characters). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/

const EMAIL = new RegExp(EMAIL_SHAPE)

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  return typeof value === 'string' ? value.trim() : ''
}

/** A field over the database's limit (app_private.data_rules(): finder_field_max_lengths). */
function isTooLong(args: CreateReportArgs): boolean {
  return Object.entries(FINDER_FIELD_MAX_LENGTHS).some(
    ([field, limit]) => args[field as keyof typeof FINDER_FIELD_MAX_LENGTHS].length > limit,
  )
}

function retryAfter(details: string | null | undefined): string {
  const seconds = Number.parseInt(details ?? '', 10)
  return String(Number.isFinite(seconds) && seconds > 0 ? seconds : 3600)
}

export function createHandler(deps: ReportFoundDeps): (request: Request) => Promise<Response> {
  const deliverDue = createDeliveryKicker(deps.db, deps.providers)
  const signedIn = { refusal: MESSAGES.signIn, env: deps.callerEnv }
  return withHttp(
    deps.allowedOrigins,
    requireUser(signedIn, async (request, finder) => {
      const body = await readJsonObject(request)
      const proof = await deps.checkProof(body.proof)
      const args: CreateReportArgs = {
        tag_code: normaliseTagCode(text(body, 'tagCode')),
        finder_id: finder.id,
        finder_session_id: finder.sessionId,
        finder_name: text(body, 'name'),
        finder_email: text(body, 'email'),
        finder_phone: text(body, 'phone'),
        finder_address: text(body, 'address'),
        found_location: text(body, 'foundLocation'),
        site_url: deps.siteUrl,
        idempotency_key: idempotencyKey(body),
        proof_challenge: proof.challenge,
        proof_expires_at: proof.expiresAt.toISOString(),
        finder_language: finderLanguage(body.language),
      }
      if (!args.tag_code || !EMAIL.test(args.finder_email)) {
        throw new HttpError(400, 'invalid_email', MESSAGES.invalidEmail)
      }
      if (isTooLong(args)) throw new HttpError(400, 'invalid_input', MESSAGES.tooLong)
      const { data, error } = await deps.createReport(args, clientAddress(request))
      if (error) {
        if (error.message === 'unauthorized') {
          throw new HttpError(401, 'unauthorized', MESSAGES.signIn)
        }
        if (error.message === 'proof_reused') {
          throw new HttpError(403, 'proof_failed', PROOF_MESSAGES.failed)
        }
        if (error.message === 'tag_not_activated') {
          throw new HttpError(404, 'tag_not_found', MESSAGES.tagNotFound)
        }
        if (error.message === 'too_many_reports') {
          const message = error.hint === 'tag' ? MESSAGES.tooManyReports : MESSAGES.tooManyFromYou
          throw new HttpError(429, 'too_many_reports', message, {
            'Retry-After': retryAfter(error.details),
          })
        }
        if (error.message === 'invalid_input') {
          const oneLine = error.details === 'finder_name' || error.details === 'finder_phone'
          throw new HttpError(400, 'invalid_input', oneLine ? MESSAGES.oneLine : MESSAGES.tooLong)
        }
        throw new Error(`report_found: ${error.message}`)
      }
      const row = data?.[0]
      if (!row) throw new Error('report_found returned no row')
      // After the commit, without holding the answer; failures stay on their rows for the scheduler.
      deps.runInBackground(
        deliverDue().catch((error: unknown) =>
          console.error('Sending notifications failed; the scheduler retries', error),
        ),
      )
      return json({ reportId: row.report_id, chatId: row.chat_id, chatUrl: row.chat_url })
    }),
  )
}

function idempotencyKey(body: Record<string, unknown>): string | null {
  const value = body.idempotencyKey
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new HttpError(400, 'invalid_input', MESSAGES.badKey)
  }
  return value
}
