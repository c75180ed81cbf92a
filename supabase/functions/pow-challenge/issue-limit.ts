/**
 * Who asks pow-challenge for a challenge, for the issuing limits and the
 * difficulty that SQL owns (public.issue_challenge: a hard limit per signed-in
 * user, the finder's anonymous session; per client address a difficulty that
 * grows with the address's recent volume, and only a high backstop limit, since
 * many honest finders share one address).
 */
import type { User } from '../_shared/caller.ts'
import { clientAddress } from '../_shared/http.ts'

export type IssueCaller = { address: string | null; userId: string | null }

/**
 * The issue, counted: `wait` seconds before one more may be issued (nothing
 * counted), or 0 and how many times to double the base number of tries.
 */
export type Issue = { wait: number; doublings: number }

export type CountIssue = (caller: IssueCaller) => Promise<Issue>

/** The most doublings pow-challenge obeys (SQL allows at most 30; 2^30 times the base stays a safe integer). */
const MAX_DOUBLINGS = 30

function readIssue(data: unknown): Issue | null {
  if (typeof data !== 'object' || data === null) return null
  const { wait, doublings } = data as Record<string, unknown>
  if (!Number.isInteger(wait) || !Number.isInteger(doublings)) return null
  const [w, d] = [wait as number, doublings as number]
  if (w < 0 || d < 0 || d > MAX_DOUBLINGS) return null
  return { wait: w, doublings: d }
}

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
    const { data, error } = await client.rpc('issue_challenge', {
      client_address: address,
      user_id: userId,
    })
    if (error) throw new Error(`issue_challenge: ${error.message}`)
    const issue = readIssue(data)
    if (!issue) throw new Error('issue_challenge: no answer')
    return issue
  }
}
