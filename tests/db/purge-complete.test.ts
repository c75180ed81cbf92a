/**
 * purge_finder_data is complete: after it, no row in any table (every schema,
 * realtime.messages included) holds the finder's name, e-mail, phone or address;
 * notifications not yet sent never will be; the anonymous finder is gone; and
 * nobody can post in the closed chat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  type Actor,
  type ReportResult,
} from './helpers.ts'

let db: Database
let owner: Actor

const FINDER = {
  name: 'Zebediah Quuxworth',
  email: 'zeb.quuxworth@finder.example',
  phone: '07700 900 777',
  address: '99 Unusual Lane, Kirkwhelpington',
  location: 'Under the Quuxworth bench',
}
const TRACES = [FINDER.name, 'Quuxworth', FINDER.email, FINDER.phone, '07700900777', 'Unusual Lane']

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

/** Every base table of every schema that holds data, as schema.table. */
async function allTables(): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name
       from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  )
  return rows.map((row) => row.name)
}

/** Tables (and how many rows) whose whole row, as text, contains any trace of the finder. */
async function tracesOfFinder(): Promise<Record<string, number>> {
  const found: Record<string, number> = {}
  for (const table of await allTables()) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${table} t where t::text ilike any ($1)`,
      [TRACES.map((trace) => `%${trace}%`)],
    )
    const n = rows[0]?.n ?? 0
    if (n > 0) found[table] = n
  }
  return found
}

async function chatWithEverything(): Promise<{ report: ReportResult; finder: Actor }> {
  const item = await giveItem(db, owner, 'Violin')
  const finder = await createUser(db, 'finder', { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder, FINDER)
  await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    `Hi, I'm ${FINDER.name}, call me on ${FINDER.phone}`,
  ])
  await query(db, owner, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    `Thanks ${FINDER.name}! I'll come to ${FINDER.address}`,
  ])
  // one notification sent (the owner's e-mail), the others still pending
  await db.query(
    `update public.notifications set status = 'sent', sent_at = now(), provider_id = 'p1',
            last_error = $2
      where report_id = $1 and template = 'owner_found_email'`,
    [report.report_id, `earlier failure mentioning ${FINDER.email}`],
  )
  return { report, finder }
}

async function ageReport(report: ReportResult, age: string): Promise<void> {
  await db.query(
    `update public.found_reports
        set created_at = now() - $2::interval, purge_after = now() - $2::interval + interval '30 days'
      where id = $1`,
    [report.report_id, age],
  )
}

const purge = () => query(db, serviceRole, 'select public.purge_finder_data() as n')

describe('a complete purge', () => {
  it('leaves no row or payload anywhere holding the finder’s name, e-mail, phone or address', async () => {
    const { report, finder } = await chatWithEverything()
    const before = await tracesOfFinder()
    // the test can see the traces it looks for
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'public.found_reports',
        'public.messages',
        'public.notifications',
        'realtime.messages',
      ]),
    )

    await ageReport(report, '30 days 1 minute')
    expect(await purge()).toEqual([{ n: 1 }])
    expect(await tracesOfFinder()).toEqual({})

    const { rows: users } = await db.query('select id from auth.users where id = $1', [
      finder.userId,
    ])
    expect(users).toEqual([])
    const { rows: invites } = await db.query(
      'select id from public.chat_invites where chat_id = $1',
      [report.chat_id],
    )
    expect(invites).toEqual([])
    const { rows: copies } = await db.query(
      "select id from realtime.messages where topic = 'chat:' || $1",
      [report.chat_id],
    )
    expect(copies).toEqual([])
  })

  it('cancels notifications not yet sent (payload scrubbed) and scrubs the sent ones', async () => {
    const { report } = await chatWithEverything()
    await ageReport(report, '31 days')
    await purge()
    const { rows } = await db.query<{
      template: string
      status: string
      recipient: string
      payload: unknown
      last_error: string | null
    }>(
      'select template, status, recipient, payload, last_error from public.notifications where report_id = $1 order by template',
      [report.report_id],
    )
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const row of rows) {
      expect(row.payload).toEqual({ purged: true })
      expect(row.status).not.toMatch(/^(pending|sending)$/)
      if (row.template.startsWith('finder')) expect(row.recipient).toBe('purged')
    }
    const sent = rows.find((row) => row.template === 'owner_found_email')
    expect(sent).toMatchObject({ status: 'sent', last_error: 'purged' })
    // the dispatcher finds nothing to send for this report
    const claimed = await query<{ report_id: string }>(
      db,
      serviceRole,
      'select report_id from public.claim_notifications(100)',
    )
    expect(claimed.map((row) => row.report_id)).not.toContain(report.report_id)
  })

  it('closes the chat: no new messages from the owner or anyone, and none kept', async () => {
    const { report } = await chatWithEverything()
    await ageReport(report, '31 days')
    await purge()
    await expectPgError(
      query(db, owner, 'insert into public.messages (chat_id, body) values ($1, $2)', [
        report.chat_id,
        'Are you still there?',
      ]),
      // The owner is still a member: told in words why (closed-chats.test.ts).
      {
        code: 'P0001',
        message: 'chat_closed',
      },
    )
    const { rows } = await db.query('select id from public.messages where chat_id = $1', [
      report.chat_id,
    ])
    expect(rows).toEqual([])
  })

  it('keeps a finder who still has an unpurged report, and the other chats untouched', async () => {
    const first = await giveItem(db, owner, 'Flute')
    const second = await giveItem(db, owner, 'Oboe')
    const finder = await createUser(db, 'two-report finder', { anonymous: true })
    const old = await reportFound(db, first.tag_code, finder)
    const recent = await reportFound(db, second.tag_code, finder)
    await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
      recent.chat_id,
      'Still here',
    ])
    await ageReport(old, '31 days')
    await purge()
    const { rows: users } = await db.query('select id from auth.users where id = $1', [
      finder.userId,
    ])
    expect(users).toHaveLength(1)
    const kept = await query(db, finder, 'select body from public.messages where chat_id = $1', [
      recent.chat_id,
    ])
    expect(kept).toEqual([{ body: 'Still here' }])
  })

  it('is for the service role only', async () => {
    const finder = await createUser(db, 'curious', { anonymous: true })
    for (const actor of [owner, finder]) {
      await expectPgError(query(db, actor, 'select public.purge_finder_data()'), {
        code: '42501',
      })
    }
  })
})
