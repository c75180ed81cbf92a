import type { NotificationRow, OutboxDb } from './notifications.ts'

type RpcClient = {
  rpc(
    name: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string } | null }>
}

/**
 * Headers for the service-role client that delivers the outbox: nobody waits on
 * delivery, so the local stack serves its database work after request work
 * (local-supabase/db/queue.ts). Hosted Supabase ignores the header.
 */
export const BACKGROUND_HEADERS = { 'x-local-priority': 'background' } as const

export type SqlOutboxOptions = {
  /** After this many attempts a row is given up as 'failed'. */
  maxAttempts?: number
  /** How long a claim holds its rows; longer than a lookup plus a send (2 × 10 s). */
  leaseSeconds?: number
}

/** The outbox through the SQL functions of the schema contract (service-role client). */
export function sqlOutbox(client: RpcClient, options: SqlOutboxOptions = {}): OutboxDb {
  const maxAttempts = options.maxAttempts ?? 8
  const leaseSeconds = options.leaseSeconds ?? 60
  async function call(name: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await client.rpc(name, args)
    if (error) throw new Error(`${name}: ${error.message}`)
    return data
  }
  return {
    async claim({ maxRows, forReport }) {
      const data = await call('claim_notifications', {
        max_rows: maxRows,
        lease_seconds: leaseSeconds,
        for_report: forReport ?? null,
      })
      return (data ?? []) as NotificationRow[]
    },
    async complete(row, providerId) {
      await call('complete_notification', {
        id: row.id,
        provider_id: providerId,
        lease_id: row.lease_id,
      })
    },
    async fail(row, error, retryAfterSeconds) {
      await call('fail_notification', {
        id: row.id,
        error: error.slice(0, 1000),
        max_attempts: maxAttempts,
        lease_id: row.lease_id,
        retry_after_seconds: retryAfterSeconds ?? null,
      })
    },
    async unknown(row, error, options = { sent: true }) {
      await call('mark_notification_unknown', {
        id: row.id,
        error: error.slice(0, 1000),
        max_attempts: maxAttempts,
        lease_id: row.lease_id,
        sent: options.sent,
      })
    },
    async pushGone(row, error) {
      await call('push_subscription_gone', {
        id: row.id,
        error: error.slice(0, 1000),
        lease_id: row.lease_id,
      })
    },
    async enqueueReminders() {
      return Number((await call('enqueue_reminders', {})) ?? 0)
    },
  }
}
