/**
 * Delivery once: leased claims, unknown outcomes, Retry-After, the finder's
 * receipts, escalation reminders (once, quiet hours, LOST, cancelled by
 * opening) and create_found_report_once (one report per idempotency key).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database, Queryable } from '../../local-supabase/db/types.ts'
import { withRole } from '../../local-supabase/roles.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  noSession,
  openTestDatabase,
  PERMISSION_DENIED,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  SITE_URL,
  type Actor,
} from './helpers.ts'

type Claimed = {
  id: string
  template: string
  status: string
  lease_id: string
  outcome_unknown: boolean
  attempts: number
}

let db: Database
let owner: Actor
let otherOwner: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

async function newReport(itemName = 'Blue backpack') {
  const item = await giveItem(db, owner, itemName)
  const finder = await createUser(db, 'finder', { anonymous: true })
  // A finder e-mail of its own: the thank-you e-mail goes once a day per address.
  const report = await reportFound(db, item.tag_code, finder, {
    email: `fiona-${finder.userId?.slice(0, 8)}@example.test`,
  })
  return { item, finder, report }
}

const claim = (max = 20, forReport: string | null = null, leaseSeconds = 60) =>
  query<Claimed>(db, serviceRole, 'select * from public.claim_notifications($1, $2, $3)', [
    max,
    leaseSeconds,
    forReport,
  ])

async function statusOf(id: string) {
  const { rows } = await db.query<{
    status: string
    outcome_unknown: boolean
    due_later: boolean
    wait: number
  }>(
    `select status, outcome_unknown, next_attempt_at > now() as due_later,
            extract(epoch from next_attempt_at - now())::int as wait
       from public.notifications where id = $1`,
    [id],
  )
  return rows[0]
}

const expireLeases = (reportId: string) =>
  db.query(
    `update public.notifications set locked_until = now() - interval '1 second'
      where report_id = $1 and status = 'sending'`,
    [reportId],
  )

describe('claims with a lease', () => {
  it('a claim holds its rows; an expired lease comes back as an unknown outcome; a stale holder cannot record a failure', async () => {
    const { report } = await newReport()
    const first = await claim(20, report.report_id)
    expect(first).toHaveLength(3)
    expect(
      first.every((row) => row.status === 'sending' && row.lease_id && !row.outcome_unknown),
    ).toBe(true)
    expect(await claim(20, report.report_id)).toEqual([])

    await expireLeases(report.report_id)
    const second = await claim(20, report.report_id)
    expect(second).toHaveLength(3)
    expect(second.every((row) => row.outcome_unknown && row.attempts === 2)).toBe(true)
    const stale = first[0]!
    const fresh = second.find((row) => row.id === stale.id)!
    expect(fresh.lease_id).not.toBe(stale.lease_id)

    await query(db, serviceRole, 'select public.fail_notification($1, $2, 8, $3)', [
      stale.id,
      'late',
      stale.lease_id,
    ])
    expect((await statusOf(stale.id))?.status).toBe('sending')
    await query(db, serviceRole, 'select public.mark_notification_unknown($1, $2, 8, $3)', [
      stale.id,
      'late',
      stale.lease_id,
    ])
    expect((await statusOf(stale.id))?.status).toBe('sending')
    // Acceptance is a fact, whoever reports it.
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      stale.id,
      'SM1',
      stale.lease_id,
    ])
    expect((await statusOf(stale.id))?.status).toBe('sent')
  })

  it('an unknown outcome waits for its backoff and is claimed again flagged for a lookup; at the limit it is failed', async () => {
    const { report } = await newReport()
    const [row] = (await claim(20, report.report_id)).filter((r) => r.template === 'found_sms')
    if (!row) throw new Error('no sms row')
    await query(db, serviceRole, 'select public.mark_notification_unknown($1, $2, 8, $3)', [
      row.id,
      'timeout',
      row.lease_id,
    ])
    expect(await statusOf(row.id)).toMatchObject({
      status: 'unknown',
      outcome_unknown: true,
      due_later: true,
    })
    expect((await claim(20, report.report_id)).map((r) => r.id)).not.toContain(row.id)
    await db.query('update public.notifications set next_attempt_at = now() where id = $1', [
      row.id,
    ])
    const [again] = await claim(20, report.report_id)
    expect(again).toMatchObject({ id: row.id, outcome_unknown: true, attempts: 2 })
    await query(db, serviceRole, 'select public.mark_notification_unknown($1, $2, 2, $3)', [
      row.id,
      'timeout',
      again!.lease_id,
    ])
    expect((await statusOf(row.id))?.status).toBe('failed')
  })

  it("a refusal waits at least the provider's Retry-After and clears the unknown flag", async () => {
    const { report } = await newReport()
    const [row] = await claim(1, report.report_id)
    await query(db, serviceRole, 'select public.fail_notification($1, $2, 8, $3, $4)', [
      row!.id,
      'HTTP 429',
      row!.lease_id,
      600,
    ])
    const after = await statusOf(row!.id)
    expect(after).toMatchObject({ status: 'pending', outcome_unknown: false })
    expect(after!.wait).toBeGreaterThanOrEqual(599)
  })

  it('claims only the given report when asked, and are for the service role only', async () => {
    const a = await newReport()
    const b = await newReport()
    const claimed = await claim(20, a.report.report_id)
    expect(claimed).toHaveLength(3)
    const ids = await db.query<{ id: string }>(
      'select id from public.notifications where report_id = $1',
      [b.report.report_id],
    )
    expect(claimed.map((r) => r.id)).not.toContain(ids.rows[0]?.id)
    for (const actor of [noSession, owner, a.finder]) {
      await expectPgError(query(db, actor, 'select * from public.claim_notifications(1)'), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
      await expectPgError(query(db, actor, 'select public.enqueue_reminders()'), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
      await expectPgError(
        query(db, actor, "select public.mark_notification_unknown(gen_random_uuid(), 'x')"),
        { code: '42501', message: PERMISSION_DENIED },
      )
    }
  })
})

type Receipt = {
  owner_notified_at: string | null
  owner_notified_channels: string[]
  owner_seen_chat_at: string | null
  owner_opened_at: string | null
}

const receiptAs = async (actor: Actor, reportId: string) =>
  (
    await query<Receipt>(
      db,
      actor,
      'select owner_notified_at, owner_notified_channels, owner_seen_chat_at, owner_opened_at from public.found_reports where id = $1',
      [reportId],
    )
  )[0]

const receiptBroadcasts = async (chatId: string) =>
  (
    await db.query<{ payload: Record<string, unknown> }>(
      `select payload from realtime.messages where topic = $1 and event = 'receipt' order by inserted_at`,
      [`receipts:${chatId}`],
    )
  ).rows.map((row) => row.payload)

describe("the finder's receipts", () => {
  it('each alert to the owner is on the report once accepted (the text may still be on its way), the finder reads it and the chat topic hears of it', async () => {
    const { report, finder } = await newReport()
    const rows = await claim(20, report.report_id)
    const byTemplate = (t: string) => rows.find((r) => r.template === t)!
    expect((await receiptAs(finder, report.report_id))?.owner_notified_at).toBeNull()
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      byTemplate('owner_found_email').id,
      'em_1',
      byTemplate('owner_found_email').lease_id,
    ])
    // The text is still 'sending' (a provider down retries it for about an hour).
    const emailOnly = await receiptAs(finder, report.report_id)
    expect(emailOnly?.owner_notified_at).not.toBeNull()
    expect(emailOnly?.owner_notified_channels).toEqual(['email'])
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      byTemplate('found_sms').id,
      'SM1',
      byTemplate('found_sms').lease_id,
    ])
    const receipt = await receiptAs(finder, report.report_id)
    expect(receipt?.owner_notified_at).toEqual(emailOnly?.owner_notified_at)
    expect(receipt?.owner_notified_channels).toEqual(['email', 'sms'])
    expect(await receiptBroadcasts(report.chat_id)).toEqual([
      expect.objectContaining({ report_id: report.report_id, owner_notified_channels: ['email'] }),
      expect.objectContaining({
        report_id: report.report_id,
        owner_notified_channels: ['email', 'sms'],
      }),
    ])
    const stranger = await createUser(db, 'other finder', { anonymous: true })
    expect(await receiptAs(stranger, report.report_id)).toBeUndefined()
    expect(await receiptAs(otherOwner, report.report_id)).toBeUndefined()
    await expectPgError(receiptAs(noSession, report.report_id), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  // Two connections at once: a real PostgreSQL server only (PGlite has one connection).
  it.skipIf(!process.env.DATABASE_URL?.trim())(
    'the text and the e-mail accepted at the same moment (two transactions) still make the receipt',
    async () => {
      const { report, finder } = await newReport()
      const rows = await claim(20, report.report_id)
      const byTemplate = (t: string) => rows.find((r) => r.template === t)!
      const complete = (tx: Queryable, template: string) =>
        tx.query('select public.complete_notification($1, $2, $3)', [
          byTemplate(template).id,
          `${template}-1`,
          byTemplate(template).lease_id,
        ])
      let second: Promise<unknown> | null = null
      let secondDone = false
      await withRole(db, serviceRole.context, async (first) => {
        await complete(first, 'found_sms')
        // The e-mail's transaction runs while the text's is not yet committed:
        // it either finishes at once (and so saw the text as unsent) or waits.
        second = withRole(db, serviceRole.context, (tx) => complete(tx, 'owner_found_email'))
        void second.then(() => (secondDone = true))
        await vi.waitFor(
          async () => {
            const { rows: waiting } = await db.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )
            expect(secondDone || (waiting[0]?.n ?? 0) > 0).toBe(true)
          },
          { timeout: 10_000, interval: 20 },
        )
      })
      await second
      const receipt = await receiptAs(finder, report.report_id)
      expect(receipt?.owner_notified_channels).toEqual(['email', 'sms'])
    },
  )

  it('a text that finally fails leaves the receipt at the e-mail', async () => {
    const { report, finder } = await newReport()
    const rows = await claim(20, report.report_id)
    const email = rows.find((r) => r.template === 'owner_found_email')!
    const sms = rows.find((r) => r.template === 'found_sms')!
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      email.id,
      'em',
      email.lease_id,
    ])
    await query(db, serviceRole, 'select public.fail_notification($1, $2, 1, $3)', [
      sms.id,
      'HTTP 400',
      sms.lease_id,
    ])
    expect((await receiptAs(finder, report.report_id))?.owner_notified_channels).toEqual(['email'])
  })

  it("only the report's owner marks it opened; opening the chat is the finder's seen receipt", async () => {
    const { report, finder } = await newReport()
    const stranger = await createUser(db, 'other finder', { anonymous: true })
    for (const actor of [otherOwner, finder, stranger]) {
      const [result] = await query<{ opened: boolean }>(
        db,
        actor,
        "select public.mark_report_opened($1, 'chat') as opened",
        [report.report_id],
      )
      expect(result?.opened).toBe(false)
    }
    await expectPgError(
      query(db, noSession, "select public.mark_report_opened($1, 'chat')", [report.report_id]),
      {
        code: '42501',
        message: PERMISSION_DENIED,
      },
    )
    expect((await receiptAs(finder, report.report_id))?.owner_opened_at).toBeNull()

    const [dashboard] = await query<{ opened: boolean }>(
      db,
      owner,
      "select public.mark_report_opened($1, 'dashboard') as opened",
      [report.report_id],
    )
    expect(dashboard?.opened).toBe(true)
    const seenOnDashboard = await receiptAs(finder, report.report_id)
    expect(seenOnDashboard?.owner_opened_at).not.toBeNull()
    expect(seenOnDashboard?.owner_seen_chat_at).toBeNull()

    const [chat] = await query<{ opened: boolean }>(
      db,
      owner,
      'select public.mark_chat_opened($1) as opened',
      [report.chat_id],
    )
    expect(chat?.opened).toBe(true)
    expect((await receiptAs(finder, report.report_id))?.owner_seen_chat_at).not.toBeNull()
    expect((await receiptBroadcasts(report.chat_id)).at(-1)).toMatchObject({
      report_id: report.report_id,
      owner_seen_chat_at: expect.any(String),
    })
  })
})

describe('the owner reading the chat', () => {
  it("mark_chat_read by the owner is the finder's seen receipt; by the finder it is not", async () => {
    const { report, finder } = await newReport()
    await query(db, finder, 'select public.mark_chat_read($1, 0)', [report.chat_id])
    expect((await receiptAs(finder, report.report_id))?.owner_seen_chat_at).toBeNull()
    await query(db, owner, 'select public.mark_chat_read($1, 0)', [report.chat_id])
    const receipt = await receiptAs(finder, report.report_id)
    expect(receipt?.owner_seen_chat_at).not.toBeNull()
    expect(receipt?.owner_opened_at).not.toBeNull()
  })
})

describe('the receipts topic', () => {
  it('receipts:<chat> is read by the chat members only; nobody may send on it', async () => {
    const { report, finder } = await newReport()
    await query(db, owner, 'select public.mark_chat_opened($1)', [report.chat_id])
    const stranger = await createUser(db, 'stranger', { anonymous: true })
    const topic = `receipts:${report.chat_id}`
    const visible = async (actor: Actor, wanted = topic) =>
      (
        await query<{ n: number }>(
          db,
          { ...actor, context: { ...actor.context, settings: { 'realtime.topic': wanted } } },
          `select count(*)::int as n from realtime.messages
            where topic = realtime.topic() and extension = 'broadcast' and event = 'receipt'`,
        )
      )[0]?.n
    expect(await visible(finder)).toBe(1)
    expect(await visible(owner)).toBe(1)
    expect(await visible(stranger)).toBe(0)
    expect(await visible(otherOwner)).toBe(0)
    expect(await visible(finder, 'receipts:not-a-uuid')).toBe(0)
    await expectPgError(
      query(
        db,
        { ...finder, context: { ...finder.context, settings: { 'realtime.topic': topic } } },
        `insert into realtime.messages (topic, extension, event, payload, private)
         values ($1, 'broadcast', 'receipt', '{}', true)`,
        [topic],
      ),
      { code: '42501' },
    )
  })
})

describe('escalation reminders', () => {
  const DAY = '2026-11-23 12:00:00+00'
  const NIGHT = '2026-11-23 23:30:00+00' // 23:30 in London (GMT in November)

  async function sentReport(minutesAgo: number, at: string, lost = false) {
    const { report, item, finder } = await newReport()
    await db.query(
      `update public.found_reports set created_at = $2::timestamptz - make_interval(mins => $3) where id = $1`,
      [report.report_id, at, minutesAgo],
    )
    await db.query(`update public.notifications set status = 'sent' where report_id = $1`, [
      report.report_id,
    ])
    if (lost) await db.query(`update public.items set status = 'LOST' where id = $1`, [item.id])
    return { report, finder }
  }

  const reminders = async (reportId: string) =>
    (
      await db.query<{ template: string; status: string; recipient: string }>(
        `select template, status, recipient from public.notifications
          where report_id = $1 and template like 'reminder_%' order by template`,
        [reportId],
      )
    ).rows

  const enqueue = (at: string) =>
    query(db, serviceRole, 'select public.enqueue_reminders($1::timestamptz)', [at])

  it('an unopened report gets one text and one e-mail reminder after 15 minutes, once', async () => {
    const early = await sentReport(10, DAY)
    const due = await sentReport(16, DAY)
    await enqueue(DAY)
    await enqueue(DAY)
    expect(await reminders(early.report.report_id)).toEqual([])
    expect(await reminders(due.report.report_id)).toEqual([
      { template: 'reminder_email', status: 'pending', recipient: expect.stringContaining('@') },
      { template: 'reminder_sms', status: 'pending', recipient: '07700900123' },
    ])
  })

  it('none at night unless the item is LOST, and none once the owner opened the report', async () => {
    const night = await sentReport(20, NIGHT)
    const lost = await sentReport(20, NIGHT, true)
    const opened = await sentReport(20, DAY)
    await query(db, owner, "select public.mark_report_opened($1, 'dashboard')", [
      opened.report.report_id,
    ])
    await enqueue(NIGHT)
    await enqueue(DAY.replace('12:00', '12:01'))
    expect(await reminders(night.report.report_id)).toEqual([])
    expect((await reminders(lost.report.report_id)).map((r) => r.template)).toEqual([
      'reminder_email',
      'reminder_sms',
    ])
    expect(await reminders(opened.report.report_id)).toEqual([])
  })

  it('opening the report cancels reminders not yet sent', async () => {
    const { report } = await sentReport(20, DAY)
    await enqueue(DAY)
    await query(db, owner, 'select public.mark_chat_opened($1)', [report.chat_id])
    expect((await reminders(report.report_id)).map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
    ])
    expect((await claim(20, report.report_id)).length).toBe(0)
  })

  it('a reminder in flight when the owner opens the report is not retried after its send fails', async () => {
    const { report } = await sentReport(20, DAY)
    await enqueue(DAY)
    // The dispatcher holds both reminders and is sending them...
    const held = await claim(20, report.report_id)
    expect(held.map((n) => n.template).sort()).toEqual(['reminder_email', 'reminder_sms'])
    // ...when the owner opens the report...
    await query(db, owner, "select public.mark_report_opened($1, 'dashboard')", [report.report_id])
    // ...and then one send fails and the other's outcome is unknown.
    const [first, second] = held
    await query(db, serviceRole, 'select public.fail_notification($1, $2, 8, $3)', [
      first!.id,
      'provider down',
      first!.lease_id,
    ])
    await query(db, serviceRole, 'select public.mark_notification_unknown($1, $2, 8, $3)', [
      second!.id,
      'timed out',
      second!.lease_id,
    ])
    expect((await reminders(report.report_id)).map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
    ])
    // Nothing to send later, not even once the leases would have run out.
    await db.query(
      `update public.notifications set next_attempt_at = now() - interval '1 hour' where report_id = $1`,
      [report.report_id],
    )
    expect((await claim(20, report.report_id)).length).toBe(0)
    expect((await reminders(report.report_id)).map((r) => r.status)).toEqual([
      'cancelled',
      'cancelled',
    ])
  })

  it('a reminder in flight when the chat closes is not retried either; one the provider took stays sent', async () => {
    const { report } = await sentReport(20, DAY)
    await enqueue(DAY)
    const held = await claim(20, report.report_id)
    expect(held).toHaveLength(2)
    await query(db, owner, 'select public.close_conversation($1)', [report.chat_id])
    const [first, second] = held
    await query(db, serviceRole, 'select public.fail_notification($1, $2, 8, $3)', [
      first!.id,
      'provider down',
      first!.lease_id,
    ])
    // The other had already left: the provider's acceptance is a fact, recorded.
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      second!.id,
      'SM123',
      second!.lease_id,
    ])
    const statuses = await db.query<{ id: string; status: string }>(
      `select id, status from public.notifications where id = any($1::uuid[])`,
      [[first!.id, second!.id]],
    )
    expect(Object.fromEntries(statuses.rows.map((r) => [r.id, r.status]))).toEqual({
      [first!.id]: 'cancelled',
      [second!.id]: 'sent',
    })
    expect((await claim(20, report.report_id)).length).toBe(0)
  })

  it('is configurable and can be turned off', async () => {
    const { report } = await sentReport(20, DAY)
    await db.query(
      `update app_private.escalation_settings set remind_after = interval '30 minutes'`,
    )
    await enqueue(DAY)
    expect(await reminders(report.report_id)).toEqual([])
    await db.query(
      `update app_private.escalation_settings set remind_after = interval '15 minutes', enabled = false`,
    )
    await enqueue(DAY)
    expect(await reminders(report.report_id)).toEqual([])
    await db.query(`update app_private.escalation_settings set enabled = true`)
  })
})

describe('create_found_report_once', () => {
  const once = (tagCode: string, finder: Actor, key: string | null) =>
    query<{ report_id: string; chat_id: string; invite_token: string | null; replayed: boolean }>(
      db,
      serviceRole,
      'select * from public.create_found_report_once($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        tagCode,
        finder.userId,
        'Fiona',
        // One address per finder: the thank-you e-mail goes once a day per address.
        `fiona-${finder.userId?.slice(0, 8)}@example.test`,
        null,
        null,
        'Bench',
        SITE_URL,
        key,
      ],
    ).then((rows) => rows[0]!)

  const outboxCount = async (reportId: string) =>
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from public.notifications where report_id = $1',
        [reportId],
      )
    ).rows[0]?.n

  it('the same key twice gives the first report, no new token and no new notifications', async () => {
    const item = await giveItem(db, owner)
    const finder = await createUser(db, 'finder', { anonymous: true })
    const first = await once(item.tag_code, finder, 'submission-0000000001')
    const again = await once(item.tag_code, finder, 'submission-0000000001')
    expect(first.replayed).toBe(false)
    expect(first.invite_token).toBeTruthy()
    expect(again).toMatchObject({
      report_id: first.report_id,
      chat_id: first.chat_id,
      invite_token: null,
      replayed: true,
    })
    expect(await outboxCount(first.report_id)).toBe(3)
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.found_reports where item_id = $1',
      [item.id],
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('two copies at once make one report; another finder or another key makes its own', async () => {
    const item = await giveItem(db, owner)
    const finder = await createUser(db, 'finder', { anonymous: true })
    const [a, b] = await Promise.all([
      once(item.tag_code, finder, 'submission-0000000002'),
      once(item.tag_code, finder, 'submission-0000000002'),
    ])
    expect(a.report_id).toBe(b.report_id)
    expect([a.replayed, b.replayed].sort()).toEqual([false, true])
    // Four reports on one tag: past the per-tag limit (3 an hour), tested in report-limits.test.ts.
    await db.query(`update app_private.limits set max_count = 10 where name = 'reports_per_tag'`)
    const other = await createUser(db, 'other finder', { anonymous: true })
    const theirs = await once(item.tag_code, other, 'submission-0000000002')
    const fresh = await once(item.tag_code, finder, 'submission-0000000003')
    const none = await once(item.tag_code, finder, null)
    await db.query(`update app_private.limits set max_count = 3 where name = 'reports_per_tag'`)
    expect(new Set([a.report_id, theirs.report_id, fresh.report_id, none.report_id]).size).toBe(4)
  })

  it('is for the service role only', async () => {
    const item = await giveItem(db, owner)
    const finder = await createUser(db, 'finder', { anonymous: true })
    for (const actor of [noSession, owner, finder]) {
      await expectPgError(
        query(
          db,
          actor,
          'select * from public.create_found_report_once($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [
            item.tag_code,
            finder.userId,
            'F',
            'f@example.test',
            null,
            null,
            null,
            SITE_URL,
            'submission-0000000004',
          ],
        ),
        { code: '42501', message: PERMISSION_DENIED },
      )
    }
  })
})
