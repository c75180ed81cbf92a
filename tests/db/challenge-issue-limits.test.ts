/**
 * Proof-of-work challenges are issued within limits kept in SQL
 * (public.issue_challenge, which pow-challenge calls as the service role): 20 per
 * user in 10 minutes, hard; per client address a difficulty that doubles with the
 * address's volume in the hour past the first 30, and a backstop of 600 in 10
 * minutes; a refusal counts nothing.
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

type Issue = { wait: number; doublings: number }

async function issue(address: string | null, userId: string | null): Promise<Issue> {
  const [row] = await query<{ issue: Issue }>(
    db,
    serviceRole,
    'select public.issue_challenge($1, $2) as issue',
    [address, userId],
  )
  if (!row) throw new Error('no answer')
  return row.issue
}

/** Seconds to wait, or 0 when issued (and counted). */
const count = async (address: string | null, userId: string | null) =>
  (await issue(address, userId)).wait

describe('issue_challenge', () => {
  it('issues 20 to one user in 10 minutes, then answers the seconds to wait', async () => {
    const user = randomUUID()
    for (let n = 1; n <= 20; n += 1) expect(await count(null, user)).toBe(0)
    const wait = await count(null, user)
    expect(wait).toBeGreaterThan(590)
    expect(wait).toBeLessThanOrEqual(600)
    // another user is not held up
    expect(await count(null, randomUUID())).toBe(0)
  })

  it('issues 50 to one address in an hour, whatever the users, the difficulty doubling past 30', async () => {
    const address = '203.0.113.35'
    const doublings: number[] = []
    for (let n = 1; n <= 50; n += 1) {
      const answer = await issue(address, randomUUID())
      expect(answer.wait).toBe(0)
      doublings.push(answer.doublings)
    }
    expect(doublings.slice(0, 30)).toEqual(Array.from({ length: 30 }, () => 0))
    expect(doublings.slice(30, 40)).toEqual(Array.from({ length: 10 }, () => 1))
    expect(doublings.slice(40, 50)).toEqual(Array.from({ length: 10 }, () => 2))
    // the volume is the address's, not the user's: another address starts at the base
    expect(await issue('198.51.100.35', randomUUID())).toEqual({ wait: 0, doublings: 0 })
  })

  it('a flood from one address gets ever harder proofs, up to the ceiling; its old volume ages out', async () => {
    const address = '203.0.113.36'
    let last: Issue = { wait: 0, doublings: 0 }
    const seen: number[] = []
    for (let n = 1; n <= 260; n += 1) {
      last = await issue(address, randomUUID())
      expect(last.wait).toBe(0)
      seen.push(last.doublings)
    }
    for (let n = 1; n < seen.length; n += 1) expect(seen[n]).toBeGreaterThanOrEqual(seen[n - 1]!)
    // 30 free, then one doubling per 10: the ceiling (20 doublings, ~a million times the base)
    expect(seen[229]).toBe(20)
    expect(last.doublings).toBe(20)
    // an hour later the address is back to the base
    await db.query(
      "update app_private.challenge_issues set created_at = now() - interval '61 minutes' where subject like 'address:%'",
    )
    expect(await issue(address, randomUUID())).toEqual({ wait: 0, doublings: 0 })
  })

  it('refuses an address only past the backstop, and a refusal counts nothing', async () => {
    await db.query(
      "update app_private.limits set max_count = 5 where name = 'challenges_per_address'",
    )
    try {
      const address = '203.0.113.37'
      for (let n = 1; n <= 5; n += 1) expect(await count(address, randomUUID())).toBe(0)
      const fresh = randomUUID()
      expect(await count(address, fresh)).toBeGreaterThan(0)
      expect(await count(`  ${address} `, null)).toBeGreaterThan(0)
      // the refused user had nothing counted: 20 more from elsewhere go through
      for (let n = 1; n <= 20; n += 1) expect(await count(`198.51.100.${n + 40}`, fresh)).toBe(0)
      expect(await count('198.51.100.99', fresh)).toBeGreaterThan(0)
    } finally {
      await db.query(
        "update app_private.limits set max_count = 600 where name = 'challenges_per_address'",
      )
    }
  })

  it('reads the difficulty from app_private.limits and app_private.proof_difficulty', async () => {
    await db.query(
      "update app_private.limits set max_count = 2 where name = 'proof_free_per_address'",
    )
    await db.query('update app_private.proof_difficulty set doubling_every = 1, max_doublings = 3')
    try {
      const address = '203.0.113.38'
      const seen: number[] = []
      for (let n = 1; n <= 7; n += 1) seen.push((await issue(address, randomUUID())).doublings)
      expect(seen).toEqual([0, 0, 1, 2, 3, 3, 3])
    } finally {
      await db.query(
        "update app_private.limits set max_count = 30 where name = 'proof_free_per_address'",
      )
      await db.query(
        'update app_private.proof_difficulty set doubling_every = 10, max_doublings = 20',
      )
    }
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
      query(db, noSession, 'select public.issue_challenge($1, $2)', ['203.0.113.1', null]),
      { code: '42501' },
    )
  })
})
