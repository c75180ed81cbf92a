/**
 * Private-channel authorisation as Supabase Realtime does it: the RLS policies on
 * realtime.messages are evaluated under the joiner's role and JWT claims with
 * `realtime.topic()` set to the channel's topic, inside a transaction that is
 * always rolled back.
 */
import type { Claims } from '../keys.ts'
import type { Database, Queryable } from '../db/types.ts'
import { setRole } from '../roles.ts'

export type Extension = 'broadcast' | 'presence'

export type Identity = { role: string; claims: Claims }

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback')
  }
}

/** Runs fn in a transaction that is rolled back whatever happens, returning fn's value. */
export async function inRolledBackTransaction<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.value as T
    throw error
  }
  throw new Error('unreachable: transaction was not rolled back')
}

/** Sets role, claims and topic transaction-locally (what Realtime's set_conn_config does). */
export async function actAs(tx: Queryable, who: Identity, topic: string | null): Promise<void> {
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : ''
  await setRole(tx, {
    role: who.role,
    claims: who.claims,
    settings: {
      'request.jwt.claim.sub': sub,
      'request.jwt.claim.role': who.role,
      'realtime.topic': topic ?? '',
    },
  })
}

/** Which extensions the identity may read on a private topic (RLS select on realtime.messages). */
export async function readableExtensions(
  db: Database,
  who: Identity,
  topic: string,
): Promise<Set<Extension>> {
  try {
    return await inRolledBackTransaction(db, async (tx) => {
      const inserted = await tx.query<{ id: unknown; extension: Extension }>(
        `insert into realtime.messages (topic, extension, private)
         values ($1, 'broadcast', true), ($1, 'presence', true)
         returning id, extension`,
        [topic],
      )
      await actAs(tx, who, topic)
      const visible = await tx.query<{ extension: Extension }>(
        'select extension from realtime.messages where id = any($1)',
        [inserted.rows.map((row) => row.id)],
      )
      return new Set(visible.rows.map((row) => row.extension))
    })
  } catch {
    // An unknown role or a missing grant means no access, never a crash.
    return new Set()
  }
}

/** Whether the identity may write (client broadcast / presence) on a private topic. */
export async function canWrite(
  db: Database,
  who: Identity,
  topic: string,
  extension: Extension,
): Promise<boolean> {
  try {
    return await inRolledBackTransaction(db, async (tx) => {
      await actAs(tx, who, topic)
      await tx.query(
        'insert into realtime.messages (topic, extension, private) values ($1, $2, true)',
        [topic, extension],
      )
      return true
    })
  } catch {
    return false
  }
}
