/**
 * delete-account: a signed-in owner deletes their account. The browser never
 * holds the service role, so this function verifies the caller's access token
 * (_shared/caller.ts, @supabase/server, like every other function) and then
 * makes the Auth admin call that deletes that user. Deleting the user runs
 * app_private.delete_account_data in the same transaction (see the migration
 * account_rights): conversations closed and their finders told, finder data
 * about the owner's items purged, the owner's profile, items, messages and
 * alerts deleted, tags deactivated, a confirmation e-mail queued (the outbox's
 * schedule sends it). If any of it fails, nothing is deleted.
 *
 * Photos live in Storage, which SQL may not delete from: the deletion leaves the
 * owner's item photos and their chats' photos listed by photos_to_delete(), and
 * this function then asks purge-photos to remove them at once. Should that fail,
 * the account is still gone (200) and the purge-photos schedule removes them
 * within minutes.
 *
 * A second call with the deleted account's token (a double click, a second tab)
 * finds no user to delete: 404 account_not_found, in plain words, not a 500.
 *
 * POST (no body needed) with the owner's JWT.
 * 200 { deleted: true } | 401 unauthorized | 403 forbidden | 404 account_not_found
 * | 500 internal_error.
 */
import type { FunctionErrorCode } from '../_shared/error-codes.ts'
import { type CallerEnv, requireUser } from '../_shared/caller.ts'
import { HttpError, json, withHttp } from '../_shared/http.ts'

export type DeleteAccountDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /**
   * The Auth admin delete, as the service role: an error message when it failed,
   * and isGone when Auth has no such user (already deleted).
   */
  deleteUser(userId: string): Promise<{ error: string | null; isGone?: boolean }>
  /** Removes the photos that are due (purge-photos); throws when it could not. */
  purgePhotos(): Promise<void>
}

/** The refusals' codes (_shared/error-codes.ts): the app says them in its words. */
export const MESSAGES = {
  signIn: 'sign_in_required',
  ownersOnly: 'registered_owners_only',
  alreadyDeleted: 'account_not_found',
} as const satisfies Record<string, FunctionErrorCode>

export function createHandler(deps: DeleteAccountDeps): (request: Request) => Promise<Response> {
  return withHttp(
    deps.allowedOrigins,
    requireUser({ refusal: MESSAGES.signIn, env: deps.callerEnv }, async (_request, caller) => {
      if (caller.isAnonymous) throw new HttpError(403, 'forbidden', MESSAGES.ownersOnly)
      const { error, isGone } = await deps.deleteUser(caller.id)
      if (isGone) throw new HttpError(404, 'account_not_found', MESSAGES.alreadyDeleted)
      if (error) throw new Error(`Auth admin delete failed: ${error}`)
      try {
        await deps.purgePhotos()
      } catch (failure) {
        console.error('Removing the deleted account’s photos failed; purge-photos retries', failure)
      }
      return json({ deleted: true })
    }),
  )
}
