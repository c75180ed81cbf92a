/**
 * Issue 13, acted out role by role (owner, other owner, finder, other finder,
 * anonymous stranger, no session, service role): positions, the body rule,
 * invites bound on first join, "Send me a new link", the owner's capability-free
 * links, no client broadcasts on chat:* and owner:*, and the owner's hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { MAX_MESSAGE_LENGTH } from '../../src/features/conversation/message-rules.ts'
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
  SITE_URL,
  type Actor,
  type ItemRow,
  type ReportResult,
} from './helpers.ts'

let db: Database
let owner: Actor
let otherOwner: Actor
let finder: Actor
let otherFinder: Actor
let stranger: Actor
let item: ItemRow
let report: ReportResult
let otherReport: ReportResult

const send = (actor: Actor, chatId: string, body: string) =>
  query<{ position: string; body: string; sender_id: string; sender_role: string }>(
    db,
    actor,
    'insert into public.messages (chat_id, body) values ($1, $2) returning position, body, sender_id, sender_role',
    [chatId, body],
  )

const join = (actor: Actor, chatId: string, token: string | null) =>
  query<{ join_chat: string }>(db, actor, 'select public.join_chat($1, $2)', [chatId, token])

const requestLink = (actor: Actor, chatId: string, token: string | null) =>
  query(db, actor, 'select public.request_chat_link($1, $2)', [chatId, token])

/** The newest finder_new_link_email for a report (service role view of the outbox). */
async function newLinkEmails(reportId: string) {
  const { rows } = await db.query<{ recipient: string; chat_url: string; status: string }>(
    `select recipient, payload->>'chat_url' as chat_url, status from public.notifications
      where report_id = $1 and template = 'finder_new_link_email' order by created_at, id`,
    [reportId],
  )
  return rows
}

/**
 * Another report to the owner, by a finder of its own on an item of its own
 * (reports are limited per finder and per tag: tests/db/report-limits.test.ts).
 */
async function freshReport(details: { name?: string; email?: string } = {}) {
  const reporter = await createUser(db, 'reporting finder', { anonymous: true })
  const freshItem = await giveItem(db, owner, 'Another rucksack')
  return { reporter, ...(await reportFound(db, freshItem.tag_code, reporter, details)) }
}

const tokenOf = (chatUrl: string | undefined) => new URL(chatUrl ?? 'http://x').hash.slice(7)

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', {
    metadata: registeredMetadata({ full_name: 'Ann Owner' }),
  })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
  otherFinder = await createUser(db, 'other finder', { anonymous: true })
  stranger = await createUser(db, 'anonymous stranger', { anonymous: true })
  item = await giveItem(db, owner, 'Blue rucksack')
  report = await reportFound(db, item.tag_code, finder, { name: 'Fred Bloggs' })
  const otherItem = await giveItem(db, otherOwner, 'Red umbrella')
  otherReport = await reportFound(db, otherItem.tag_code, otherFinder, { name: 'Olga' })
})

afterAll(async () => {
  await db?.close()
})

describe('messages: sender, position and body', () => {
  it('each stored message carries its sender, role and a strictly increasing position', async () => {
    const a = (await send(finder, report.chat_id, 'one'))[0]
    const b = (await send(owner, report.chat_id, 'two'))[0]
    const c = (await send(otherFinder, otherReport.chat_id, 'elsewhere'))[0]
    const d = (await send(finder, report.chat_id, 'three'))[0]
    expect(a).toMatchObject({ sender_id: finder.userId, sender_role: 'finder' })
    expect(b).toMatchObject({ sender_id: owner.userId, sender_role: 'owner' })
    const positions = [a, b, c, d].map((row) => BigInt(row?.position ?? -1))
    expect(positions.every((p, i) => i === 0 || p > (positions[i - 1] ?? p))).toBe(true)
  })

  it('catch-up by position returns exactly what came after, to members only', async () => {
    const rows = await query<{ position: string }>(
      db,
      owner,
      'select position from public.messages where chat_id = $1 order by position',
      [report.chat_id],
    )
    const first = rows[0]?.position
    for (const member of [owner, finder]) {
      const after = await query<{ body: string }>(
        db,
        member,
        'select body from public.messages where chat_id = $1 and position > $2 order by position',
        [report.chat_id, first],
      )
      expect(after.map((r) => r.body)).toEqual(['two', 'three'])
    }
    for (const outsider of [otherOwner, otherFinder, stranger]) {
      expect(
        await query(db, outsider, 'select 1 from public.messages where chat_id = $1', [
          report.chat_id,
        ]),
      ).toEqual([])
    }
    await expectPgError(query(db, noSession, 'select 1 from public.messages'), { code: '42501' })
  })

  it('the position cannot be chosen by a client', async () => {
    await expectPgError(
      query(
        db,
        finder,
        'insert into public.messages (chat_id, body, position) values ($1, $2, 1)',
        [report.chat_id, 'early bird'],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
  })

  it('refuses whitespace-only bodies of any kind, trims the rest, allows 1..MAX_MESSAGE_LENGTH', async () => {
    const blanks = ['\n', '\t\t', ' \n\t\r ', '\u00a0', '\u2003\u3000', '\ufeff\u2028', '\u000b\f']
    for (const body of blanks) {
      await expectPgError(send(finder, report.chat_id, body), { code: '23514' })
    }
    expect((await send(finder, report.chat_id, '\n\t hello \u00a0\n'))[0]?.body).toBe('hello')
    const longest = 'é'.repeat(MAX_MESSAGE_LENGTH)
    expect((await send(owner, report.chat_id, `  ${longest}\n`))[0]?.body).toBe(longest)
    await expectPgError(send(owner, report.chat_id, `${longest}x`), { code: '23514' })
  })

  it('non-members and no session cannot write', async () => {
    for (const outsider of [otherOwner, otherFinder, stranger]) {
      await expectPgError(send(outsider, report.chat_id, 'let me in'), {
        code: '42501',
        message: RLS_VIOLATION,
      })
    }
    await expectPgError(send(noSession, report.chat_id, 'hi'), { code: '42501' })
    // The service role may write (operators), but the row still needs a member sender.
    await expectPgError(send(serviceRole, report.chat_id, 'hi'), { code: '23502' })
  })
})

describe('links', () => {
  it("the owner's e-mail and SMS link to /chat?chatId=ID with no token; the finder's holds the token", async () => {
    const { rows } = await db.query<{ template: string; chat_url: string }>(
      `select template, payload->>'chat_url' as chat_url from public.notifications
        where report_id = $1 order by template`,
      [report.report_id],
    )
    const plain = `${SITE_URL}/chat?chatId=${report.chat_id}`
    expect(rows).toEqual([
      { template: 'finder_thanks_email', chat_url: `${plain}#token=${report.invite_token}` },
      { template: 'found_sms', chat_url: plain },
      { template: 'owner_found_email', chat_url: plain },
    ])
    expect(JSON.stringify(rows.filter((r) => r.template !== 'finder_thanks_email'))).not.toContain(
      report.invite_token,
    )
  })

  it('tokens are 256 random bits, stored only as a SHA-256 hash, expiring', async () => {
    expect(Buffer.from(report.invite_token, 'base64url')).toHaveLength(32)
    const { rows } = await db.query<{ token_hash: string; days: number }>(
      `select token_hash, round(extract(epoch from expires_at - now()) / 86400)::int as days
         from public.chat_invites where chat_id = $1`,
      [report.chat_id],
    )
    expect(rows).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), days: 30 }])
  })
})

describe('invites bound to the first session that joins', () => {
  it("binds on first join; another session with the same link gets 'invite_bound' and sees nothing", async () => {
    const fresh = await freshReport({ name: 'Fay' })
    const laptop = await createUser(db, 'finder on a laptop', { anonymous: true })
    expect(await join(laptop, fresh.chat_id, fresh.invite_token)).toEqual([{ join_chat: 'finder' }])
    expect(await join(laptop, fresh.chat_id, fresh.invite_token)).toEqual([{ join_chat: 'finder' }])
    // The finder who reported is a member already and keeps their place.
    expect(await join(fresh.reporter, fresh.chat_id, fresh.invite_token)).toEqual([
      { join_chat: 'finder' },
    ])
    for (const actor of [stranger, otherOwner]) {
      await expectPgError(join(actor, fresh.chat_id, fresh.invite_token), {
        code: 'P0001',
        message: 'invite_bound',
      })
      expect(
        await query(db, actor, 'select 1 from public.messages where chat_id = $1', [fresh.chat_id]),
      ).toEqual([])
      expect(
        await query(db, actor, 'select * from public.chat_summary($1)', [fresh.chat_id]),
      ).toEqual([])
    }
  })

  it('the owner opening the finder link stays the owner and does not bind it', async () => {
    const fresh = await freshReport({ name: 'Fay' })
    expect(await join(owner, fresh.chat_id, fresh.invite_token)).toEqual([{ join_chat: 'owner' }])
    const phone = await createUser(db, 'finder phone', { anonymous: true })
    expect(await join(phone, fresh.chat_id, fresh.invite_token)).toEqual([{ join_chat: 'finder' }])
  })
})

describe('request_chat_link ("Send me a new link")', () => {
  it('revokes the old link and e-mails a fresh one to the finder; the old link is dead', async () => {
    const fresh = await freshReport({ name: 'Fay Finder', email: 'fay@example.test' })
    const first = await createUser(db, 'first browser', { anonymous: true })
    await join(first, fresh.chat_id, fresh.invite_token)
    const second = await createUser(db, 'second browser', { anonymous: true })
    await expectPgError(join(second, fresh.chat_id, fresh.invite_token), {
      code: 'P0001',
      message: 'invite_bound',
    })

    expect(await requestLink(second, fresh.chat_id, fresh.invite_token)).toHaveLength(1)
    const [email] = await newLinkEmails(fresh.report_id)
    expect(email).toMatchObject({ recipient: 'fay@example.test', status: 'pending' })
    expect(email?.chat_url).toMatch(
      new RegExp(`^${SITE_URL}/chat\\?chatId=${fresh.chat_id}#token=`),
    )
    const newToken = tokenOf(email?.chat_url)
    expect(newToken).not.toBe(fresh.invite_token)
    expect(Buffer.from(newToken, 'base64url')).toHaveLength(32)

    // The old link is dead for newcomers; the fresh one works in the new browser.
    await expectPgError(join(stranger, fresh.chat_id, fresh.invite_token), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    expect(await join(second, fresh.chat_id, newToken)).toEqual([{ join_chat: 'finder' }])
    await expectPgError(join(stranger, fresh.chat_id, newToken), {
      code: 'P0001',
      message: 'invite_bound',
    })
    // The browser bound to the old link is out of the chat: it reads nothing more.
    await expectPgError(join(first, fresh.chat_id, null), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    await send(owner, fresh.chat_id, 'Only the new link reads this')
    expect(
      await query(db, first, 'select body from public.messages where chat_id = $1', [
        fresh.chat_id,
      ]),
    ).toEqual([])
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.chat_invites where chat_id = $1 and revoked_at is null',
      [fresh.chat_id],
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('a replaced link may not ask again; the current link and its bound session may', async () => {
    const fresh = await freshReport({ name: 'Fay', email: 'fay.again@example.test' })
    await requestLink(stranger, fresh.chat_id, fresh.invite_token)
    await expectPgError(requestLink(stranger, fresh.chat_id, fresh.invite_token), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    const current = tokenOf((await newLinkEmails(fresh.report_id))[0]?.chat_url)
    const holder = await createUser(db, 'holder of the new link', { anonymous: true })
    await join(holder, fresh.chat_id, current)
    // The session bound to the current link may ask without the token.
    await requestLink(holder, fresh.chat_id, null)
    expect(await newLinkEmails(fresh.report_id)).toHaveLength(2)
  })

  it('new-link e-mails count against one limit per finder address per day, across chats', async () => {
    const email = 'fay.limit@example.test'
    const a: ReportResult = await freshReport({ email })
    const b: ReportResult = await freshReport({ email })
    const chats = [a, b]
    const tokens = new Map(chats.map((chat) => [chat.chat_id, chat.invite_token]))
    const ask = async (chat: ReportResult) => {
      await requestLink(stranger, chat.chat_id, tokens.get(chat.chat_id) ?? '')
      const emails = await newLinkEmails(chat.report_id)
      tokens.set(chat.chat_id, tokenOf(emails.at(-1)?.chat_url))
    }
    await ask(a)
    await ask(b)
    await ask(a)
    const error = await expectPgError(ask(b), { code: 'P0001', message: 'too_many_requests' })
    expect(Number(error.detail)).toBeGreaterThan(3600)
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.notifications
        where template = 'finder_new_link_email' and recipient = $1`,
      [email],
    )
    expect(rows[0]?.n).toBe(3)
    // Another finder's address is not held back by it.
    const other = await freshReport({ email: 'someone.else@example.test' })
    await requestLink(stranger, other.chat_id, other.invite_token)
    expect(await newLinkEmails(other.report_id)).toHaveLength(1)
  })

  it("refuses a wrong token, another chat's token, an owner-revoked chat, and no session", async () => {
    const fresh = await freshReport({ name: 'Fay' })
    for (const [chatId, token] of [
      [fresh.chat_id, `${fresh.invite_token}x`],
      [fresh.chat_id, ''],
      [fresh.chat_id, null],
      [otherReport.chat_id, fresh.invite_token],
    ] as const) {
      await expectPgError(requestLink(stranger, chatId, token), {
        code: 'P0001',
        message: 'invalid_invite',
      })
    }
    await query(db, owner, 'select public.revoke_chat_invites($1)', [fresh.chat_id])
    await expectPgError(requestLink(stranger, fresh.chat_id, fresh.invite_token), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    await expectPgError(requestLink(noSession, fresh.chat_id, fresh.invite_token), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    expect(await newLinkEmails(fresh.report_id)).toEqual([])
  })
})

describe('realtime.messages: no client broadcasts on chat:* or owner:*', () => {
  /** What the Realtime server does to authorise a client broadcast or presence. */
  const clientSend = (actor: Actor, topic: string, extension: 'broadcast' | 'presence') =>
    query(
      db,
      { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
      'insert into realtime.messages (topic, extension, private, payload, event) values ($1, $2, true, $3, $4)',
      [topic, extension, JSON.stringify({ body: 'forged' }), 'message'],
    )

  it('members, owners, strangers are all refused with the RLS error', async () => {
    const topics = [
      [finder, `chat:${report.chat_id}`],
      [owner, `chat:${report.chat_id}`],
      [owner, `owner:${owner.userId}`],
      [finder, `owner:${owner.userId}`],
      [otherOwner, `chat:${report.chat_id}`],
      [stranger, `chat:${report.chat_id}`],
      [otherFinder, `owner:${otherOwner.userId}`],
    ] as const
    for (const [actor, topic] of topics) {
      for (const extension of ['broadcast', 'presence'] as const) {
        await expectPgError(clientSend(actor, topic, extension), {
          code: '42501',
          message: RLS_VIOLATION,
        })
      }
    }
  })

  it('members still read what the database broadcasts', async () => {
    const topic = `chat:${report.chat_id}`
    const rows = await query<{ position: string }>(
      db,
      { ...finder, context: { ...finder.context, settings: { 'realtime.topic': topic } } },
      `select payload->>'position' as position from realtime.messages
        where topic = realtime.topic() and extension = 'broadcast' and payload ? 'position'`,
    )
    const three = await db.query<{ position: string }>(
      `select position::text as position from public.messages where chat_id = $1 and body = 'three'`,
      [report.chat_id],
    )
    expect(rows.map((r) => r.position)).toContain(three.rows[0]?.position)
  })
})

describe("the owner's hub", () => {
  it('list_conversations: every report of every item, newest first, with unread counts, to the owner only', async () => {
    const hubOwner = await createUser(db, 'hub owner', { metadata: registeredMetadata() })
    const hubItem = await giveItem(db, hubOwner, 'Green scarf')
    const fred = await createUser(db, 'fred', { anonymous: true })
    const gina = await createUser(db, 'gina', { anonymous: true })
    const first = await reportFound(db, hubItem.tag_code, fred, {
      name: 'Fred Bloggs',
      location: 'Bus stop',
    })
    const second = await reportFound(db, hubItem.tag_code, gina, {
      name: '  Gina  Smith ',
      location: 'Library',
    })
    await send(fred, first.chat_id, 'I have it')
    await send(fred, first.chat_id, 'Still here')
    await send(hubOwner, first.chat_id, 'Thanks')

    const list = await query<Record<string, unknown>>(
      db,
      hubOwner,
      'select chat_id, item_name, finder_first_name, found_location, unread from public.list_conversations()',
    )
    expect(list).toEqual([
      {
        chat_id: second.chat_id,
        item_name: 'Green scarf',
        finder_first_name: 'Gina',
        found_location: 'Library',
        unread: 0,
      },
      {
        chat_id: first.chat_id,
        item_name: 'Green scarf',
        finder_first_name: 'Fred',
        found_location: 'Bus stop',
        unread: 2,
      },
    ])

    const [latest] = await query<{ position: string }>(
      db,
      hubOwner,
      'select max(position)::text as position from public.messages where chat_id = $1',
      [first.chat_id],
    )
    await query(db, hubOwner, 'select public.mark_chat_read($1, $2)', [
      first.chat_id,
      latest?.position,
    ])
    const after = await query<{ unread: number }>(
      db,
      hubOwner,
      'select unread from public.list_conversations() where chat_id = $1',
      [first.chat_id],
    )
    expect(after).toEqual([{ unread: 0 }])

    // A finder, another owner and a stranger list nothing of it; no session is refused.
    for (const actor of [fred, otherOwner, stranger]) {
      const theirs = await query<{ chat_id: string }>(
        db,
        actor,
        'select chat_id from public.list_conversations()',
      )
      expect(theirs.map((r) => r.chat_id)).not.toContain(first.chat_id)
    }
    await expectPgError(query(db, noSession, 'select * from public.list_conversations()'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  it('chat_summary: the item, finder, where and when, and the viewer role, to members only', async () => {
    const expected = {
      item_name: 'Blue rucksack',
      item_status: null,
      finder_first_name: 'Fred',
      found_location: 'On the 8:15 train to Leeds',
    }
    expect(
      await query(
        db,
        owner,
        'select item_name, item_status, finder_first_name, found_location, viewer_role from public.chat_summary($1)',
        [report.chat_id],
      ),
    ).toEqual([{ ...expected, viewer_role: 'owner' }])
    expect(
      await query(
        db,
        finder,
        'select item_name, item_status, finder_first_name, found_location, viewer_role from public.chat_summary($1)',
        [report.chat_id],
      ),
    ).toEqual([{ ...expected, viewer_role: 'finder' }])
    for (const actor of [otherOwner, otherFinder, stranger]) {
      expect(
        await query(db, actor, 'select * from public.chat_summary($1)', [report.chat_id]),
      ).toEqual([])
    }
    expect(
      await query(db, serviceRole, 'select * from public.chat_summary($1)', [report.chat_id]),
    ).toEqual([])
  })

  it('mark_chat_read changes only the caller’s own mark', async () => {
    await query(db, stranger, 'select public.mark_chat_read($1, 999999)', [report.chat_id])
    await query(db, otherOwner, 'select public.mark_chat_read($1, 999999)', [report.chat_id])
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from public.chat_members where chat_id = $1 and last_read_position > 0',
      [report.chat_id],
    )
    expect(rows[0]?.n).toBe(0)
    await query(db, finder, 'select public.mark_chat_read($1, 999999999999)', [report.chat_id])
    const mark = await db.query<{ ok: boolean }>(
      `select m.last_read_position = (select max(position) from public.messages where chat_id = $1) as ok
         from public.chat_members m where m.chat_id = $1 and m.user_id = $2`,
      [report.chat_id, finder.userId],
    )
    expect(mark.rows).toEqual([{ ok: true }])
  })

  it('the owner marks the item returned (FOUND); nobody else can', async () => {
    for (const actor of [finder, otherOwner, stranger]) {
      expect(
        await query(
          db,
          actor,
          "update public.items set status = 'FOUND' where id = $1 returning id",
          [item.id],
        ),
      ).toEqual([])
    }
    expect(
      await query(
        db,
        owner,
        "update public.items set status = 'FOUND' where id = $1 returning status",
        [item.id],
      ),
    ).toEqual([{ status: 'FOUND' }])
  })
})
