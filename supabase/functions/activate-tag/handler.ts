/**
 * activate-tag: a signed-in owner claims a tag with its activation code and names
 * the item (SPEC.md §4 "Tag"). Clients cannot call the database function
 * `activate_tag`; this function verifies the caller's access token
 * (_shared/caller.ts, @supabase/server) and calls it as the service role on
 * their behalf. It does the work in one transaction,
 * counts wrong guesses, and throttles per account and per account and tag.
 *
 * POST { tagId, activationCode, itemName } with the owner's JWT.
 * 200 { item } | 400 missing_fields / invalid_input / invalid_json /
 * activation_incorrect | 401 unauthorized | 403 forbidden |
 * 409 already_yours | 429 too_many_attempts (Retry-After) | 500 internal_error.
 */
import type { FunctionErrorCode } from '../_shared/error-codes.ts'
import { normaliseTagCode } from '../_shared/tag-code.ts'
import { TYPED_TAG_CODE_MAX_LENGTH } from '../_shared/rules.generated.ts'
import { type CallerEnv, requireUser } from '../_shared/caller.ts'
import { HttpError, json, readJsonObject, readTextField, withHttp } from '../_shared/http.ts'

export type ActivateTagArgs = {
  owner_id: string
  code: string
  activation_code: string
  item_name: string
}

export type RpcError = { message: string; details?: string | null; code?: string | null }

/** What `activate_tag` answers (see its migration). */
export type ActivationOutcome = {
  outcome: 'activated' | 'already_yours' | 'incorrect' | 'too_many_attempts'
  item?: unknown
  retry_after?: number
}

export type ActivateTagDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /** Calls `activate_tag` as the service role. */
  activateTag(args: ActivateTagArgs): Promise<{ data: unknown; error: RpcError | null }>
}

/** The refusals' codes (_shared/error-codes.ts): the app says them in its words. */
export const MESSAGES = {
  missingFields: 'missing_fields',
  incorrect: 'activation_incorrect',
  alreadyYours: 'already_yours',
  throttled: 'too_many_attempts',
  nameTooLong: 'item_name_too_long',
  nameOneLine: 'item_name_not_one_line',
  // As a wrong code: a too long tag ID or activation code tells nothing more.
  codeTooLong: 'activation_incorrect',
  signIn: 'sign_in_required',
  registeredOnly: 'registered_owners_only',
} as const satisfies Record<string, FunctionErrorCode>

const MAX_NAME_LENGTH = 80
const MAX_CODE_LENGTH = 64
const DEFAULT_RETRY_AFTER_SECONDS = 3600

function isOutcome(data: unknown): data is ActivationOutcome {
  return typeof data === 'object' && data !== null && 'outcome' in data
}

function retryAfterSeconds(seconds: unknown): string {
  return String(
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? Math.ceil(seconds)
      : DEFAULT_RETRY_AFTER_SECONDS,
  )
}

function answer(outcome: ActivationOutcome): Response {
  switch (outcome.outcome) {
    case 'activated':
      return json({ item: outcome.item })
    case 'already_yours':
      throw new HttpError(409, 'already_yours', MESSAGES.alreadyYours)
    case 'incorrect':
      throw new HttpError(400, 'activation_incorrect', MESSAGES.incorrect)
    case 'too_many_attempts':
      throw new HttpError(429, 'too_many_attempts', MESSAGES.throttled, {
        'Retry-After': retryAfterSeconds(outcome.retry_after),
      })
  }
  throw new Error(`activate_tag answered an unknown outcome: ${JSON.stringify(outcome)}`)
}

function mapRpcError(error: RpcError): HttpError | Error {
  if (error.message === 'invalid_input') {
    return new HttpError(
      400,
      'invalid_input',
      error.details === 'item_name' ? MESSAGES.nameOneLine : MESSAGES.missingFields,
    )
  }
  if (error.message === 'not_an_owner') {
    return new HttpError(403, 'forbidden', MESSAGES.registeredOnly)
  }
  return new Error(`activate_tag failed: ${error.message}`)
}

export function createHandler(deps: ActivateTagDeps): (request: Request) => Promise<Response> {
  return withHttp(
    deps.allowedOrigins,
    requireUser({ refusal: MESSAGES.signIn, env: deps.callerEnv }, async (request, caller) => {
      const body = await readJsonObject(request)
      const args: ActivateTagArgs = {
        owner_id: '',
        code: normaliseTagCode(
          readTextField(body, 'tagId', TYPED_TAG_CODE_MAX_LENGTH, MESSAGES.codeTooLong),
        ),
        activation_code: readTextField(
          body,
          'activationCode',
          MAX_CODE_LENGTH,
          MESSAGES.codeTooLong,
        ),
        item_name: readTextField(body, 'itemName', MAX_NAME_LENGTH, MESSAGES.nameTooLong),
      }
      if (/[\r\n\t]/.test(args.item_name)) {
        throw new HttpError(400, 'invalid_input', MESSAGES.nameOneLine)
      }
      if (caller.isAnonymous) throw new HttpError(403, 'forbidden', MESSAGES.registeredOnly)
      if (!args.code || !args.activation_code || !args.item_name) {
        throw new HttpError(400, 'missing_fields', MESSAGES.missingFields)
      }
      const { data, error } = await deps.activateTag({ ...args, owner_id: caller.id })
      if (error) throw mapRpcError(error)
      if (!isOutcome(data)) throw new Error('activate_tag returned no outcome')
      return answer(data)
    }),
  )
}
