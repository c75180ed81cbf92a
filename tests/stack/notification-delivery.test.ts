/**
 * Delivery once, against the local stack with the real functions in Deno and a
 * fault proxy in front of the dev inbox: a slow provider, a provider down then
 * up, e-mail 429 then up, kill -9 of the functions between provider acceptance
 * and recording, the same idempotency key twice, two dispatchers at once, and
 * the escalation reminder (sent once, cancelled by opening).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import {
  outboxOf,
  startFanoutStack,
  until,
  type FanoutStack,
} from '../../local-supabase/testing/fanout-fixtures.ts'
import { solvedProof } from '../../local-supabase/testing/proof-of-work.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

let fanout: FanoutStack

beforeAll(async () => {
  fanout = await startFanoutStack()
})

afterAll(async () => {
  await fanout?.close()
})

beforeEach(() => {
  fanout.proxy.smsPlan = []
  fanout.proxy.emailPlan = []
  fanout.proxy.listLagMs = 0
  fanout.proxy.releaseAll()
})

let serial = 0

async function report(
  finder: SupabaseClient,
  tagCode: string,
  idempotencyKey: string = crypto.randomUUID(),
) {
  serial += 1
  const { data, error } = await finder.functions.invoke<{
    reportId: string
    chatId: string
    chatUrl: string
  }>('report-found', {
    body: {
      tagCode,
      name: 'Fiona',
      email: `finder-${serial}-${Date.now()}@example.com`,
      foundLocation: 'Bench',
      idempotencyKey,
      proof: await solvedProof(finder),
    },
  })
  if (error || !data) throw new Error(`report-found: ${error?.message}`)
  return data
}

/** Makes every waiting row of the report due now (as if its backoff or lease ran out). */
async function dueNow(reportId: string): Promise<void> {
  await fanout.stack.context.db.query(
    `update public.notifications
        set next_attempt_at = now(), locked_until = case when status = 'sending' then now() - interval '1 second' else locked_until end
      where report_id = $1 and status in ('pending', 'unknown', 'sending')`,
    [reportId],
  )
}

/** Every row of the report had its first attempt recorded (the delivery after the answer is done). */
const firstAttemptsDone = async (reportId: string) => {
  const { rows } = await fanout.stack.context.db.query<{ status: string; attempts: number }>(
    'select status, attempts from public.notifications where report_id = $1',
    [reportId],
  )
  return rows.length > 0 && rows.every((row) => row.attempts >= 1 && row.status !== 'sending')
}

const allSent = async (reportId: string) =>
  Object.values(await outboxOf(fanout.stack, reportId)).every((status) => status === 'sent')

it('slow SMS provider: the report answers while the provider still holds the SMS; the timed-out SMS is looked up, not resent', async () => {
  const owner = await fanout.owner({ mobile: '07700900201' })
  const finder = await fanout.finder()
  fanout.proxy.smsPlan = ['hold']
  const answered = await report(finder, owner.tagCode)
  // The report-found answer is here; the provider has not answered the SMS yet.
  await fanout.proxy.waitForHeld(1)
  expect(answered.chatId).toBeTruthy()
  expect(fanout.proxy.held).toHaveLength(1)
  // The 10 s deadline passes: the outcome is recorded as unknown, not failed.
  await until(
    async () => (await outboxOf(fanout.stack, answered.reportId)).found_sms === 'unknown',
    'the SMS recorded as unknown',
    60_000,
  )
  fanout.proxy.releaseAll()
  await dueNow(answered.reportId)
  await fanout.dispatch()
  expect(await allSent(answered.reportId)).toBe(true)
  expect(await fanout.sms('+447700900201')).toHaveLength(1)
})

it('a provider that holds each SMS 15 s, with a look-up that lags: exactly one SMS per notification, none lost', async () => {
  // The provider's answer window and look-up lag as app_private.sms_delivery_settings
  // assumes them (20 s each here, so the test is quick): it holds each request 15 s
  // and lists a message 15 s after taking it.
  await fanout.stack.context.db.query(
    `update app_private.sms_delivery_settings set answer_window = '20 seconds', lookup_lag = '20 seconds'`,
  )
  fanout.proxy.listLagMs = 15_000
  try {
    const taken = await fanout.owner({ mobile: '07700900211' })
    const dropped = await fanout.owner({ mobile: '07700900212' })
    const finder = await fanout.finder()
    // The first SMS is taken after 15 s; the second is held 15 s and then refused.
    fanout.proxy.smsPlan = ['slow_accept']
    const first = await report(finder, taken.tagCode)
    await until(async () => fanout.proxy.slowInFlight === 1, 'the first SMS held')
    fanout.proxy.smsPlan = ['slow_drop']
    const second = await report(finder, dropped.tagCode)
    await until(async () => fanout.proxy.slowInFlight === 2, 'the second SMS held')
    const smsRows = async () =>
      (
        await fanout.stack.context.db.query<{ status: string }>(
          `select status from public.notifications
            where report_id = any($1::uuid[]) and channel = 'sms' order by report_id = $2 desc`,
          [[first.reportId, second.reportId], first.reportId],
        )
      ).rows.map((row) => row.status)
    // Dispatch as often as anyone could (every due row now, the leases left alone),
    // counting the texts each time: never a second one.
    const counts = async () => [
      (await fanout.sms('+447700900211')).length,
      (await fanout.sms('+447700900212')).length,
    ]
    await until(
      async () => {
        await fanout.stack.context.db.query(
          `update public.notifications set next_attempt_at = now()
            where report_id = any($1::uuid[]) and status in ('pending', 'unknown')`,
          [[first.reportId, second.reportId]],
        )
        await fanout.dispatch()
        const [toTaken = 0, toDropped = 0] = await counts()
        expect(toTaken).toBeLessThanOrEqual(1)
        expect(toDropped).toBeLessThanOrEqual(1)
        await new Promise((resolve) => setTimeout(resolve, 500))
        return (await smsRows()).every((status) => status === 'sent')
      },
      'both SMS rows sent',
      110_000,
    ).catch(async (error: unknown) => {
      const { rows } = await fanout.stack.context.db.query(
        `select report_id = $2 as first, status, attempts, last_error, resend_after, next_attempt_at, locked_until, now() as now
           from public.notifications where report_id = any($1::uuid[]) and channel = 'sms'`,
        [[first.reportId, second.reportId], first.reportId],
      )
      throw new Error(`${String(error)}: ${JSON.stringify(rows)}`)
    })
    // Anything still on its way would arrive within the 15 s hold.
    await until(async () => fanout.proxy.slowInFlight === 0, 'no request held', 20_000)
    expect(await counts()).toEqual([1, 1])
    const { rows } = await fanout.stack.context.db.query<{ attempts: number; last_error: string }>(
      `select attempts, last_error from public.notifications
        where report_id = $1 and channel = 'sms'`,
      [first.reportId],
    )
    expect(rows[0]?.attempts).toBeGreaterThan(1)
  } finally {
    await fanout.stack.context.db.query(
      `update app_private.sms_delivery_settings set answer_window = '1 minute', lookup_lag = '2 minutes'`,
    )
  }
}, 180_000)

it('provider down then up: nothing lost, nothing doubled', async () => {
  const owner = await fanout.owner({ mobile: '07700900202' })
  const finder = await fanout.finder()
  fanout.proxy.smsPlan = ['down']
  fanout.proxy.emailPlan = ['down', 'down']
  const answered = await report(finder, owner.tagCode)
  await until(() => firstAttemptsDone(answered.reportId), 'the first attempts recorded')
  expect(await outboxOf(fanout.stack, answered.reportId)).toEqual({
    found_sms: 'pending',
    owner_found_email: 'pending',
    finder_thanks_email: 'pending',
  })
  expect(await fanout.sms('+447700900202')).toHaveLength(0)
  await dueNow(answered.reportId)
  await fanout.dispatch()
  expect(await allSent(answered.reportId)).toBe(true)
  expect(await fanout.sms('+447700900202')).toHaveLength(1)
  expect(await fanout.emailsTo(owner.email)).toHaveLength(1)
})

it('e-mail 429 then up: each e-mail sent once, after the Retry-After', async () => {
  const owner = await fanout.owner({ mobile: null })
  const finder = await fanout.finder()
  fanout.proxy.emailPlan = ['rate_limit', 'rate_limit']
  const answered = await report(finder, owner.tagCode)
  const lastError = async () =>
    (
      await fanout.stack.context.db.query<{ last_error: string | null; status: string }>(
        `select last_error, status from public.notifications where report_id = $1 and template = 'owner_found_email'`,
        [answered.reportId],
      )
    ).rows[0]
  const refused = await until(async () => {
    const row = await lastError()
    return row?.last_error && (await firstAttemptsDone(answered.reportId)) ? row : null
  }, 'both e-mails refused once')
  expect(refused).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/429/) })
  await dueNow(answered.reportId)
  await fanout.dispatch()
  expect(await allSent(answered.reportId)).toBe(true)
  expect(await fanout.emailsTo(owner.email)).toHaveLength(1)
})

it('kill -9 of the functions after the providers took the messages, before recording: no duplicate, none lost', async () => {
  const owner = await fanout.owner({ mobile: '07700900203' })
  const finder = await fanout.finder()
  fanout.proxy.smsPlan = ['hold']
  fanout.proxy.emailPlan = ['hold', 'hold']
  const answered = await report(finder, owner.tagCode)
  await fanout.proxy.waitForHeld(3)
  // The inbox has all three; the function never hears back.
  expect(await fanout.sms('+447700900203')).toHaveLength(1)
  expect(await fanout.emailsTo(owner.email)).toHaveLength(1)
  process.kill(fanout.proxy.heldProcessId(), 'SIGKILL')
  fanout.proxy.releaseAll()
  expect(Object.values(await outboxOf(fanout.stack, answered.reportId))).toEqual([
    'sending',
    'sending',
    'sending',
  ])

  // The gateway restarts Deno; the leases run out; the next run reconciles.
  await dueNow(answered.reportId)
  await until(async () => {
    try {
      await fanout.dispatch()
      return allSent(answered.reportId)
    } catch {
      return false
    }
  }, 'the restarted functions to record every row')
  expect(await fanout.sms('+447700900203')).toHaveLength(1)
  expect(await fanout.emailsTo(owner.email)).toHaveLength(1)
})

it('the same idempotency key twice: one report, one SMS, the same chat', async () => {
  const owner = await fanout.owner({ mobile: '07700900204' })
  const finder = await fanout.finder()
  const key = crypto.randomUUID()
  const [first, second] = await Promise.all([
    report(finder, owner.tagCode, key),
    report(finder, owner.tagCode, key),
  ])
  expect(second.reportId).toBe(first.reportId)
  expect(second.chatId).toBe(first.chatId)
  const third = await report(finder, owner.tagCode, key)
  expect(third.reportId).toBe(first.reportId)
  await until(() => allSent(first.reportId), 'the report delivered')
  await fanout.dispatch()
  const { rows } = await fanout.stack.context.db.query<{ n: number }>(
    'select count(*)::int as n from public.found_reports where item_id = $1',
    [owner.itemId],
  )
  expect(rows[0]?.n).toBe(1)
  expect(await fanout.sms('+447700900204')).toHaveLength(1)
  expect(await fanout.emailsTo(owner.email)).toHaveLength(1)
})

it('two dispatchers at once send every waiting row once', async () => {
  const finder = await fanout.finder()
  const owners = []
  const reports = []
  for (let i = 0; i < 4; i += 1) {
    const owner = await fanout.owner({ mobile: `0770090030${i}` })
    fanout.proxy.smsPlan.push('down')
    fanout.proxy.emailPlan.push('down', 'down')
    owners.push(owner)
    const answered = await report(finder, owner.tagCode)
    reports.push(answered)
    await until(() => firstAttemptsDone(answered.reportId), 'the first attempts recorded')
  }
  for (const answered of reports) await dueNow(answered.reportId)
  await Promise.all([fanout.dispatch(), fanout.dispatch()])
  for (const [i, owner] of owners.entries()) {
    expect(await allSent(reports[i]!.reportId)).toBe(true)
    expect(await fanout.sms(`+44770090030${i}`)).toHaveLength(1)
    expect(await fanout.emailsTo(owner.email)).toHaveLength(1)
  }
})

it('an unopened report gets one reminder by text and e-mail; opening the chat cancels a pending one', async () => {
  const db = fanout.stack.context.db
  // Whatever the time of day in London when this runs: no quiet hours here.
  await db.query('update app_private.escalation_settings set quiet_from = quiet_until')
  const owner = await fanout.owner({ mobile: '07700900205', itemName: 'Red bike' })
  const finder = await fanout.finder()
  const answered = await report(finder, owner.tagCode)
  await until(() => allSent(answered.reportId), 'the report delivered')
  await db.query(
    `update public.found_reports set created_at = now() - interval '16 minutes' where id = $1`,
    [answered.reportId],
  )
  expect((await fanout.dispatch()).reminders).toBe(2)
  await fanout.dispatch()
  const texts = await fanout.sms('+447700900205')
  expect(texts.map((t) => t.Body)).toEqual([
    expect.stringMatching(/^Reminder: the finder of your Red bike is waiting: /),
    expect.stringMatching(/^Your item was found! Red bike\. Chat with the finder: /),
  ])
  expect((await fanout.emailsTo(owner.email)).map((e) => e.Subject)).toEqual([
    'Reminder: your item was found: Red bike',
    'Your item was found: Red bike',
  ])

  // A second report: its reminder is queued, then the owner opens the chat first.
  const later = await report(finder, owner.tagCode)
  await until(() => allSent(later.reportId), 'the second report delivered')
  await db.query(
    `update public.found_reports set created_at = now() - interval '16 minutes' where id = $1`,
    [later.reportId],
  )
  await fanout.service.rpc('enqueue_reminders', {})
  const opened = await owner.client.rpc('mark_chat_opened', { chat_id: later.chatId })
  expect(opened.data).toBe(true)
  await fanout.dispatch()
  expect(await outboxOf(fanout.stack, later.reportId)).toMatchObject({
    reminder_sms: 'cancelled',
    reminder_email: 'cancelled',
  })
  expect(await fanout.sms('+447700900205')).toHaveLength(3)
  const seen = await finder
    .from('found_reports')
    .select('owner_seen_chat_at')
    .eq('id', later.reportId)
    .single()
  expect(seen.data?.owner_seen_chat_at).toBeTruthy()
  await db.query(
    `update app_private.escalation_settings set quiet_from = '22:00', quiet_until = '07:00'`,
  )
})
