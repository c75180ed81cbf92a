/**
 * Broadcast from the database on private channels: the realtime.messages
 * policies for chat members, non-members and the owner topic, and the rows a
 * new message produces.
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

/** Reads realtime.messages as Realtime does when a client joins `topic`. */
async function readTopic(
  actor: Actor,
  topic: string,
): Promise<{ topic: string; body: string | null }[]> {
  return query<{ topic: string; body: string | null }>(
    db,
    { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
    `select topic, coalesce(payload->>'body', payload->'message'->>'body') as body
       from realtime.messages
      where topic = realtime.topic() and extension = 'broadcast'
      order by inserted_at, body`,
  )
}

describe('realtime.messages', () => {
  it('inserting messages broadcasts on chat:<id>, and a finder message also on owner:<uid>', async () => {
    const rows = await db.query<{ topic: string; body: string }>(
      `select topic, coalesce(payload->>'body', payload->'message'->>'body') as body
         from realtime.messages
        where extension = 'broadcast' and private and (topic = $1 or topic = $2)
          and coalesce(payload->>'body', payload->'message'->>'body') is not null
        order by topic, body`,
      [`chat:${report.chat_id}`, `owner:${owner.userId}`],
    )
    expect(rows.rows).toEqual([
      { topic: `chat:${report.chat_id}`, body: 'Found it on the bus' },
      { topic: `chat:${report.chat_id}`, body: 'Thank you!' },
      { topic: `owner:${owner.userId}`, body: 'Found it on the bus' },
    ])
  })

  it('chat members read chat:<id>; non-members read nothing', async () => {
    const topic = `chat:${report.chat_id}`
    for (const member of [owner, finder]) {
      const bodies = (await readTopic(member, topic)).map((r) => r.body)
      expect(bodies).toEqual(expect.arrayContaining(['Found it on the bus', 'Thank you!']))
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
