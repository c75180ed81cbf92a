/**
 * dispatch-notifications: the scheduled outbox run, for the project's secret key
 * only (`apikey`: a key of SUPABASE_SECRET_KEYS, or the legacy service_role key;
 * the cron job sends the one in Vault). Adds due
 * reminders (escalation), then claims due rows under a lease (each row by one
 * run only), sends them, and records sent, a retry with backoff, or an unknown
 * outcome to look up at the provider before any resend.
 * POST {} → 200 { reminders, claimed, sent, failed, unknown } | 401.
 */
import { type CallerEnv, requireSecretKey } from '../_shared/caller.ts'
import { json, withHttp } from '../_shared/http.ts'
import {
  dispatchOutbox,
  type DispatchSummary,
  type OutboxDb,
  type Providers,
} from '../_shared/notifications.ts'

export type DispatchDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /** SUPABASE_SERVICE_ROLE_KEY: accepted as a secret key too (projects whose Vault holds it). */
  legacyServiceRoleKey?: string
  db: OutboxDb
  providers: Providers
  batchSize?: number
}

export function createHandler(deps: DispatchDeps): (request: Request) => Promise<Response> {
  const batchSize = deps.batchSize ?? 20
  const secretKeyOnly = {
    refusal: 'secret_key_required' as const,
    env: deps.callerEnv,
    ...(deps.legacyServiceRoleKey ? { legacyServiceRoleKey: deps.legacyServiceRoleKey } : {}),
  }
  return withHttp(
    deps.allowedOrigins,
    requireSecretKey(secretKeyOnly, async () => {
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
    }),
  )
}
