/**
 * Who asks pow-challenge for a challenge, for the issuing limits that SQL owns
 * (public.count_challenge_issue: per client address and per signed-in user; the
 * finder's browser signs in anonymously before it asks).
 */
import type { User } from '../_shared/caller.ts'
import { clientAddress } from '../_shared/http.ts'

export type IssueCaller = { address: string | null; userId: string | null }

/** Seconds to wait before one more challenge may be issued to the caller, or 0 (and counted). */
export type CountIssue = (caller: IssueCaller) => Promise<number>

/**
 * The caller's address as the platform's proxy reports it, and the user its
 * verified token names (_shared/caller.ts).
 */
export function issueCaller(request: Request, user: User): IssueCaller {
  return { address: clientAddress(request), userId: user.id }
}

type RpcClient = {
  rpc(
    fn: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string } | null }>
}

/** The limits as SQL keeps them (service role). */
export function sqlCountIssue(client: RpcClient): CountIssue {
  return async ({ address, userId }) => {
    const { data, error } = await client.rpc('count_challenge_issue', {
      client_address: address,
      user_id: userId,
    })
    if (error) throw new Error(`count_challenge_issue: ${error.message}`)
    if (typeof data !== 'number') throw new Error('count_challenge_issue: no answer')
    return data
  }
}
