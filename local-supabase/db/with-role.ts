/**
 * Runs SQL as a Supabase API role, the way PostgREST does per request: one
 * transaction with `role` and `request.jwt.claims` (with `role` inserted) set
 * transaction-locally, plus any other request settings.
 */
import type { Database, Queryable } from './types.ts'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

export type RoleContext = {
  role: ApiRole
  /** JWT claims; `role` is inserted. Omit for an anonymous (no session) request. */
  claims?: Record<string, unknown>
  /** Extra transaction-local settings, e.g. { 'request.method': 'GET' }. */
  settings?: Record<string, string>
}

export async function setRole(tx: Queryable, context: RoleContext): Promise<void> {
  const claims = { ...context.claims, role: context.role }
  const names = ['role', 'request.jwt.claims']
  const values = [context.role, JSON.stringify(claims)]
  for (const [name, value] of Object.entries(context.settings ?? {})) {
    names.push(name)
    values.push(value)
  }
  const calls = names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')
  await tx.query(
    `select ${calls}`,
    names.flatMap((name, i) => [name, values[i]]),
  )
}

export async function withRole<T>(
  db: Database,
  context: RoleContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await setRole(tx, context)
    return fn(tx)
  })
}
