/**
 * Web Push in the database (issue 47): an owner's devices are theirs alone,
 * added only through save_push_subscription and only on a known push service
 * (or the local stack's own endpoint); a report and a finder's messages
 * (coalesced) become one push row per device; texts go as the owner chose; a
 * device its push service calls gone is removed and a held text goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  affected,
  type Actor,
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
} from './helpers.ts'

const P256DH =
  'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'
const AUTH = 'BTBZMqHH6r4Tts7J_aSIgg'
const LOCAL_PREFIX = 'http://127.0.0.1:54324/push/'

let db: Database
let owner: Actor
let other: Actor
let finder: Actor

async function save(actor: Actor, endpoint: string, browser = 'Chrome on Android') {
  const [row] = await query<{ id: string }>(
    db,
    actor,
    'select public.save_push_subscription($1, $2, $3, $4) as id',
    [endpoint, P256DH, AUTH, browser],
  )
  return row?.id as string
}

type Outbox = {
  template: string
  channel: string
  recipient: string
  status: string
  due: boolean
  payload: Record<string, unknown>
}
async function outbox(reportId: string): Promise<Outbox[]> {
  return (
    await db.query<Outbox>(
      `select template, channel, recipient, status, next_attempt_at <= now() as due, payload
         from public.notifications where report_id = $1 order by template, recipient`,
      [reportId],
    )
  ).rows
}

beforeAll(async () => {
  db = await openTestDatabase()
  await db.query('update app_private.push_settings set local_endpoint_prefix = $1', [LOCAL_PREFIX])
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  other = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
})

afterAll(async () => {
  await db?.close()
})

describe('devices (push_subscriptions)', () => {
  it('RLS is on', async () => {
    const { rows } = await db.query<{ on: boolean }>(
      "select relrowsecurity as on from pg_class where oid = 'public.push_subscriptions'::regclass",
    )
    expect(rows[0]?.on).toBe(true)
  })

  it('an owner adds devices on the known push services and reads only their own', async () => {
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://api.push.apple.com/3/device/abc',
      `${LOCAL_PREFIX}0b1c2d3e-local`,
    ]
    for (const endpoint of endpoints) expect(await save(owner, endpoint)).toMatch(/^[0-9a-f-]{36}$/)
    await save(other, 'https://fcm.googleapis.com/fcm/send/other-device', 'Firefox on Windows')
    const mine = await query<{ browser: string }>(
      db,
      owner,
      'select browser from public.push_subscriptions',
    )
    expect(mine).toHaveLength(endpoints.length)
    const theirs = await query<{ browser: string }>(
      db,
      other,
      'select browser from public.push_subscriptions',
    )
    expect(theirs).toEqual([{ browser: 'Firefox on Windows' }])
  })

  it('an owner cannot read a device’s endpoint or keys, only its label and dates', async () => {
    await expectPgError(query(db, owner, 'select endpoint from public.push_subscriptions'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    await expectPgError(query(db, owner, 'select p256dh, auth from public.push_subscriptions'), {
      code: '42501',
    })
  })

  it('an endpoint on any other host is refused, whoever asks', async () => {
    for (const endpoint of [
      'https://evil.example/fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user@fcm.googleapis.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/x',
      'https://push.services.mozilla.com.attacker.net/x',
      'http://127.0.0.1:54321/rest/v1/x',
      'http://127.0.0.1:54324/push/../api/v1/sms',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const error = await expectPgError(save(owner, endpoint), {
        code: 'P0001',
        message: 'push_endpoint_refused',
      })
      expect(error.detail).toBe(
        "Notifications can only be sent through a browser's own push service.",
      )
    }
  })

  it('the local endpoint is refused where the stack has not set it (a deployment)', async () => {
    await db.query('update app_private.push_settings set local_endpoint_prefix = null')
    try {
      await expectPgError(save(owner, `${LOCAL_PREFIX}another`), {
        code: 'P0001',
        message: 'push_endpoint_refused',
      })
    } finally {
      await db.query('update app_private.push_settings set local_endpoint_prefix = $1', [
        LOCAL_PREFIX,
      ])
    }
  })

  it('malformed keys are refused; anonymous users and no session cannot add devices', async () => {
    await expectPgError(
      query(db, owner, 'select public.save_push_subscription($1, $2, $3)', [
        'https://fcm.googleapis.com/fcm/send/k',
        'not-a-key',
        AUTH,
      ]),
      { code: 'P0001', message: 'invalid_input' },
    )
    await expectPgError(save(finder, 'https://fcm.googleapis.com/fcm/send/finder'), {
      code: '42501',
    })
    await expectPgError(save(noSession, 'https://fcm.googleapis.com/fcm/send/anon'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  it('nobody inserts or updates rows directly', async () => {
    await expectPgError(
      query(
        db,
        owner,
        `insert into public.push_subscriptions (owner_id, endpoint, p256dh, auth)
         values ($1, 'https://evil.example/x', $2, $3)`,
        [owner.userId, P256DH, AUTH],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
    await expectPgError(query(db, owner, `update public.push_subscriptions set browser = 'x'`), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  it('an owner removes their own devices and nobody else’s', async () => {
    const id = await save(other, 'https://fcm.googleapis.com/fcm/send/other-2')
    expect(
      await affected(db, owner, 'delete from public.push_subscriptions where id = $1', [id]),
    ).toBe(0)
    expect(
      await affected(db, finder, 'delete from public.push_subscriptions where id = $1', [id]),
    ).toBe(0)
    expect(
      await affected(db, other, 'delete from public.push_subscriptions where id = $1', [id]),
    ).toBe(1)
  })

  it('the same endpoint again replaces its row (one per browser)', async () => {
    const first = await save(other, 'https://fcm.googleapis.com/fcm/send/shared', 'Edge')
    const again = await save(owner, 'https://fcm.googleapis.com/fcm/send/shared', 'Edge')
    expect(again).toBe(first)
    expect(
      await query(db, other, 'select id from public.push_subscriptions where id = $1', [first]),
    ).toEqual([])
    await affected(db, owner, 'delete from public.push_subscriptions where id = $1', [first])
  })
})

describe('pushes and texts through the outbox', () => {
  let alice: Actor
  let phone: string
  let laptop: string

  beforeAll(async () => {
    alice = await createUser(db, 'alice', { metadata: registeredMetadata() })
    phone = await save(alice, 'https://fcm.googleapis.com/fcm/send/alice-phone')
    laptop = await save(alice, `${LOCAL_PREFIX}alice-laptop`, 'Firefox on Linux')
  })

  // A finder of their own for each report (a finder's reports are limited).
  const newReport = async (name: string) => {
    const item = await giveItem(db, alice, name)
    return reportFound(
      db,
      item.tag_code,
      await createUser(db, `finder of ${name}`, { anonymous: true }),
    )
  }

  const setTexts = (choice: string, minutes = 10) =>
    query(
      db,
      alice,
      'update public.profiles set text_alerts = $1, text_after_minutes = $2 where id = $3',
      [choice, minutes, alice.userId],
    )

  it('a report pushes to each device: the item, the owner’s chat link, nothing of the finder', async () => {
    const report = await newReport('Red violin')
    const rows = await outbox(report.report_id)
    const pushes = rows.filter((r) => r.channel === 'push')
    expect(pushes.map((p) => p.recipient).sort()).toEqual([phone, laptop].sort())
    for (const push of pushes) {
      expect(push.template).toBe('found_push')
      expect(push.payload).toMatchObject({
        item_name: 'Red violin',
        chat_id: report.chat_id,
        chat_url: `http://localhost:5173/chat?chatId=${report.chat_id}`,
      })
      expect(JSON.stringify(push.payload)).not.toMatch(
        /Fiona|fiona@example|07700900456|Low Road|token=/,
      )
    }
    // 'always' (the default): the text goes at once, as the specification says
    expect(rows.find((r) => r.template === 'found_sms')).toMatchObject({ due: true })
  })

  it('a finder’s messages push, coalesced as the owner’s realtime alerts are', async () => {
    const item = await giveItem(db, alice, 'Green scarf')
    const report = await reportFound(db, item.tag_code, finder)
    for (let i = 0; i < 6; i += 1) {
      await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
        report.chat_id,
        `Hello ${i}, call me on 07700900456`,
      ])
    }
    const { rows } = await db.query<{ n: number; payload: Record<string, unknown> }>(
      `select count(*)::int as n, min(payload::text)::jsonb as payload from public.notifications
        where template = 'message_push' and report_id = $1`,
      [report.report_id],
    )
    const { rows: limit } = await db.query<{ max_count: number }>(
      "select max_count from app_private.limits where name = 'owner_alerts_per_chat'",
    )
    expect(rows[0]?.n).toBe(2 * Math.min(6, limit[0]?.max_count ?? 6))
    expect(rows[0]?.n).toBeLessThan(12)
    expect(JSON.stringify(rows[0]?.payload)).not.toContain('07700900456')
  })

  it('“always”: opening the report at once does not take its text away', async () => {
    await setTexts('always')
    const report = await newReport('Wallet')
    await query(db, alice, 'select public.mark_chat_opened($1)', [report.chat_id])
    expect((await outbox(report.report_id)).find((r) => r.template === 'found_sms')?.status).toBe(
      'pending',
    )
  })

  it('“never”: no text, e-mail as always', async () => {
    await setTexts('never')
    const report = await newReport('Umbrella')
    const templates = (await outbox(report.report_id)).map((r) => r.template)
    expect(templates).not.toContain('found_sms')
    expect(templates).toContain('owner_found_email')
  })

  it('“only if I haven’t seen it within N minutes”: the text waits, and opening the report cancels it', async () => {
    await setTexts('unseen', 5)
    await db.query(
      "update app_private.escalation_settings set quiet_from = '00:00', quiet_until = '00:00'",
    )
    const report = await newReport('Keys')
    const { rows } = await db.query<{ wait: number }>(
      `select round(extract(epoch from next_attempt_at - created_at) / 60)::int as wait
         from public.notifications where report_id = $1 and template = 'found_sms'`,
      [report.report_id],
    )
    expect(rows[0]?.wait).toBe(5)
    await query(db, alice, 'select public.mark_chat_opened($1)', [report.chat_id])
    expect((await outbox(report.report_id)).find((r) => r.template === 'found_sms')?.status).toBe(
      'cancelled',
    )
  })

  it('the waiting text keeps out of the quiet hours (unless the item is LOST); pushes do not wait', async () => {
    await setTexts('unseen', 5)
    // quiet all day but one minute: the text's due time lands inside it
    await db.query(
      `update app_private.escalation_settings
          set quiet_from = ((now() at time zone time_zone)::time + interval '1 minute')::time,
              quiet_until = ((now() at time zone time_zone)::time)::time`,
    )
    try {
      const report = await newReport('Wallet')
      const { rows } = await db.query<{ hours: number }>(
        `select (extract(epoch from next_attempt_at - now()) / 3600)::float8 as hours
           from public.notifications where report_id = $1 and template = 'found_sms'`,
        [report.report_id],
      )
      expect(rows[0]?.hours).toBeGreaterThan(23)
      expect(
        (await outbox(report.report_id)).filter((r) => r.channel === 'push' && r.due),
      ).toHaveLength(2)
    } finally {
      await db.query(
        "update app_private.escalation_settings set quiet_from = '22:00', quiet_until = '07:00'",
      )
    }
  })

  it('a device gone (404/410) is removed, its pushes cancelled, and the waiting text goes now', async () => {
    await setTexts('unseen', 30)
    await db.query(
      "update app_private.escalation_settings set quiet_from = '00:00', quiet_until = '00:00'",
    )
    const report = await newReport('Camera')
    const claimed = await query<{
      id: string
      recipient: string
      lease_id: string
      channel: string
    }>(
      db,
      serviceRole,
      'select id, recipient, lease_id, channel from public.claim_notifications(50, 60, $1)',
      [report.report_id],
    )
    const pushes = claimed.filter((c) => c.channel === 'push')
    expect(pushes).toHaveLength(2)
    const [first, second] = pushes as [(typeof pushes)[0], (typeof pushes)[0]]
    await query(db, serviceRole, 'select public.push_subscription_gone($1, $2, $3)', [
      first.id,
      'Push service HTTP 410: gone',
      first.lease_id,
    ])
    expect(
      await query(db, alice, 'select id from public.push_subscriptions where id = $1', [
        first.recipient,
      ]),
    ).toEqual([])
    // the other device may still get it: the text keeps waiting
    let text = (await outbox(report.report_id)).find((r) => r.template === 'found_sms')
    expect(text).toMatchObject({ status: 'pending', due: false })
    await query(db, serviceRole, 'select public.push_subscription_gone($1, $2, $3)', [
      second.id,
      'Push service HTTP 404',
      second.lease_id,
    ])
    text = (await outbox(report.report_id)).find((r) => r.template === 'found_sms')
    expect(text).toMatchObject({ status: 'pending', due: true })
    expect(await query(db, alice, 'select id from public.push_subscriptions')).toEqual([])
    // only the service role may call it
    await expectPgError(
      query(db, alice, 'select public.push_subscription_gone($1, $2)', [first.id, 'x']),
      { code: '42501', message: PERMISSION_DENIED },
    )
  })

  it('a removed device’s pending pushes are cancelled; an accepted push is its last use', async () => {
    const device = await save(alice, 'https://fcm.googleapis.com/fcm/send/alice-tablet', 'Safari')
    const report = await newReport('Book')
    const [row] = await query<{ id: string; lease_id: string }>(
      db,
      serviceRole,
      `select id, lease_id from public.claim_notifications(50, 60, $1) where channel = 'push'`,
      [report.report_id],
    )
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      row?.id,
      'https://fcm.googleapis.com/m/1',
      row?.lease_id,
    ])
    const [seen] = await query<{ used: boolean }>(
      db,
      alice,
      'select last_used_at is not null as used from public.push_subscriptions where id = $1',
      [device],
    )
    expect(seen?.used).toBe(true)
    const later = await newReport('Hat')
    await affected(db, alice, 'delete from public.push_subscriptions where id = $1', [device])
    expect((await outbox(later.report_id)).find((r) => r.channel === 'push')?.status).toBe(
      'cancelled',
    )
  })
})
