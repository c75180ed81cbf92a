/**
 * The outbox functions used by dispatch-notifications: claim, complete, fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  expectPgError,
  noSession,
  openTestDatabase,
  PERMISSION_DENIED,
  query,
  registeredMetadata,
  serviceRole,
} from './helpers.ts'

type Outbox = { id: string; status: string; attempts: number; in_future?: boolean }

let db: Database
let serial = 0

async function addRows(count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i += 1) {
    serial += 1
    const [row] = await query<{ id: string }>(
      db,
      serviceRole,
      `insert into public.notifications (dedupe_key, channel, template, recipient)
       values ($1, 'email', 'owner_found_email', 'a@example.test') returning id`,
      [`test:${serial}`],
    )
    if (row) ids.push(row.id)
  }
  return ids
}

const claim = (max: number) =>
  query<Outbox>(db, serviceRole, 'select * from public.claim_notifications($1)', [max])

async function row(id: string): Promise<Outbox> {
  const [found] = await query<Outbox>(
    db,
    serviceRole,
    'select id, status, attempts, next_attempt_at > now() as in_future from public.notifications where id = $1',
    [id],
  )
  if (!found) throw new Error('no such notification')
  return found
}

beforeAll(async () => {
  db = await openTestDatabase()
})

afterAll(async () => {
  await db?.close()
})

describe('claim_notifications, complete_notification, fail_notification', () => {
  it('two claims never return the same row, even at once', async () => {
    const ids = await addRows(6)
    const [first, second] = await Promise.all([claim(3), claim(3)])
    const claimed = [...(first ?? []), ...(second ?? [])].map((r) => r.id)
    expect(new Set(claimed).size).toBe(claimed.length)
    expect(claimed.sort()).toEqual([...ids].sort())
    expect(await claim(10)).toEqual([])
  })

  it('a failure backs off into the future; at the limit the row is failed', async () => {
    const [id] = await addRows(1)
    if (!id) throw new Error('no row')
    expect((await claim(10)).map((r) => r.id)).toEqual([id])
    await query(db, serviceRole, 'select public.fail_notification($1, $2, 2)', [id, 'timeout'])
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, in_future: true })
    expect(await claim(10)).toEqual([])

    await query(
      db,
      serviceRole,
      'update public.notifications set next_attempt_at = now() where id = $1',
      [id],
    )
    expect((await claim(10)).map((r) => r.attempts)).toEqual([2])
    await query(db, serviceRole, 'select public.fail_notification($1, $2, 2)', [id, 'timeout'])
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 })
    await query(
      db,
      serviceRole,
      'update public.notifications set next_attempt_at = now() where id = $1',
      [id],
    )
    expect(await claim(10)).toEqual([])
  })

  it('a sent row is never claimed again, and a late failure does not undo it', async () => {
    const [id] = await addRows(1)
    if (!id) throw new Error('no row')
    await claim(10)
    await query(db, serviceRole, 'select public.complete_notification($1, $2)', [id, 'provider-1'])
    await query(db, serviceRole, 'select public.fail_notification($1, $2)', [id, 'late'])
    expect(await row(id)).toMatchObject({ status: 'sent' })
    await query(
      db,
      serviceRole,
      "update public.notifications set next_attempt_at = now() - interval '1 hour', locked_until = now() - interval '1 hour' where id = $1",
      [id],
    )
    expect(await claim(10)).toEqual([])
  })

  it('is refused to every role but the service role', async () => {
    const [id] = await addRows(1)
    const owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
    const finder = await createUser(db, 'finder', { anonymous: true })
    for (const actor of [noSession, owner, finder]) {
      for (const sql of [
        'select * from public.claim_notifications(10)',
        "select public.complete_notification($1, 'x')",
        "select public.fail_notification($1, 'x')",
      ]) {
        await expectPgError(query(db, actor, sql, sql.includes('$1') ? [id] : []), {
          code: '42501',
          message: PERMISSION_DENIED,
        })
      }
    }
    expect(await row(id ?? '')).toMatchObject({ status: 'pending', attempts: 0 })
  })
})
