/**
 * A finder cannot flood an owner: each chat member sends at most 20 messages a
 * minute (limit messages_per_member), and the owner's alerts on owner:<uid>
 * coalesce to one per conversation per 10 seconds with the unread count
 * (limit owner_alerts_per_chat). Every message still reaches chat:<id>.
 */
import { randomUUID } from 'node:crypto'
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
  type Actor,
  type ReportResult,
} from './helpers.ts'

let db: Database
let owner: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

async function newChat(): Promise<{ finder: Actor; report: ReportResult }> {
  const finder = await createUser(db, 'finder', { anonymous: true })
  const item = await giveItem(db, owner)
  return { finder, report: await reportFound(db, item.tag_code, finder) }
}

const send = (actor: Actor, chatId: string, body: string, id: string = randomUUID()) =>
  query(db, actor, 'insert into public.messages (id, chat_id, body) values ($1, $2, $3)', [
    id,
    chatId,
    body,
  ])

async function storedCount(chatId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.messages where chat_id = $1',
    [chatId],
  )
  return rows[0]?.n ?? -1
}

/** The owner's alerts for one chat, oldest first. */
async function ownerAlerts(chatId: string) {
  const { rows } = await db.query<{ unread: number; quiet_seconds: number; body: string }>(
    `select (payload->>'unread')::int as unread, (payload->>'quiet_seconds')::int as quiet_seconds,
            payload->>'preview' as body
       from realtime.messages
      where topic = $1 and event = 'message' and payload->>'chat_id' = $2
      order by inserted_at, id`,
    [`owner:${owner.userId}`, chatId],
  )
  return rows
}

async function chatBroadcasts(chatId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from realtime.messages where topic = $1 and event = 'message'`,
    [`chat:${chatId}`],
  )
  return rows[0]?.n ?? -1
}

async function withMessageLimit<T>(maxCount: number, run: () => Promise<T>): Promise<T> {
  await db.query(
    `update app_private.limits set max_count = $1 where name = 'messages_per_member'`,
    [maxCount],
  )
  try {
    return await run()
  } finally {
    await db.query(
      `update app_private.limits set max_count = 20 where name = 'messages_per_member'`,
    )
  }
}

describe('messages per member', () => {
  it('refuses the 21st message within a minute with the seconds to wait; the other member is not held up', async () => {
    const { finder, report } = await newChat()
    const ids: string[] = []
    for (let n = 1; n <= 20; n += 1) {
      const id = randomUUID()
      ids.push(id)
      await send(finder, report.chat_id, `Message ${n}`, id)
    }
    const error = await expectPgError(send(finder, report.chat_id, 'Message 21'), {
      code: 'P0001',
      message: 'too_many_messages',
    })
    const wait = Number((error as { detail?: string }).detail)
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect(await storedCount(report.chat_id)).toBe(20)
    // the owner still answers
    await send(owner, report.chat_id, 'Thank you, I am on my way')
    // a resend of a stored message (the client's idempotent upsert) is not refused
    await query(
      db,
      finder,
      'insert into public.messages (id, chat_id, body) values ($1, $2, $3) on conflict (id) do nothing',
      [ids[19], report.chat_id, 'Message 20'],
    )
    expect(await storedCount(report.chat_id)).toBe(21)
  })

  it('refuses a request of many messages at once as a whole', async () => {
    const { finder, report } = await newChat()
    await expectPgError(
      query(
        db,
        finder,
        `insert into public.messages (chat_id, body)
         select $1, 'Spam ' || n from generate_series(1, 21) n`,
        [report.chat_id],
      ),
      { code: 'P0001', message: 'too_many_messages' },
    )
    expect(await storedCount(report.chat_id)).toBe(0)
    await query(
      db,
      finder,
      `insert into public.messages (chat_id, body)
       select $1, 'Hello ' || n from generate_series(1, 20) n`,
      [report.chat_id],
    )
    expect(await storedCount(report.chat_id)).toBe(20)
  })
})

describe('owner alerts', () => {
  it('1000 messages in one request give one alert with the unread count; each reaches the chat', async () => {
    const { finder, report } = await newChat()
    await withMessageLimit(100_000, () =>
      query(
        db,
        finder,
        `insert into public.messages (chat_id, body)
         select $1, 'Flood ' || n from generate_series(1, 1000) n`,
        [report.chat_id],
      ),
    )
    expect(await storedCount(report.chat_id)).toBe(1000)
    expect(await chatBroadcasts(report.chat_id)).toBe(1000)
    const alerts = await ownerAlerts(report.chat_id)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ unread: 1000, quiet_seconds: 10 })
  })

  it('1000 messages one by one give a handful of alerts at most: one per 10 seconds', async () => {
    const { finder, report } = await newChat()
    const started = Date.now()
    await withMessageLimit(100_000, async () => {
      for (let n = 1; n <= 1000; n += 1) await send(finder, report.chat_id, `One by one ${n}`)
    })
    const windows = Math.ceil((Date.now() - started) / 10_000)
    const alerts = await ownerAlerts(report.chat_id)
    expect(alerts.length).toBeGreaterThanOrEqual(1)
    expect(alerts.length).toBeLessThanOrEqual(windows)
    expect(alerts[0]).toMatchObject({ unread: 1, body: 'One by one 1' })
    expect(await chatBroadcasts(report.chat_id)).toBe(1000)
  })

  it('after the window the next message alerts again, with what is still unread', async () => {
    const { finder, report } = await newChat()
    await send(finder, report.chat_id, 'First')
    await send(finder, report.chat_id, 'Second')
    expect(await ownerAlerts(report.chat_id)).toHaveLength(1)
    await db.query(
      `update app_private.owner_alert_windows set window_started_at = now() - interval '11 seconds' where chat_id = $1`,
      [report.chat_id],
    )
    await send(finder, report.chat_id, 'Third')
    const alerts = await ownerAlerts(report.chat_id)
    expect(alerts.map((alert) => [alert.body, alert.unread])).toEqual([
      ['First', 1],
      ['Third', 3],
    ])
    // the owner's own messages never alert the owner
    await send(owner, report.chat_id, 'On my way')
    expect(await ownerAlerts(report.chat_id)).toHaveLength(2)
  })
})
