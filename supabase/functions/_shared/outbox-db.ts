import type { NotificationRow, OutboxDb } from './notifications.ts'

type RpcClient = {
  rpc(
    name: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string } | null }>
}

/** The outbox through the SQL functions of the schema contract (service-role client). */
export function sqlOutbox(client: RpcClient, maxAttempts = 6): OutboxDb {
  return {
    async claim(maxRows) {
      const { data, error } = await client.rpc('claim_notifications', { max_rows: maxRows })
      if (error) throw new Error(`claim_notifications: ${error.message}`)
      return (data ?? []) as NotificationRow[]
    },
    async complete(id, providerId) {
      const { error } = await client.rpc('complete_notification', { id, provider_id: providerId })
      if (error) console.error('complete_notification failed', id, error.message)
    },
    async fail(id, message) {
      const { error } = await client.rpc('fail_notification', {
        id,
        error: message.slice(0, 1000),
        max_attempts: maxAttempts,
      })
      if (error) console.error('fail_notification failed', id, error.message)
    },
  }
}
