/**
 * Case links (issue 50), role by role: the owner of a LOST item makes a link for a
 * named third party; a visitor (anonymous session) redeems it and sees only that
 * item's case and writes to the owner; another owner, a finder, a stranger and a
 * session without the token see nothing of it. Expiry and revocation are enforced
 * by the server through REST (tables and RPC), Realtime (realtime.messages policies)
 * and Storage (reserve_photo_upload and the storage.objects policies); a guessed or
 * reused token is refused.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { withRole } from '../../local-supabase/roles.ts'
import { seedBuckets } from '../../local-supabase/storage/buckets.ts'
import { parseConfig } from '../../local-supabase/config.ts'
import {
  PERMISSION_DENIED,
  RLS_VIOLATION,
  createUser,
  expectPgError,
  giveItem,
  noSession,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  type Actor,
  type ItemRow,
  type ReportResult,
} from './helpers.ts'

type Created = { case_link_id: string; chat_id: string; token: string; expires_at: string }
type Opened = {
  state: string
  case_link_id: string | null
  chat_id: string | null
  label: string | null
  item_name: string | null
  tag_code: string | null
  lost_note: string | null
  return_instructions: string | null
  found_location: string | null
  contact_note: string | null
  viewer_role: string | null
}

let db: Database
let owner: Actor
let otherOwner: Actor
let finder: Actor
let visitor: Actor
let secondVisitor: Actor
let stranger: Actor
let item: ItemRow
let report: ReportResult

const OWNER_EMAIL = 'ada.owner@example.test'
const P256DH =
  'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'
const AUTH = 'BTBZMqHH6r4Tts7J_aSIgg'

beforeAll(async () => {
  db = await openTestDatabase()
  await seedBuckets(db, parseConfig({}).storage.buckets)
  owner = await createUser(db, 'owner', { email: OWNER_EMAIL, metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
  visitor = await createUser(db, 'visitor', { anonymous: true })
  secondVisitor = await createUser(db, 'second visitor', { anonymous: true })
  stranger = await createUser(db, 'stranger', { anonymous: true })
  item = await giveItem(db, owner, 'Grey suitcase')
  await query(
    db,
    owner,
    `update public.items set status = 'LOST', lost_note = 'Reward offered',
            return_instructions = 'Please hand it to the BA desk' where id = $1`,
    [item.id],
  )
  report = await reportFound(db, item.tag_code, finder, { location: 'Terminal 5 carousel 3' })
  await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'Finder: my number is 07700900456',
  ])
})

afterAll(async () => {
  await db?.close()
})

const create = async (
  actor: Actor,
  days = 7,
  label = 'British Airways baggage, ref LHRBA12345',
  forItem = item.id,
): Promise<Created> => {
  const [row] = await query<Created>(
    db,
    actor,
    'select * from public.create_case_link($1, $2, $3, $4, $5)',
    [forItem, label, days, 'Call me on 07700900123', 'http://localhost:5173'],
  )
  if (!row) throw new Error('create_case_link returned nothing')
  return row
}

/** A fresh item of the owner's, marked LOST. */
async function lostItem(name: string): Promise<ItemRow> {
  const lost = await giveItem(db, owner, name)
  await query(db, owner, "update public.items set status = 'LOST' where id = $1", [lost.id])
  return lost
}

const open = async (actor: Actor, token: string): Promise<Opened> => {
  const [row] = await query<Opened>(db, actor, 'select * from public.open_case_link($1)', [token])
  if (!row) throw new Error('open_case_link returned nothing')
  return row
}

const messagesOf = (actor: Actor, chatId: string) =>
  query<{ body: string; sender_role: string }>(
    db,
    actor,
    'select body, sender_role from public.messages where chat_id = $1 order by position',
    [chatId],
  )

const send = (actor: Actor, chatId: string, body: string) =>
  query(db, actor, 'insert into public.messages (chat_id, body) values ($1, $2)', [chatId, body])

/** The message notices the actor may read on topic, as Realtime checks a join. */
const topicRows = (actor: Actor, topic: string) =>
  query(
    db,
    { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
    `select id from realtime.messages where topic = realtime.topic() and extension = 'broadcast'`,
  )

const reservePhoto = (actor: Actor, chatId: string) =>
  query(db, actor, "select public.reserve_photo_upload('chat-photos', $1, 100)", [
    `${chatId}/${actor.userId}/${randomUUID()}.jpg`,
  ])

/** A photo as check-photo stores it, then whether the actor may read it. */
async function storedPhotoVisibleTo(actor: Actor, name: string): Promise<boolean> {
  const rows = await withRole(
    db,
    {
      ...actor.context,
      settings: { ...actor.context.settings, 'storage.operation': 'storage.object.get' },
    },
    async (tx) =>
      (
        await tx.query('select name from storage.objects where bucket_id = $1 and name = $2', [
          'chat-photos',
          name,
        ])
      ).rows,
  )
  return rows.length === 1
}

describe('making a case link', () => {
  it('the owner of a LOST item makes one, with a chat of its own in which they are the owner', async () => {
    const link = await create(owner)
    expect(link.token.length).toBeGreaterThanOrEqual(40)
    const [member] = await query<{ role: string }>(
      db,
      owner,
      'select role from public.chat_members where chat_id = $1 and user_id = $2',
      [link.chat_id, owner.userId],
    )
    expect(member?.role).toBe('owner')
    const rows = await query<{ label: string }>(
      db,
      owner,
      'select label from public.case_links where id = $1',
      [link.case_link_id],
    )
    expect(rows).toEqual([{ label: 'British Airways baggage, ref LHRBA12345' }])
  })

  it('is refused to another owner, a finder, a session without an account and for an item not LOST', async () => {
    await expectPgError(create(otherOwner), { code: 'PT404', message: 'item_not_found' })
    await expectPgError(create(finder), { code: 'PT404', message: 'item_not_found' })
    await expectPgError(create(noSession), { code: '42501', message: PERMISSION_DENIED })
    const home = await giveItem(db, owner, 'Keys')
    await expectPgError(create(owner, 7, 'Leeds station', home.id), {
      code: 'P0001',
      message: 'item_not_lost',
    })
  })

  it('holds to 1 to 30 days, a named third party and 3 live links per item', async () => {
    await expectPgError(create(owner, 0), { code: '22023', message: 'case_link_days' })
    await expectPgError(create(owner, 31), { code: '22023', message: 'case_link_days' })
    await expectPgError(create(owner, 7, '   '), { code: '22023', message: 'case_link_label' })
    const extra = await giveItem(db, owner, 'Umbrella')
    await query(db, owner, "update public.items set status = 'LOST' where id = $1", [extra.id])
    await create(owner, 1, 'One', extra.id)
    await create(owner, 30, 'Two', extra.id)
    const third = await create(owner, 5, 'Three', extra.id)
    const error = await expectPgError(create(owner, 5, 'Four', extra.id), {
      code: 'P0001',
      message: 'too_many_case_links',
    })
    expect(error.detail).toBe('3')
    await query(db, owner, 'select public.revoke_case_link($1)', [third.case_link_id])
    await create(owner, 5, 'Four', extra.id)
  })

  it('nobody but its owner reads a link, and no client reads its token column', async () => {
    const link = await create(owner)
    for (const actor of [otherOwner, finder, visitor, stranger]) {
      expect(
        await query(db, actor, 'select id from public.case_links where id = $1', [
          link.case_link_id,
        ]),
      ).toEqual([])
    }
    await expectPgError(
      query(db, owner, 'select token from public.case_links where id = $1', [link.case_link_id]),
      { code: '42501', message: PERMISSION_DENIED },
    )
    await expectPgError(
      query(
        db,
        owner,
        "insert into public.case_links (item_id, owner_id, label, token, token_hash, expires_at) values ($1, $2, $3, $4, $5, now() + interval '1 day')",
        [item.id, owner.userId, 'Forged', 'x', 'y'],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
  })
})

describe('a visitor with the link', () => {
  let link: Created

  beforeAll(async () => {
    link = await create(owner, 3)
  })

  it('sees the item, the note, the tag ID and the last place, and no contact details of the owner', async () => {
    const opened = await open(visitor, link.token)
    expect(opened).toMatchObject({
      state: 'live',
      chat_id: link.chat_id,
      label: 'British Airways baggage, ref LHRBA12345',
      item_name: 'Grey suitcase',
      tag_code: item.tag_code,
      lost_note: 'Reward offered',
      return_instructions: 'Please hand it to the BA desk',
      found_location: 'Terminal 5 carousel 3',
      contact_note: 'Call me on 07700900123',
      viewer_role: 'finder',
    })
    expect(JSON.stringify(opened)).not.toContain(OWNER_EMAIL)
    expect(
      await query(db, visitor, 'select id from public.profiles where id = $1', [owner.userId]),
    ).toEqual([])
  })

  it('writes to the owner and reads the reply; the owner sees every opening', async () => {
    await send(visitor, link.chat_id, 'We have a grey suitcase at T5')
    await send(owner, link.chat_id, 'That is mine, thank you')
    expect(await messagesOf(visitor, link.chat_id)).toEqual([
      { body: 'We have a grey suitcase at T5', sender_role: 'finder' },
      { body: 'That is mine, thank you', sender_role: 'owner' },
    ])
    await open(secondVisitor, link.token)
    const [mine] = await query<{ openings: string[]; messages: number; state: string }>(
      db,
      owner,
      'select openings, messages, state from public.my_case_links($1) where case_link_id = $2',
      [item.id, link.case_link_id],
    )
    expect(mine?.openings).toHaveLength(2)
    expect(mine?.messages).toBe(2)
    expect(mine?.state).toBe('live')
    expect(
      await query(db, visitor, 'select id from public.case_link_openings where case_link_id = $1', [
        link.case_link_id,
      ]),
    ).toEqual([])
    expect(await topicRows(visitor, `chat:${link.chat_id}`)).not.toEqual([])
    await reservePhoto(visitor, link.chat_id)
  })

  it("alerts the owner's devices to the visitor's message, as to a finder's", async () => {
    await db.query(
      `insert into public.push_subscriptions (owner_id, endpoint, p256dh, auth)
       values ($1, 'https://fcm.googleapis.com/fcm/send/case-links', $2, $3)`,
      [owner.userId, P256DH, AUTH],
    )
    await db.query('delete from app_private.owner_alert_windows where chat_id = $1', [link.chat_id])
    await send(visitor, link.chat_id, 'Is there a name tag inside?')
    const { rows } = await db.query<{ template: string; payload: Record<string, unknown> }>(
      `select template, payload from public.notifications
        where channel = 'push' and payload->>'chat_id' = $1`,
      [link.chat_id],
    )
    expect(rows.map((row) => [row.template, row.payload.chat_url])).toEqual([
      ['message_push', `http://localhost:5173/chat?chatId=${link.chat_id}`],
    ])
    await db.query('delete from public.push_subscriptions where owner_id = $1', [owner.userId])
  })

  it("never sees the finder's conversation, report or membership", async () => {
    expect(await messagesOf(visitor, report.chat_id)).toEqual([])
    expect(
      await query(db, visitor, 'select id from public.chats where id = $1', [report.chat_id]),
    ).toEqual([])
    expect(
      await query(db, visitor, 'select id from public.found_reports where id = $1', [
        report.report_id,
      ]),
    ).toEqual([])
    expect(
      await query(db, visitor, 'select user_id from public.chat_members where chat_id = $1', [
        report.chat_id,
      ]),
    ).toEqual([])
    expect(await topicRows(visitor, `chat:${report.chat_id}`)).toEqual([])
    await expectPgError(send(visitor, report.chat_id, 'hello'), {
      code: '42501',
      message: RLS_VIOLATION,
    })
    // The finder of the item's report does not see the case either.
    expect(await messagesOf(finder, link.chat_id)).toEqual([])
    expect(await messagesOf(otherOwner, link.chat_id)).toEqual([])
    expect(await messagesOf(stranger, link.chat_id)).toEqual([])
  })

  it('a guessed or malformed token is refused, and a session is needed', async () => {
    expect((await open(stranger, 'x'.repeat(43))).state).toBe('not_found')
    expect((await open(stranger, link.token.slice(0, -1))).state).toBe('not_found')
    expect((await open(stranger, '')).state).toBe('not_found')
    await expectPgError(open(noSession, link.token), { code: '42501', message: PERMISSION_DENIED })
    expect(await messagesOf(stranger, link.chat_id)).toEqual([])
  })
})

describe('expiry', () => {
  it('an expired link is refused through REST, RPC, Realtime and Storage, and reuse says expired', async () => {
    const red = await lostItem('Red case')
    const link = await create(owner, 2, 'Gatwick desk', red.id)
    await open(visitor, link.token)
    await send(visitor, link.chat_id, 'Before expiry')
    const photo = `${link.chat_id}/${visitor.userId}/${randomUUID()}.jpg`
    await query(
      db,
      serviceRole,
      'insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)',
      ['chat-photos', photo, JSON.stringify({ mimetype: 'image/jpeg', size: 10 })],
    )
    await send(owner, link.chat_id, 'Reply')
    expect(await storedPhotoVisibleTo(stranger, photo)).toBe(false)
    await query(
      db,
      visitor,
      'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3)',
      [link.chat_id, 'Photo', [photo]],
    )
    expect(await storedPhotoVisibleTo(visitor, photo)).toBe(true)

    await db.query(
      "update public.case_links set created_at = now() - interval '3 days', expires_at = now() - interval '1 second' where id = $1",
      [link.case_link_id],
    )
    expect((await open(visitor, link.token)).state).toBe('expired')
    expect((await open(stranger, link.token)).state).toBe('expired')
    expect(await messagesOf(visitor, link.chat_id)).toEqual([])
    expect(
      await query(db, visitor, 'select id from public.chats where id = $1', [link.chat_id]),
    ).toEqual([])
    await expectPgError(send(visitor, link.chat_id, 'After expiry'), {
      code: '42501',
      message: RLS_VIOLATION,
    })
    expect(await topicRows(visitor, `chat:${link.chat_id}`)).toEqual([])
    expect(await storedPhotoVisibleTo(visitor, photo)).toBe(false)
    await expectPgError(reservePhoto(visitor, link.chat_id), {
      code: 'P0001',
      message: 'photo_not_allowed',
    })
    // The owner still has the conversation.
    expect(await messagesOf(owner, link.chat_id)).toHaveLength(3)
    const [mine] = await query<{ state: string; token: string | null }>(
      db,
      owner,
      'select state, token from public.my_case_links($1) where case_link_id = $2',
      [red.id, link.case_link_id],
    )
    expect(mine).toEqual({ state: 'expired', token: null })
  })
})

describe('revocation and return', () => {
  it('only the owner revokes; the chat closes live and the link is refused everywhere', async () => {
    const link = await create(owner, 10, 'Leeds station', (await lostItem('Blue case')).id)
    await open(visitor, link.token)
    await expectPgError(
      query(db, otherOwner, 'select public.revoke_case_link($1)', [link.case_link_id]),
      { code: 'PT404', message: 'case_link_not_found' },
    )
    await expectPgError(
      query(db, visitor, 'select public.revoke_case_link($1)', [link.case_link_id]),
      { code: 'PT404', message: 'case_link_not_found' },
    )
    await query(db, owner, 'select public.revoke_case_link($1)', [link.case_link_id])
    const { rows: closed } = await db.query<{ payload: { closed_reason: string } }>(
      `select payload from realtime.messages where topic = $1 and event = 'closed'`,
      [`chat:${link.chat_id}`],
    )
    expect(closed.map((row) => row.payload.closed_reason)).toEqual(['case_link_revoked'])
    expect((await open(visitor, link.token)).state).toBe('withdrawn')
    expect(await messagesOf(visitor, link.chat_id)).toEqual([])
    await expectPgError(send(visitor, link.chat_id, 'Still there?'), {
      code: 'P0001',
      message: 'chat_closed',
    })
    await expectPgError(send(owner, link.chat_id, 'Closed now'), {
      code: 'P0001',
      message: 'chat_closed',
    })
    expect(await topicRows(visitor, `chat:${link.chat_id}`)).toEqual([])
  })

  it("'Mark as returned' closes every case link's chat: the page says the item is home", async () => {
    const lost = await giveItem(db, owner, 'Camera bag')
    await query(db, owner, "update public.items set status = 'LOST' where id = $1", [lost.id])
    const link = await create(owner, 4, 'Heathrow lost property', lost.id)
    await open(visitor, link.token)
    await query(db, owner, 'select * from public.mark_item_returned($1)', [lost.id])
    expect((await open(visitor, link.token)).state).toBe('returned')
    const [mine] = await query<{ state: string }>(
      db,
      owner,
      'select state from public.my_case_links($1)',
      [lost.id],
    )
    expect(mine?.state).toBe('returned')
  })
})

describe('the purge', () => {
  it('deletes a link, its openings and its conversation 30 days after it ended, not before', async () => {
    const lost = await giveItem(db, owner, 'Old coat')
    await query(db, owner, "update public.items set status = 'LOST' where id = $1", [lost.id])
    const link = await create(owner, 1, 'Old desk', lost.id)
    const once = await createUser(db, 'one-time visitor', { anonymous: true })
    await open(once, link.token)
    await send(once, link.chat_id, 'Old message')
    await query(db, serviceRole, 'select app_private.purge_case_links()')
    expect(
      (await db.query('select id from public.case_links where id = $1', [link.case_link_id])).rows,
    ).toHaveLength(1)
    await db.query(
      "update public.case_links set created_at = now() - interval '40 days', expires_at = now() - interval '39 days' where id = $1",
      [link.case_link_id],
    )
    await query(db, serviceRole, 'select app_private.purge_case_links()')
    for (const sql of [
      'select id from public.case_links where id = $1',
      'select id from public.case_link_openings where case_link_id = $1',
      'select id from public.chats where case_link_id = $1',
    ]) {
      expect((await db.query(sql, [link.case_link_id])).rows).toEqual([])
    }
    expect(
      (await db.query('select id from public.messages where chat_id = $1', [link.chat_id])).rows,
    ).toEqual([])
    // The anonymous visitor, in no other conversation, goes too; one still in another stays.
    expect((await db.query('select id from auth.users where id = $1', [once.userId])).rows).toEqual(
      [],
    )
    expect(
      (await db.query('select id from auth.users where id = $1', [visitor.userId])).rows,
    ).toHaveLength(1)
  })

  it('is scheduled', async () => {
    const { rows } = await db.query<{ command: string }>(
      "select command from cron.job where jobname = 'purge-case-links'",
    )
    expect(rows).toEqual([{ command: 'select app_private.purge_case_links()' }])
  })
})
