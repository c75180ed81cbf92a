/**
 * dispatch-notifications: the scheduled outbox run (service role only). Adds due
 * reminders (escalation), then claims due rows under a lease (each row by one
 * run only), sends them, and records sent, a retry with backoff, or an unknown
 * outcome to look up at the provider before any resend.
 * POST {} → 200 { reminders, claimed, sent, failed, unknown } | 401 | 403.
 */
import { readBearerClaims } from '../_shared/claims.ts'
import { HttpError, json, withHttp } from '../_shared/http.ts'
import {
  dispatchOutbox,
  type DispatchSummary,
  type OutboxDb,
  type Providers,
} from '../_shared/notifications.ts'

export type DispatchDeps = {
  allowedOrigins: readonly string[]
  db: OutboxDb
  providers: Providers
  batchSize?: number
}

export function createHandler(deps: DispatchDeps): (request: Request) => Promise<Response> {
  const batchSize = deps.batchSize ?? 20
  return withHttp(deps.allowedOrigins, async (request) => {
    const claims = readBearerClaims(request.headers.get('authorization'))
    if (claims.role === undefined) throw new HttpError(401, 'unauthorized', 'Sign in required.')
    if (claims.role !== 'service_role') {
      throw new HttpError(403, 'forbidden', 'Only the service role may dispatch notifications.')
    }
    let reminders = 0
    try {
      reminders = await deps.db.enqueueReminders()
    } catch (error) {
      console.error('Adding reminders failed; the next run tries again', error)
    }
    const total: DispatchSummary = { claimed: 0, sent: 0, failed: 0, unknown: 0 }
    // Keep going while full batches come back, so a backlog drains in one run.
    for (let round = 0; round < 10; round += 1) {
      const summary = await dispatchOutbox(deps.db, deps.providers, { maxRows: batchSize })
      total.claimed += summary.claimed
      total.sent += summary.sent
      total.failed += summary.failed
      total.unknown += summary.unknown
      if (summary.claimed < batchSize) break
    }
    return json({ reminders, ...total })
  })
}
