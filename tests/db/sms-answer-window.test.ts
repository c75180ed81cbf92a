/**
 * An SMS whose send outcome is unknown is sent again only after the provider's
 * answer window and look-up lag (app_private.sms_delivery_settings): until then
 * each claim is lookup_only. The Edge Functions follow the claim (notifications.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { openTestDatabase, query, serviceRole } from './helpers.ts'

let db: Database

beforeAll(async () => {
  db = await openTestDatabase()
})

afterAll(async () => {
  await db?.close()
})

type Claimed = { id: string; lease_id: string; lookup_only: boolean; outcome_unknown: boolean }
type Time = Date | string
type Stored = { status: string; resend_after: Time | null; next_attempt_at: Time; late: number }

/** Milliseconds of a timestamp, whichever way the driver returned it. */
const ms = (value: Time | null | undefined) => (value ? new Date(value).getTime() : NaN)

let serial = 0

async function newRow(channel: 'sms' | 'email'): Promise<string> {
  serial += 1
  const [row] = await query<{ id: string }>(
    db,
    serviceRole,
    `insert into public.notifications (dedupe_key, channel, template, recipient, payload)
     values ($1, $2, $3, $4, '{}') returning id`,
    [
      `window-${serial}`,
      channel,
      channel === 'sms' ? 'found_sms' : 'owner_found_email',
      channel === 'sms' ? '07700900123' : 'o@example.com',
    ],
  )
  return row?.id ?? ''
}

/** Claims the one row (every other row is put out of reach first). */
async function claim(id: string): Promise<Claimed> {
  await db.query(
    `update public.notifications set next_attempt_at = now() + interval '1 day'
      where id <> $1 and status in ('pending', 'unknown')`,
    [id],
  )
  const rows = await query<Claimed>(
    db,
    serviceRole,
    'select * from public.claim_notifications(10, 60, null)',
  )
  const row = rows.find((each) => each.id === id)
  if (!row) throw new Error('not claimed')
  return row
}

const markUnknown = (row: Claimed, sent: boolean) =>
  query(db, serviceRole, 'select public.mark_notification_unknown($1, $2, 8, $3, $4)', [
    row.id,
    'no answer within 10 s',
    row.lease_id,
    sent,
  ])

async function stored(id: string): Promise<Stored> {
  const { rows } = await db.query<Stored>(
    `select status, resend_after, next_attempt_at,
            extract(epoch from (resend_after - now()))::int as late
       from public.notifications where id = $1`,
    [id],
  )
  return rows[0] as Stored
}

const dueNow = (id: string) =>
  db.query('update public.notifications set next_attempt_at = now() where id = $1', [id])

describe('SMS answer window', () => {
  it('an unknown send waits out answer window and look-up lag; until then claims only look it up', async () => {
    const id = await newRow('sms')
    const first = await claim(id)
    expect(first).toMatchObject({ lookup_only: false, outcome_unknown: false })
    await markUnknown(first, true)
    const afterSend = await stored(id)
    expect(afterSend.status).toBe('unknown')
    // 1 minute + 2 minutes by default
    expect(afterSend.late).toBeGreaterThanOrEqual(178)
    expect(afterSend.late).toBeLessThanOrEqual(180)

    await dueNow(id)
    const lookup = await claim(id)
    expect(lookup).toMatchObject({ lookup_only: true, outcome_unknown: true })
    // a look-up that found nothing moves no window, and tries again by its end
    await markUnknown(lookup, false)
    const afterLookup = await stored(id)
    expect(ms(afterLookup.resend_after)).toBe(ms(afterSend.resend_after))
    expect(ms(afterLookup.next_attempt_at)).toBeLessThanOrEqual(ms(afterSend.resend_after))

    // however many look-ups inside the window (a look-up every few seconds for
    // minutes), it is not given up, and its back-off does not overflow
    await db.query(
      'update public.notifications set attempts = 60, next_attempt_at = now() where id = $1',
      [id],
    )
    await markUnknown(await claim(id), false)
    expect((await stored(id)).status).toBe('unknown')

    // nor when the window closes while a look-up-only claim is looking
    await dueNow(id)
    const looking = await claim(id)
    expect(looking.lookup_only).toBe(true)
    await db.query(
      `update public.notifications set resend_after = now() - interval '1 second' where id = $1`,
      [id],
    )
    await markUnknown(looking, false)
    expect((await stored(id)).status).toBe('unknown')
    await db.query('update public.notifications set resend_after = $2 where id = $1', [
      id,
      afterSend.resend_after,
    ])

    // a look-up's holder that dies sent nothing: its lease running out moves no window
    await dueNow(id)
    const dying = await claim(id)
    expect(dying.lookup_only).toBe(true)
    await db.query(
      `update public.notifications set locked_until = now() - interval '1 second' where id = $1`,
      [id],
    )
    expect((await claim(id)).lookup_only).toBe(true)
    expect(ms((await stored(id)).resend_after)).toBe(ms(afterSend.resend_after))
    await db.query(
      `update public.notifications set status = 'unknown', locked_until = null, lease_id = null where id = $1`,
      [id],
    )

    // the window over: this claim may send
    await db.query(
      `update public.notifications set resend_after = now() - interval '1 second', next_attempt_at = now() where id = $1`,
      [id],
    )
    const resend = await claim(id)
    expect(resend).toMatchObject({ lookup_only: false, outcome_unknown: true })

    // its holder's lease runs out: it may have sent up to the lease's end
    const { rows } = await db.query<{ locked_until: Time }>(
      `update public.notifications set locked_until = now() - interval '1 second'
        where id = $1 returning locked_until`,
      [id],
    )
    const taken = await claim(id)
    expect(taken.lookup_only).toBe(true)
    const afterLease = await stored(id)
    expect(ms(afterLease.resend_after)).toBeGreaterThanOrEqual(
      ms(rows[0]?.locked_until) + 180_000 - 1000,
    )
  })

  it('reads its durations from app_private.sms_delivery_settings; e-mails have no window', async () => {
    await db.query(
      `update app_private.sms_delivery_settings set answer_window = '20 seconds', lookup_lag = '10 seconds'`,
    )
    try {
      const sms = await newRow('sms')
      await markUnknown(await claim(sms), true)
      const late = (await stored(sms)).late
      expect(late).toBeGreaterThanOrEqual(28)
      expect(late).toBeLessThanOrEqual(30)
    } finally {
      await db.query(
        `update app_private.sms_delivery_settings set answer_window = '1 minute', lookup_lag = '2 minutes'`,
      )
    }
    const email = await newRow('email')
    const claimed = await claim(email)
    await markUnknown(claimed, true)
    expect((await stored(email)).resend_after).toBeNull()
    await dueNow(email)
    expect((await claim(email)).lookup_only).toBe(false)
  })
})
