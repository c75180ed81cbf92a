/**
 * dispatch-notifications: the scheduled outbox run (service role only). Claims due
 * rows (each by one run only), sends them, records sent or a retry with backoff.
 * POST {} → 200 { claimed, sent, failed } | 401 | 403.
 */
import { readBearerClaims } from '../_shared/claims.ts'
import { HttpError, json, withHttp } from '../_shared/http.ts'
import { dispatchOutbox, type OutboxDb, type Providers } from '../_shared/notifications.ts'

export type DispatchDeps = {
  allowedOrigins: readonly string[]
  db: OutboxDb
  providers: Providers
  batchSize?: number
}

export function createHandler(deps: DispatchDeps): (request: Request) => Promise<Response> {
  return withHttp(deps.allowedOrigins, async (request) => {
    const claims = readBearerClaims(request.headers.get('authorization'))
    if (claims.role === undefined) throw new HttpError(401, 'unauthorized', 'Sign in required.')
    if (claims.role !== 'service_role') {
      throw new HttpError(403, 'forbidden', 'Only the service role may dispatch notifications.')
    }
    let total = { claimed: 0, sent: 0, failed: 0 }
    // Keep going while full batches come back, so a backlog drains in one run.
    for (let round = 0; round < 10; round += 1) {
      const summary = await dispatchOutbox(deps.db, deps.providers, deps.batchSize ?? 20)
      total = {
        claimed: total.claimed + summary.claimed,
        sent: total.sent + summary.sent,
        failed: total.failed + summary.failed,
      }
      if (summary.claimed < (deps.batchSize ?? 20)) break
    }
    return json(total)
  })
}
