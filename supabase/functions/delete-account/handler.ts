/**
 * delete-account: a signed-in owner deletes their account. The browser never
 * holds the service role, so this function verifies the caller with the Auth
 * server and then makes the Auth admin call that deletes the user. Deleting the
 * user runs app_private.delete_account_data in the same transaction (see the
 * migration account_rights): conversations closed and their finders told,
 * finder data about the owner's items purged, the owner's profile, items,
 * messages and alerts deleted, tags deactivated, a confirmation e-mail queued
 * (the outbox's schedule sends it). If any of it fails, nothing is deleted.
 *
 * POST (no body needed) with the owner's JWT.
 * 200 { deleted: true } | 401 unauthorized | 403 forbidden | 500 internal_error.
 */
import { HttpError, json, withHttp } from '../_shared/http.ts'

export type Caller = { id: string; isAnonymous: boolean }

export type DeleteAccountDeps = {
  allowedOrigins: readonly string[]
  /** The user behind the Authorization header, from the Auth server; null when none. */
  getCaller(authorization: string): Promise<Caller | null>
  /** The Auth admin delete, as the service role; an error message when it failed. */
  deleteUser(userId: string): Promise<{ error: string | null }>
}

export const MESSAGES = {
  signIn: 'Please log in to delete your account.',
  ownersOnly: 'Only registered owners have an account to delete.',
} as const

export function createHandler(deps: DeleteAccountDeps): (request: Request) => Promise<Response> {
  return withHttp(deps.allowedOrigins, async (request) => {
    const authorization = request.headers.get('authorization') ?? ''
    if (!/^Bearer\s+\S+$/i.test(authorization)) {
      throw new HttpError(401, 'unauthorized', MESSAGES.signIn)
    }
    const caller = await deps.getCaller(authorization)
    if (!caller) throw new HttpError(401, 'unauthorized', MESSAGES.signIn)
    if (caller.isAnonymous) throw new HttpError(403, 'forbidden', MESSAGES.ownersOnly)
    const { error } = await deps.deleteUser(caller.id)
    if (error) throw new Error(`Auth admin delete failed: ${error}`)
    return json({ deleted: true })
  })
}
