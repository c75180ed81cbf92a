/**
 * Broadcast from the database on private channels: the realtime.messages
 * policies for chat members, non-members and the owner topic, and the rows a
 * new message produces: notices (chat, position; the owner's toast a short
 * preview), never the message's row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
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
let otherOwner: Actor
let finder: Actor
let stranger: Actor
let report: ReportResult

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
  stranger = await createUser(db, 'stranger', { anonymous: true })
  const item = await giveItem(db, owner)
  report = await reportFound(db, item.tag_code, finder)
  await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'Found it on the bus',
  ])
  await query(db, owner, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'Thank you!',
  ])
})

afterAll(async () => {
  await db?.close()
})

/**
 * Reads realtime.messages as Realtime does when a client joins `topic`: each
 * message notice as its position, or on owner:<uid> as its preview.
 */
async function readTopic(
  actor: Actor,
  topic: string,
): Promise<{ topic: string; body: string | null }[]> {
  return query<{ topic: string; body: string | null }>(
    db,
    { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
    `select topic, coalesce(payload->>'preview', payload->>'position') as body
       from realtime.messages
      where topic = realtime.topic() and extension = 'broadcast' and event = 'message'
      order by inserted_at, body`,
  )
}

/** The positions the two messages were stored at. */
async function positions(): Promise<string[]> {
  const { rows } = await db.query<{ position: string }>(
    'select position::text as position from public.messages where chat_id = $1 order by position',
    [report.chat_id],
  )
  return rows.map((row) => row.position)
}

describe('realtime.messages', () => {
  it('inserting messages sends notices on chat:<id>, and for a finder message also on owner:<uid>', async () => {
    const rows = await db.query<{ topic: string; payload: Record<string, unknown> }>(
      `select topic, payload from realtime.messages
        where extension = 'broadcast' and private and event = 'message' and (topic = $1 or topic = $2)
        order by topic, inserted_at, id`,
      [`chat:${report.chat_id}`, `owner:${owner.userId}`],
    )
    const [first, second] = await positions()
    const { rows: items } = await db.query<{ item_id: string }>(
      'select item_id from public.chats where id = $1',
      [report.chat_id],
    )
    expect(rows.rows).toEqual([
      {
        topic: `chat:${report.chat_id}`,
        payload: { chat_id: report.chat_id, position: Number(first) },
      },
      {
        topic: `chat:${report.chat_id}`,
        payload: { chat_id: report.chat_id, position: Number(second) },
      },
      {
        topic: `owner:${owner.userId}`,
        payload: {
          chat_id: report.chat_id,
          item_id: items[0]?.item_id,
          position: Number(first),
          unread: 1,
          preview: 'Found it on the bus',
          photos: 0,
          quiet_seconds: 10,
        },
      },
    ])
  })

  it("the owner's preview is the start of the message, its white space collapsed, one character past the toast's 80", async () => {
    const long = `Found  it\n\non the ${'number 7 '.repeat(20)}bus`
    await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
      report.chat_id,
      long,
    ])
    await db.query('delete from app_private.owner_alert_windows where chat_id = $1', [
      report.chat_id,
    ])
    await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
      report.chat_id,
      long,
    ])
    const { rows } = await db.query<{ preview: string }>(
      `select payload->>'preview' as preview from realtime.messages
        where topic = $1 and event = 'message' order by inserted_at desc, id desc limit 1`,
      [`owner:${owner.userId}`],
    )
    expect(rows[0]?.preview).toBe(long.replace(/\s+/g, ' ').slice(0, 81))
    const { rows: bodies } = await db.query<{ n: number }>(
      `select count(*)::int as n from realtime.messages where payload::text like '%number 7 number 7 number 7 number 7 number 7 number 7 number 7 number 7 number 7 number 7%'`,
    )
    expect(bodies[0]?.n).toBe(0)
  })

  it('chat members read chat:<id>; non-members read nothing', async () => {
    const topic = `chat:${report.chat_id}`
    for (const member of [owner, finder]) {
      const seen = (await readTopic(member, topic)).map((r) => r.body)
      expect(seen).toEqual(expect.arrayContaining(await positions().then((p) => p.slice(0, 2))))
    }
    for (const outsider of [otherOwner, stranger]) {
      expect(await readTopic(outsider, topic)).toEqual([])
    }
  })

  it('owner:<uid> is readable only by that owner', async () => {
    const topic = `owner:${owner.userId}`
    expect((await readTopic(owner, topic)).map((r) => r.body)).toContain('Found it on the bus')
    for (const other of [otherOwner, finder, stranger]) {
      expect(await readTopic(other, topic)).toEqual([])
    }
  })

  it('odd topics never raise and give nothing', async () => {
    for (const topic of [
      'chat:not-a-uuid',
      '',
      'owner:',
      'chat:',
      'owner:not-a-uuid',
      'x'.repeat(500),
    ]) {
      expect(await readTopic(owner, topic)).toEqual([])
    }
  })
})
