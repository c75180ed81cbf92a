/**
 * delete-my-details: the finder's "Delete my details now". Runs
 * delete_my_finder_details(chat_id) as the caller (their JWT: the function
 * checks they are that chat's finder, purges their report as the schedule
 * would and closes the conversation), then, in the same request, removes the
 * photos that became due (the chat's photos, through the Storage API as the
 * service role, _shared/photo-purge.ts). Storage serves a signed URL without
 * asking the database, so only removing the objects stops the URLs handed out
 * before; when this answers, they answer Storage's 400 (statusCode 404).
 * Should the removal fail, the details are still deleted (200) and the
 * purge-photos schedule removes the photos within minutes.
 *
 * POST { chat_id } with the finder's JWT.
 * 200 { deleted: boolean } | 400 invalid_input | 401 unauthorized |
 * 403 forbidden (not this chat's finder) | 500 internal_error.
 */
import type { FunctionErrorCode } from '../_shared/error-codes.ts'
import { type CallerEnv, requireUser } from '../_shared/caller.ts'
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts'

export type RpcError = { message: string; code?: string | null }

export type DeleteMyDetailsDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /** delete_my_finder_details as the caller (their Authorization header). */
  deleteDetails(
    authorization: string,
    chatId: string,
  ): Promise<{ data: boolean | null; error: RpcError | null }>
  /** Removes the photos that are due (photos_to_delete), as the service role; throws when it could not. */
  removeDuePhotos(): Promise<void>
}

/** The refusals' codes (_shared/error-codes.ts): the app says them in its words. */
export const MESSAGES = {
  signIn: 'sign_in_required',
  badChat: 'chat_not_found',
  notTheFinder: 'not_the_finder',
} as const satisfies Record<string, FunctionErrorCode>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function createHandler(deps: DeleteMyDetailsDeps): (request: Request) => Promise<Response> {
  return withHttp(
    deps.allowedOrigins,
    requireUser({ refusal: MESSAGES.signIn, env: deps.callerEnv }, async (request) => {
      const body = await readJsonObject(request)
      const chatId = body.chat_id
      if (typeof chatId !== 'string' || !UUID.test(chatId)) {
        throw new HttpError(400, 'invalid_input', MESSAGES.badChat)
      }
      const authorization = request.headers.get('authorization') ?? ''
      const { data, error } = await deps.deleteDetails(authorization, chatId)
      if (error) {
        if (error.code === '42501' || error.message === 'not_the_finder') {
          throw new HttpError(403, 'forbidden', MESSAGES.notTheFinder)
        }
        throw new Error(`delete_my_finder_details: ${error.message}`)
      }
      try {
        await deps.removeDuePhotos()
      } catch (failure) {
        console.error('Removing the finder’s photos failed; purge-photos retries', failure)
      }
      return json({ deleted: data === true })
    }),
  )
}
