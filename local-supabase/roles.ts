/**
 * The one way the local stack acts as a Supabase API role, as PostgREST does per
 * request and Realtime does per authorisation check: inside one transaction,
 * `role`, `request.jwt.claims` (with `role` inserted) and any other request
 * settings are set transaction-locally. Used by REST, Realtime and the tests.
 */
import type { Database, Queryable, Statement } from './db/types.ts'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

export type RoleContext = {
  /** The JWT's role (anon, authenticated, service_role or any custom role). */
  role: ApiRole | (string & {})
  /** JWT claims; `role` is inserted. Omit for an anonymous (no session) request. */
  claims?: Record<string, unknown>
  /** Extra transaction-local settings, e.g. { 'request.method': 'GET' }. */
  settings?: Record<string, string>
}

/** The claims as `request.jwt.claims` holds them: `role` always present. */
export function claimsWithRole(context: RoleContext): Record<string, unknown> {
  return { ...context.claims, role: context.role }
}

/**
 * A text literal Postgres reads back as `value` whatever standard_conforming_strings
 * says (an escape string: backslashes and quotes doubled).
 */
function literal(value: string): string {
  return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`
}

/**
 * The statement that sets role, claims and settings transaction-locally. The
 * values are written as literals and sent as a simple query: on PGlite a
 * statement with parameters takes five protocol messages (parse, bind,
 * describe, execute, sync), each a trip into the database, and every API
 * request pays this statement. A value with a NUL character (which no literal
 * can hold) goes as a parameter, and Postgres refuses it as it would anyway.
 */
export function roleStatement(context: RoleContext): Statement {
  const names = ['role', 'request.jwt.claims']
  const values = [context.role, JSON.stringify(claimsWithRole(context))]
  for (const [name, value] of Object.entries(context.settings ?? {})) {
    names.push(name)
    values.push(value)
  }
  if (![...names, ...values].some((text) => text.includes('\0'))) {
    const calls = names.map(
      (name, i) => `set_config(${literal(name)}, ${literal(values[i]!)}, true)`,
    )
    return { sql: `select ${calls.join(', ')}` }
  }
  const calls = names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')
  return { sql: `select ${calls}`, params: names.flatMap((name, i) => [name, values[i]]) }
}

/** Sets role, claims and settings in a transaction already under way. */
export async function setRole(tx: Queryable, context: RoleContext): Promise<void> {
  const { sql, params } = roleStatement(context)
  if (params) await tx.query(sql, params)
  else await tx.exec(sql)
}

/** Runs fn in a transaction acting as the role (set as the transaction's prelude). */
export function withRole<T>(
  db: Database,
  context: RoleContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(fn, { prelude: roleStatement(context) })
}
