/**
 * activate-tag: a signed-in owner claims a tag with its activation code and names
 * the item (SPEC.md §4 "Tag"). The database function `activate_tag` does the work
 * in one transaction, as the caller (RLS applies), and counts failed attempts.
 *
 * POST { tagId, activationCode, itemName } with the owner's JWT.
 * 200 { item } | 400 missing_fields / invalid_input / invalid_json /
 * activation_incorrect | 401 unauthorized | 403 forbidden |
 * 429 too_many_attempts (Retry-After) | 500 internal_error.
 */
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts'

export type ActivateTagArgs = { code: string; activation_code: string; item_name: string }

export type RpcError = { message: string; details?: string | null; code?: string | null }

/** Calls `activate_tag` as the user whose Authorization header is given. */
export type ActivateTagRpc = (
  authorization: string,
  args: ActivateTagArgs,
) => Promise<{ data: unknown; error: RpcError | null; status?: number }>

/**
 * Counts a failed attempt (service role): the failed call's own transaction is
 * rolled back by PostgREST, so the database cannot keep the count itself.
 */
export type RecordFailure = (userId: string, code: string) => Promise<{ error: RpcError | null }>

export type ActivateTagDeps = {
  allowedOrigins: readonly string[]
  activateTag: ActivateTagRpc
  recordFailure: RecordFailure
}

export const MESSAGES = {
  missingFields: 'Please fill in all fields',
  incorrect: 'Activation code or Tag ID is incorrect.',
  throttled: 'Too many attempts. Please try again later.',
  nameTooLong: 'The item name must be 80 characters or fewer.',
  signIn: 'Please log in to activate a tag.',
  registeredOnly: 'Only registered owners can activate a tag. Please log in.',
} as const

const MAX_NAME_LENGTH = 80
const DEFAULT_RETRY_AFTER_SECONDS = 3600

type Claims = { role?: unknown; is_anonymous?: unknown; sub?: unknown }

/** Reads the claims of the (gateway-verified) bearer token. */
function readClaims(authorization: string | null): Claims {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
  const token = match?.[1]
  const payload = token?.split('.')[1]
  if (!payload) throw new HttpError(401, 'unauthorized', MESSAGES.signIn)
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')))
    if (typeof claims !== 'object' || claims === null) throw new Error('not an object')
    return claims as Claims
  } catch {
    throw new HttpError(401, 'unauthorized', MESSAGES.signIn)
  }
}

/** The caller's user id; refuses the anon key (401) and anonymous finders (403). */
function requireOwner(authorization: string | null): string {
  const claims = readClaims(authorization)
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
    throw new HttpError(401, 'unauthorized', MESSAGES.signIn)
  }
  if (claims.is_anonymous === true) {
    throw new HttpError(403, 'forbidden', MESSAGES.registeredOnly)
  }
  return claims.sub
}

function readText(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  return typeof value === 'string' ? value.trim() : ''
}

function retryAfterSeconds(details: string | null | undefined): string {
  const seconds = Number.parseInt(details ?? '', 10)
  return String(Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS)
}

function mapRpcError(error: RpcError, status: number | undefined): HttpError {
  switch (error.message) {
    case 'activation_incorrect':
      return new HttpError(400, 'activation_incorrect', MESSAGES.incorrect)
    case 'too_many_attempts':
      return new HttpError(429, 'too_many_attempts', MESSAGES.throttled, {
        'Retry-After': retryAfterSeconds(error.details),
      })
    case 'invalid_input':
      return new HttpError(400, 'invalid_input', MESSAGES.missingFields)
  }
  if (status === 401 || status === 403) {
    return new HttpError(401, 'unauthorized', MESSAGES.signIn)
  }
  console.error('activate_tag failed', error)
  return new HttpError(500, 'internal_error', 'Something went wrong. Please try again.')
}

export function createHandler(deps: ActivateTagDeps): (request: Request) => Promise<Response> {
  return withHttp(deps.allowedOrigins, async (request) => {
    const authorization = request.headers.get('authorization')
    const userId = requireOwner(authorization)
    const body = await readJsonObject(request)
    const args: ActivateTagArgs = {
      code: readText(body, 'tagId').toUpperCase(),
      activation_code: readText(body, 'activationCode'),
      item_name: readText(body, 'itemName'),
    }
    if (!args.code || !args.activation_code || !args.item_name) {
      throw new HttpError(400, 'missing_fields', MESSAGES.missingFields)
    }
    if (args.item_name.length > MAX_NAME_LENGTH) {
      throw new HttpError(400, 'invalid_input', MESSAGES.nameTooLong)
    }
    const { data, error, status } = await deps.activateTag(authorization ?? '', args)
    if (error) {
      if (error.message === 'activation_incorrect') {
        // The database accepted the caller's JWT, so its subject is the caller.
        const recorded = await deps.recordFailure(userId, args.code)
        if (recorded.error) console.error('Recording a failed activation failed', recorded.error)
      }
      throw mapRpcError(error, status)
    }
    return json({ item: data })
  })
}
