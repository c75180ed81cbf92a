/**
 * Proof-of-work challenges are issued within limits kept in SQL
 * (public.count_challenge_issue, which pow-challenge calls as the service role):
 * 20 per user and 60 per client address in 10 minutes; a refusal counts nothing.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { expectPgError, noSession, openTestDatabase, query, serviceRole } from './helpers.ts'

let db: Database

beforeAll(async () => {
  db = await openTestDatabase()
})

afterAll(async () => {
  await db?.close()
})

async function count(address: string | null, userId: string | null): Promise<number> {
  const [row] = await query<{ wait: number }>(
    db,
    serviceRole,
    'select public.count_challenge_issue($1, $2) as wait',
    [address, userId],
  )
  return row?.wait ?? -1
}

describe('count_challenge_issue', () => {
  it('issues 20 to one user in 10 minutes, then answers the seconds to wait', async () => {
    const user = randomUUID()
    for (let n = 1; n <= 20; n += 1) expect(await count(null, user)).toBe(0)
    const wait = await count(null, user)
    expect(wait).toBeGreaterThan(590)
    expect(wait).toBeLessThanOrEqual(600)
    // another user is not held up
    expect(await count(null, randomUUID())).toBe(0)
  })

  it('issues 60 to one address whatever the users, and a refusal counts nothing', async () => {
    const address = '203.0.113.35'
    for (let n = 1; n <= 60; n += 1) expect(await count(address, randomUUID())).toBe(0)
    const fresh = randomUUID()
    expect(await count(address, fresh)).toBeGreaterThan(0)
    expect(await count(`  ${address} `, null)).toBeGreaterThan(0)
    // the refused user had nothing counted: 20 more from elsewhere go through
    for (let n = 1; n <= 20; n += 1) expect(await count('198.51.100.35', fresh)).toBe(0)
    expect(await count('198.51.100.36', fresh)).toBeGreaterThan(0)
  })

  it('keeps addresses hashed, and counts nobody when it knows neither', async () => {
    const rows = await db.query<{ subject: string }>(
      `select subject from app_private.challenge_issues where subject like 'address:%' limit 1`,
    )
    expect(rows.rows[0]?.subject).toMatch(/^address:[0-9a-f]{64}$/)
    const before = await db.query<{ n: number }>(
      'select count(*)::int as n from app_private.challenge_issues',
    )
    expect(await count(null, null)).toBe(0)
    expect(await count('   ', null)).toBe(0)
    const after = await db.query<{ n: number }>(
      'select count(*)::int as n from app_private.challenge_issues',
    )
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n)
  })

  it('reads its numbers from app_private.limits', async () => {
    await db.query("update app_private.limits set max_count = 2 where name = 'challenges_per_user'")
    try {
      const user = randomUUID()
      expect(await count(null, user)).toBe(0)
      expect(await count(null, user)).toBe(0)
      expect(await count(null, user)).toBeGreaterThan(0)
    } finally {
      await db.query(
        "update app_private.limits set max_count = 20 where name = 'challenges_per_user'",
      )
    }
  })

  it('is for the service role only', async () => {
    await expectPgError(
      query(db, noSession, 'select public.count_challenge_issue($1, $2)', ['203.0.113.1', null]),
      { code: '42501' },
    )
  })
})
