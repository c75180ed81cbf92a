/**
 * public.report_found: report-found's one database call. The finder's session,
 * the proof's one-time use and the report in one transaction; refusals come
 * back as a row, and the proof stays used up whatever the report's outcome.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  noSession,
  openTestDatabase,
  query,
  registeredMetadata,
  serviceRole,
  SITE_URL,
  type Actor,
  type ItemRow,
} from './helpers.ts'

type Row = {
  report_id: string | null
  chat_id: string | null
  invite_token: string | null
  failure: string | null
  failure_detail: string | null
  failure_hint: string | null
}

let db: Database
let owner: Actor
let item: ItemRow

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  item = await giveItem(db, owner)
})

afterAll(async () => {
  await db?.close()
})

const challenge = () => randomUUID().replaceAll('-', '').repeat(2)
const inTenMinutes = () => new Date(Date.now() + 600_000).toISOString()

async function newSession(userId: string): Promise<string> {
  const id = randomUUID()
  await db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [id, userId])
  return id
}

function call(
  actor: Actor,
  args: {
    tagCode?: string
    finderId: string | null
    sessionId: string | null
    proof?: string
    key?: string | null
    name?: string
  },
): Promise<Row[]> {
  return query<Row>(
    db,
    actor,
    'select * from public.report_found($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
    [
      args.tagCode ?? item.tag_code,
      args.finderId,
      args.sessionId,
      args.name ?? 'Fiona',
      'fiona@example.test',
      '',
      '',
      'On a bench',
      SITE_URL,
      args.key ?? null,
      args.proof ?? challenge(),
      inTenMinutes(),
    ],
  )
}

async function reportsBy(finderId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.found_reports where finder_id = $1',
    [finderId],
  )
  return rows[0]?.n ?? 0
}

describe('report_found', () => {
  it('creates the report, its chat and outbox once per idempotency key', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    const sessionId = await newSession(finder.userId!)
    const key = randomUUID()
    const [first] = await call(serviceRole, { finderId: finder.userId, sessionId, key })
    expect(first).toMatchObject({ failure: null })
    expect(first?.report_id).toBeTruthy()
    expect(first?.invite_token).toBeTruthy()
    const { rows } = await db.query<{ template: string }>(
      'select template from public.notifications where report_id = $1 order by template',
      [first?.report_id],
    )
    expect(rows.map((row) => row.template)).toEqual([
      'finder_thanks_email',
      'found_sms',
      'owner_found_email',
    ])
    // a retried request (with a new proof) returns the first report, no token, nothing new
    const [again] = await call(serviceRole, { finderId: finder.userId, sessionId, key })
    expect(again).toMatchObject({
      report_id: first?.report_id,
      chat_id: first?.chat_id,
      invite_token: null,
      failure: null,
    })
    expect(await reportsBy(finder.userId!)).toBe(1)
  })

  it('uses a proof once: the second call with it is refused and creates nothing', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    const proof = challenge()
    const [first] = await call(serviceRole, { finderId: finder.userId, sessionId: null, proof })
    expect(first?.failure).toBeNull()
    const [replay] = await call(serviceRole, { finderId: finder.userId, sessionId: null, proof })
    expect(replay).toMatchObject({ report_id: null, failure: 'proof_reused' })
    expect(await reportsBy(finder.userId!)).toBe(1)
  })

  it('a refused report still uses up its proof (no free guessing of tag codes)', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    const proof = challenge()
    const [unknownTag] = await call(serviceRole, {
      finderId: finder.userId,
      sessionId: null,
      proof,
      tagCode: 'HWZZZZZZZZ',
    })
    expect(unknownTag).toMatchObject({ report_id: null, failure: 'tag_not_activated' })
    const [again] = await call(serviceRole, { finderId: finder.userId, sessionId: null, proof })
    expect(again).toMatchObject({ report_id: null, failure: 'proof_reused' })

    const [badName] = await call(serviceRole, {
      finderId: finder.userId,
      sessionId: null,
      name: 'Fiona\nX',
    })
    expect(badName).toMatchObject({ failure: 'invalid_input', failure_detail: 'finder_name' })
    expect(await reportsBy(finder.userId!)).toBe(0)
  })

  it('passes the limits on: too_many_reports with seconds to wait and which limit', async () => {
    const busy = await giveItem(db, owner, 'Red scarf')
    for (let i = 0; i < 3; i += 1) {
      const finder = await createUser(db, `finder ${i}`, { anonymous: true })
      const [row] = await call(serviceRole, {
        finderId: finder.userId,
        sessionId: null,
        tagCode: busy.tag_code,
      })
      expect(row?.failure).toBeNull()
    }
    const late = await createUser(db, 'late finder', { anonymous: true })
    const [row] = await call(serviceRole, {
      finderId: late.userId,
      sessionId: null,
      tagCode: busy.tag_code,
    })
    expect(row).toMatchObject({ report_id: null, failure: 'too_many_reports', failure_hint: 'tag' })
    expect(Number(row?.failure_detail)).toBeGreaterThan(0)
  })

  it('refuses an unknown or deleted user and a signed-out session', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    const [stranger] = await call(serviceRole, { finderId: randomUUID(), sessionId: null })
    expect(stranger?.failure).toBe('unauthorized')
    const [noSessionRow] = await call(serviceRole, {
      finderId: finder.userId,
      sessionId: randomUUID(),
    })
    expect(noSessionRow?.failure).toBe('unauthorized')
    const other = await createUser(db, 'other', { anonymous: true })
    const [othersSession] = await call(serviceRole, {
      finderId: finder.userId,
      sessionId: await newSession(other.userId!),
    })
    expect(othersSession?.failure).toBe('unauthorized')
    await db.query('update auth.users set deleted_at = now() where id = $1', [finder.userId])
    const [deleted] = await call(serviceRole, { finderId: finder.userId, sessionId: null })
    expect(deleted?.failure).toBe('unauthorized')
    expect(await reportsBy(finder.userId!)).toBe(0)
  })

  it('is for the service role only', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    for (const actor of [finder, noSession]) {
      await expectPgError(call(actor, { finderId: finder.userId, sessionId: null }), {
        code: '42501',
      })
    }
  })
})
