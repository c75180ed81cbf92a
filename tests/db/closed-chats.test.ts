/**
 * A conversation can be closed (app_private.close_chat): both members see it
 * live and in chat_summary with the date the finder's details are deleted,
 * neither can write in it any more (in our words), nobody else learns anything,
 * and no reminder goes out about it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
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
  RLS_VIOLATION,
  serviceRole,
  type Actor,
} from './helpers.ts'

let db: Database
let owner: Actor
let otherOwner: Actor

const CLOSED_MESSAGE = 'chat_closed'

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

async function openChat() {
  const item = await giveItem(db, owner, 'Umbrella')
  const finder = await createUser(db, 'finder', { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder)
  return { item, finder, report }
}

const closeChat = (chatId: string, reason: string) =>
  query<{ closed: boolean }>(db, serviceRole, 'select app_private.close_chat($1, $2) as closed', [
    chatId,
    reason,
  ])

const send = (actor: Actor, chatId: string, body: string) =>
  query(db, actor, 'insert into public.messages (chat_id, body) values ($1, $2)', [chatId, body])

describe('close_chat', () => {
  it('closes once: a second call keeps the first reason and time and answers false', async () => {
    const { report } = await openChat()
    expect(await closeChat(report.chat_id, 'closed_by_owner')).toEqual([{ closed: true }])
    const [first] = (
      await db.query<{ closed_at: string; closed_reason: string }>(
        'select closed_at::text, closed_reason from public.chats where id = $1',
        [report.chat_id],
      )
    ).rows
    expect(first?.closed_reason).toBe('closed_by_owner')
    expect(await closeChat(report.chat_id, 'returned')).toEqual([{ closed: false }])
    const [again] = (
      await db.query<{ closed_at: string; closed_reason: string }>(
        'select closed_at::text, closed_reason from public.chats where id = $1',
        [report.chat_id],
      )
    ).rows
    expect(again).toEqual(first)
  })

  it('accepts the four reasons other features use and refuses any other', async () => {
    for (const reason of ['returned', 'closed_by_owner', 'finder_left', 'account_deleted']) {
      const { report } = await openChat()
      expect(await closeChat(report.chat_id, reason)).toEqual([{ closed: true }])
    }
    const { report } = await openChat()
    await expectPgError(closeChat(report.chat_id, 'bored'), { code: '22023' })
  })

  it('is private: no member, other owner or anonymous caller may call it', async () => {
    const { report, finder } = await openChat()
    for (const actor of [owner, finder, otherOwner, noSession]) {
      await expectPgError(
        query(db, actor, "select app_private.close_chat($1, 'returned')", [report.chat_id]),
        { code: '42501', message: PERMISSION_DENIED },
      )
    }
  })
})

describe('a closed conversation', () => {
  it('refuses messages from both members in our words, and from others with the RLS error', async () => {
    const { report, finder } = await openChat()
    await send(finder, report.chat_id, 'I have your umbrella')
    await send(owner, report.chat_id, 'Thank you!')
    await closeChat(report.chat_id, 'returned')

    for (const member of [owner, finder]) {
      const error = await expectPgError(send(member, report.chat_id, 'One more thing'), {
        code: 'P0001',
        message: CLOSED_MESSAGE,
      })
      expect((error as { hint?: string }).hint).toBe('chat_closed')
    }
    await expectPgError(send(otherOwner, report.chat_id, 'Hello?'), {
      code: '42501',
      message: RLS_VIOLATION,
    })
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.messages where chat_id = $1',
      [report.chat_id],
    )
    expect(rows[0]?.n).toBe(2)
  })

  it('still lets both members read what was said', async () => {
    const { report, finder } = await openChat()
    await send(finder, report.chat_id, 'Left it at the desk')
    await closeChat(report.chat_id, 'closed_by_owner')
    for (const member of [owner, finder]) {
      const rows = await query<{ body: string }>(
        db,
        member,
        'select body from public.messages where chat_id = $1',
        [report.chat_id],
      )
      expect(rows).toEqual([{ body: 'Left it at the desk' }])
    }
  })

  it('shows both members when and why it closed and the deletion date, within 7 days', async () => {
    const { report, finder } = await openChat()
    await closeChat(report.chat_id, 'returned')
    const summaries = []
    for (const member of [owner, finder]) {
      const [summary] = await query<{
        closed_reason: string
        closed_at: string
        finder_details_deleted_on: string
        viewer_role: string
      }>(
        db,
        member,
        `select closed_reason, closed_at, finder_details_deleted_on, viewer_role
           from public.chat_summary($1)`,
        [report.chat_id],
      )
      summaries.push(summary)
    }
    const [ownerView, finderView] = summaries
    expect(ownerView?.closed_reason).toBe('returned')
    expect(ownerView?.finder_details_deleted_on).toEqual(finderView?.finder_details_deleted_on)
    const closedAt = new Date(ownerView?.closed_at ?? 0).getTime()
    const deletedOn = new Date(ownerView?.finder_details_deleted_on ?? 0).getTime()
    expect(deletedOn - closedAt).toBe(7 * 24 * 3600 * 1000)
    expect(
      await query(db, otherOwner, 'select * from public.chat_summary($1)', [report.chat_id]),
    ).toEqual([])
  })

  it('is announced on chat:<id> to its members and on the owner topic, to nobody else', async () => {
    const { report, finder } = await openChat()
    await closeChat(report.chat_id, 'returned')
    const read = (actor: Actor, topic: string) =>
      query<{ event: string; closed_reason: string }>(
        db,
        { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
        `select event, payload->>'closed_reason' as closed_reason
           from realtime.messages
          where topic = realtime.topic() and extension = 'broadcast' and event = 'closed'
            and payload->>'chat_id' = $1`,
        [report.chat_id],
      )
    const chatTopic = `chat:${report.chat_id}`
    const closed = [{ event: 'closed', closed_reason: 'returned' }]
    expect(await read(owner, chatTopic)).toEqual(closed)
    expect(await read(finder, chatTopic)).toEqual(closed)
    expect(await read(owner, `owner:${owner.userId}`)).toEqual(closed)
    expect(await read(otherOwner, chatTopic)).toEqual([])
  })

  it("shows on the owner's list of conversations", async () => {
    const { report } = await openChat()
    const closedAt = () =>
      query<{ closed_at: string | null }>(
        db,
        owner,
        'select closed_at from public.list_conversations() where chat_id = $1',
        [report.chat_id],
      )
    expect(await closedAt()).toEqual([{ closed_at: null }])
    await closeChat(report.chat_id, 'closed_by_owner')
    const [row] = await closedAt()
    expect(row?.closed_at).not.toBeNull()
  })

  it('gets no reminder: pending ones are cancelled and none are added', async () => {
    const { report } = await openChat()
    await db.query(
      `update public.found_reports set created_at = now() - interval '20 minutes' where id = $1`,
      [report.report_id],
    )
    await db.query(`update public.notifications set status = 'sent' where report_id = $1`, [
      report.report_id,
    ])
    // Quiet hours off, so the time of day the test runs at does not matter.
    await db.query(
      `update app_private.escalation_settings set quiet_from = '00:00', quiet_until = '00:00'`,
    )
    await query(db, serviceRole, 'select public.enqueue_reminders()')
    const reminders = async () =>
      (
        await db.query<{ dedupe_key: string; status: string }>(
          `select dedupe_key, status from public.notifications
            where report_id = $1 and template like 'reminder_%' order by template`,
          [report.report_id],
        )
      ).rows.map((row) => row.status)
    expect(await reminders()).toEqual(['pending', 'pending'])

    await closeChat(report.chat_id, 'returned')
    expect(await reminders()).toEqual(['cancelled', 'cancelled'])

    await db.query(
      `delete from public.notifications where report_id = $1 and template like 'reminder_%'`,
      [report.report_id],
    )
    await query(db, serviceRole, 'select public.enqueue_reminders()')
    expect(await reminders()).toEqual([])
  })

  it('brings the deletion date forward but never pushes it back', async () => {
    const { report } = await openChat()
    await db.query(
      `update public.found_reports set purge_after = now() + interval '2 days' where id = $1`,
      [report.report_id],
    )
    const before = (
      await db.query<{ purge_after: string }>(
        'select purge_after::text from public.found_reports where id = $1',
        [report.report_id],
      )
    ).rows[0]
    await closeChat(report.chat_id, 'closed_by_owner')
    const after = (
      await db.query<{ purge_after: string }>(
        'select purge_after::text from public.found_reports where id = $1',
        [report.report_id],
      )
    ).rows[0]
    expect(after).toEqual(before)
  })
})

describe('mark_item_returned', () => {
  const finderEmails = async (itemId: string) =>
    (
      await db.query<{ recipient: string; deleted_on: string }>(
        `select n.recipient, n.payload->>'finder_details_deleted_on' as deleted_on
           from public.notifications n join public.found_reports r on r.id = n.report_id
          where r.item_id = $1 and n.template = 'finder_returned_email'
          order by n.recipient`,
        [itemId],
      )
    ).rows

  it('marks the item FOUND, closes every conversation about it and e-mails each finder once', async () => {
    const item = await giveItem(db, owner, 'Camera')
    const first = await createUser(db, 'first finder', { anonymous: true })
    const second = await createUser(db, 'second finder', { anonymous: true })
    const a = await reportFound(db, item.tag_code, first, { email: 'ann@example.test' })
    const b = await reportFound(db, item.tag_code, second, { email: 'bob@example.test' })

    const [preview] = await query<{ open_conversations: number }>(
      db,
      owner,
      'select open_conversations from public.return_preview($1)',
      [item.id],
    )
    expect(preview?.open_conversations).toBe(2)

    const [result] = await query<{ status: string; conversations_closed: number }>(
      db,
      owner,
      'select status, conversations_closed from public.mark_item_returned($1)',
      [item.id],
    )
    expect(result).toEqual({ status: 'FOUND', conversations_closed: 2 })
    const [again] = await query<{ conversations_closed: number }>(
      db,
      owner,
      'select conversations_closed from public.mark_item_returned($1)',
      [item.id],
    )
    expect(again?.conversations_closed).toBe(0)

    const { rows: chats } = await db.query<{ closed_reason: string }>(
      'select closed_reason from public.chats where id = any($1::uuid[])',
      [[a.chat_id, b.chat_id]],
    )
    expect(chats).toEqual([{ closed_reason: 'returned' }, { closed_reason: 'returned' }])
    const emails = await finderEmails(item.id)
    expect(emails.map((e) => e.recipient)).toEqual(['ann@example.test', 'bob@example.test'])
    const [summary] = await query<{ finder_details_deleted_on: string }>(
      db,
      first,
      'select finder_details_deleted_on from public.chat_summary($1)',
      [a.chat_id],
    )
    expect(new Date(emails[0]?.deleted_on ?? 0).getTime()).toBe(
      new Date(summary?.finder_details_deleted_on ?? 1).getTime(),
    )
    for (const [finder, chatId] of [
      [first, a.chat_id],
      [second, b.chat_id],
    ] as const) {
      await expectPgError(send(finder, chatId, 'Still there?'), {
        code: 'P0001',
        message: CLOSED_MESSAGE,
      })
    }
  })

  it('is the owner’s only: others get item_not_found and change nothing', async () => {
    const item = await giveItem(db, owner, 'Scarf')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const report = await reportFound(db, item.tag_code, finder)
    for (const actor of [otherOwner, finder]) {
      await expectPgError(
        query(db, actor, 'select * from public.mark_item_returned($1)', [item.id]),
        {
          code: 'PT404',
          message: 'item_not_found',
        },
      )
      expect(await query(db, actor, 'select * from public.return_preview($1)', [item.id])).toEqual(
        [],
      )
    }
    await expectPgError(
      query(db, noSession, 'select * from public.mark_item_returned($1)', [item.id]),
      {
        code: '42501',
        message: PERMISSION_DENIED,
      },
    )
    const { rows } = await db.query<{ closed_at: string | null; status: string | null }>(
      `select c.closed_at, i.status from public.chats c join public.items i on i.id = c.item_id
        where c.id = $1`,
      [report.chat_id],
    )
    expect(rows).toEqual([{ closed_at: null, status: null }])
    expect(await finderEmails(item.id)).toEqual([])
  })
})

describe('close_conversation', () => {
  it('the owner closes one conversation; the item and its other conversations stay as they were', async () => {
    const item = await giveItem(db, owner, 'Keys')
    const a = await reportFound(db, item.tag_code, await createUser(db, 'a', { anonymous: true }))
    const b = await reportFound(db, item.tag_code, await createUser(db, 'b', { anonymous: true }))
    await query(db, owner, 'select public.close_conversation($1)', [a.chat_id])
    const { rows } = await db.query<{ id: string; closed_reason: string | null }>(
      'select id, closed_reason from public.chats where item_id = $1',
      [item.id],
    )
    expect(Object.fromEntries(rows.map((row) => [row.id, row.closed_reason]))).toEqual({
      [a.chat_id]: 'closed_by_owner',
      [b.chat_id]: null,
    })
    const { rows: items } = await db.query('select status from public.items where id = $1', [
      item.id,
    ])
    expect(items).toEqual([{ status: null }])
  })

  it('nobody else may close it', async () => {
    const item = await giveItem(db, owner, 'Bag')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const report = await reportFound(db, item.tag_code, finder)
    for (const actor of [finder, otherOwner]) {
      await expectPgError(
        query(db, actor, 'select public.close_conversation($1)', [report.chat_id]),
        {
          code: 'PT404',
          message: 'chat_not_found',
        },
      )
    }
    const { rows } = await db.query('select closed_at from public.chats where id = $1', [
      report.chat_id,
    ])
    expect(rows).toEqual([{ closed_at: null }])
  })
})
