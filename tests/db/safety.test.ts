/**
 * Issue 49, safe with strangers. Either side reports the other and the
 * conversation so far is kept for the operators; only an operator (a user on
 * app_private.operators, which no client can write) reads reports, kept
 * conversations and the audit log, through any path; the audit log refuses
 * every change; the owner blocks a finder, who then can neither read nor write
 * the conversation nor reach the owner again about that item; the server marks
 * messages that carry what scams are made of.
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
let operator: Actor
let stranger: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  operator = await createUser(db, 'operator', { metadata: registeredMetadata() })
  stranger = await createUser(db, 'stranger', { anonymous: true })
  // What `npm run operator -- grant` does, over a database connection.
  await db.query('insert into app_private.operators (user_id) values ($1)', [operator.userId])
})

afterAll(async () => {
  await db?.close()
})

async function openChat(email = 'fiona@example.test') {
  const item = await giveItem(db, owner, 'Wallet')
  const finder = await createUser(db, 'finder', { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder, { email })
  await query(db, finder, 'select public.join_chat($1, $2)', [report.chat_id, report.invite_token])
  return { item, finder, report }
}

const send = (actor: Actor, chatId: string, body: string) =>
  query<{ id: string; scam_signals: string[] }>(
    db,
    actor,
    'insert into public.messages (chat_id, body) values ($1, $2) returning id, scam_signals',
    [chatId, body],
  )

const reportChat = async (actor: Actor, chatId: string, reason = 'money_or_codes', note?: string) =>
  (
    await query<{ id: string }>(db, actor, 'select public.report_conversation($1, $2, $3) as id', [
      chatId,
      reason,
      note ?? null,
    ])
  )[0]!.id

const act = (actor: Actor, reportId: string, action: string, reason = 'Asked for a deposit') =>
  query<{ outcome: string }>(db, actor, 'select public.act_on_report($1, $2, $3) as outcome', [
    reportId,
    action,
    reason,
  ])

/** Reads realtime.messages as Realtime does when a client joins `topic`. */
const readTopic = (actor: Actor, topic: string, event: string) =>
  query<{ payload: Record<string, unknown> }>(
    db,
    { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
    `select payload from realtime.messages
      where topic = realtime.topic() and extension = 'broadcast' and event = $1
      order by inserted_at`,
    [event],
  )

describe('reporting a conversation', () => {
  it('keeps the conversation up to the report, and only an operator reads it', async () => {
    const { finder, report } = await openChat()
    await send(owner, report.chat_id, 'Thanks for finding it!')
    await send(finder, report.chat_id, 'Send a deposit of £50 first')
    const reportId = await reportChat(finder, report.chat_id, 'money_or_codes', ' Wants money ')
    await send(owner, report.chat_id, 'Said after the report')

    // A second report by the same person while it is open is the same report.
    expect(await reportChat(finder, report.chat_id, 'spam')).toBe(reportId)

    const kept = await query<{ body: string; sender_role: string }>(
      db,
      operator,
      'select body, sender_role from public.kept_messages where report_id = $1 order by position',
      [reportId],
    )
    expect(kept).toEqual([
      { body: 'Thanks for finding it!', sender_role: 'owner' },
      { body: 'Send a deposit of £50 first', sender_role: 'finder' },
    ])
    const [row] = await query(
      db,
      operator,
      'select reason, note, reporter_role, item_name, tag_code, reported_user_id from public.abuse_reports where id = $1',
      [reportId],
    )
    expect(row).toMatchObject({
      reason: 'money_or_codes',
      note: 'Wants money',
      reporter_role: 'finder',
      item_name: 'Wallet',
      reported_user_id: owner.userId,
    })
    const desk = await query<{ report_id: string; kept_messages: number; tag_status: string }>(
      db,
      operator,
      'select report_id, kept_messages, tag_status from public.desk_reports() where report_id = $1',
      [reportId],
    )
    expect(desk).toEqual([{ report_id: reportId, kept_messages: 2, tag_status: 'activated' }])

    for (const actor of [owner, finder, otherOwner, stranger]) {
      for (const table of ['abuse_reports', 'kept_messages', 'operator_actions']) {
        expect(
          await query(db, actor, `select * from public.${table}`),
          `${actor.label} reads ${table}`,
        ).toEqual([])
      }
      expect(await query(db, actor, 'select * from public.desk_reports()')).toEqual([])
      await expectPgError(act(actor, reportId, 'dismiss'), {
        code: 'PT404',
        message: 'report_not_found',
      })
    }
    for (const table of ['abuse_reports', 'kept_messages', 'operator_actions']) {
      await expectPgError(query(db, noSession, `select * from public.${table}`), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
    }
    await expectPgError(query(db, noSession, 'select * from public.desk_reports()'), {
      code: '42501',
    })
  })

  it('the owner reports the finder too; an outsider cannot report, and a reason is required', async () => {
    const { finder, report } = await openChat()
    const reportId = await reportChat(owner, report.chat_id, 'harassment')
    const [row] = await query(
      db,
      operator,
      'select reporter_role, reported_user_id from public.abuse_reports where id = $1',
      [reportId],
    )
    expect(row).toEqual({ reporter_role: 'owner', reported_user_id: finder.userId })
    for (const actor of [otherOwner, stranger]) {
      await expectPgError(reportChat(actor, report.chat_id), { code: 'PT404' })
    }
    await expectPgError(reportChat(noSession, report.chat_id), { code: '42501' })
    await expectPgError(reportChat(finder, report.chat_id, 'because'), {
      code: 'P0001',
      message: 'reason_required',
      hint: 'invalid_reason',
    })
    await expectPgError(reportChat(finder, report.chat_id, 'other', 'x'.repeat(1001)), {
      code: 'P0001',
      message: 'note_too_long',
      detail: '1000',
    })
  })

  it('no client writes the desk tables or makes itself an operator', async () => {
    const { report } = await openChat()
    for (const actor of [owner, stranger]) {
      await expectPgError(
        query(
          db,
          actor,
          `insert into public.abuse_reports (item_name, tag_code, reporter_role, reason)
           values ('x', 'y', 'owner', 'spam')`,
        ),
        { code: '42501' },
      )
      await expectPgError(
        query(db, actor, 'insert into app_private.operators (user_id) values ($1)', [actor.userId]),
        { code: '42501' },
      )
      await expectPgError(
        query(
          db,
          actor,
          `insert into public.safety_notices (user_id, kind, body) values ($1, 'outcome', 'x')`,
          [actor.userId],
        ),
        { code: '42501' },
      )
    }
    // A claim in the token is not the list: an owner who says they are an operator is not one.
    const pretender: Actor = {
      ...owner,
      context: {
        ...owner.context,
        claims: {
          ...(owner.context.claims ?? {}),
          role: 'authenticated',
          app_metadata: { role: 'operator' },
          user_role: 'operator',
        },
      },
    }
    await reportChat(owner, report.chat_id, 'spam')
    expect(await query(db, pretender, 'select * from public.abuse_reports')).toEqual([])
    expect(
      await query<{ ok: boolean }>(db, pretender, 'select app_private.is_operator() as ok'),
    ).toEqual([{ ok: false }])
  })
})

describe('the operator acts', () => {
  it('closes the conversation live, tells the reporter in plain words, and logs it', async () => {
    const { finder, report } = await openChat()
    await send(owner, report.chat_id, 'Pay me £20 by bank transfer')
    const reportId = await reportChat(finder, report.chat_id)
    expect(await act(operator, reportId, 'close_conversation')).toEqual([
      { outcome: 'close_conversation' },
    ])

    const [chat] = await query(db, finder, 'select closed_reason from public.chats where id = $1', [
      report.chat_id,
    ])
    expect(chat).toEqual({ closed_reason: 'closed_by_operator' })
    for (const member of [owner, finder]) {
      const closed = await readTopic(member, `chat:${report.chat_id}`, 'closed')
      expect(closed.map((r) => r.payload.closed_reason)).toEqual(['closed_by_operator'])
    }
    await expectPgError(send(owner, report.chat_id, 'Still there?'), {
      code: 'P0001',
      message: 'chat_closed',
    })

    const notices = await query<{ body: string; kind: string; chat_id: string }>(
      db,
      finder,
      'select body, kind, chat_id from public.safety_notices',
    )
    expect(notices).toEqual([
      {
        body: 'We looked at your report and closed this conversation.',
        kind: 'outcome',
        chat_id: report.chat_id,
      },
    ])
    expect(await query(db, owner, 'select * from public.safety_notices')).toEqual([])
    // Live, on the reporter's own topic only.
    const live = await readTopic(finder, `owner:${finder.userId}`, 'notice')
    expect(live.map((r) => r.payload.body)).toEqual([notices[0]!.body])
    for (const other of [owner, otherOwner, stranger]) {
      expect(await readTopic(other, `owner:${finder.userId}`, 'notice')).toEqual([])
    }

    const log = await query(
      db,
      operator,
      'select action, reason, operator_id, operator_label from public.operator_actions where report_id = $1',
      [reportId],
    )
    expect(log).toEqual([
      {
        action: 'close_conversation',
        reason: 'Asked for a deposit',
        operator_id: operator.userId,
        operator_label: expect.stringContaining('operator'),
      },
    ])
    const [closed] = await query<{ status: string; keep: boolean }>(
      db,
      operator,
      `select status, purge_after = closed_at + interval '90 days' as keep
         from public.abuse_reports where id = $1`,
      [reportId],
    )
    expect(closed).toEqual({ status: 'closed', keep: true })
    expect(
      await query(db, operator, 'select * from public.desk_reports() where report_id = $1', [
        reportId,
      ]),
    ).toEqual([])
    await expectPgError(act(operator, reportId, 'dismiss'), {
      code: 'P0001',
      message: 'report_closed',
    })
  })

  it('needs a reason and a known action', async () => {
    const { finder, report } = await openChat()
    const reportId = await reportChat(finder, report.chat_id)
    await expectPgError(act(operator, reportId, 'dismiss', '   '), {
      code: 'P0001',
      message: 'reason_required',
    })
    await expectPgError(act(operator, reportId, 'ban'), {
      code: 'P0001',
      message: 'invalid_action',
    })
  })

  it('warns the reported person, deactivates a tag, suspends a reported owner', async () => {
    const first = await openChat()
    const warnId = await reportChat(owner, first.report.chat_id, 'harassment')
    await act(operator, warnId, 'warn', 'Rude messages')
    const [warning] = await query<{ kind: string }>(
      db,
      first.finder,
      'select kind from public.safety_notices',
    )
    expect(warning).toEqual({ kind: 'warning' })

    const second = await openChat()
    const tagId = await reportChat(second.finder, second.report.chat_id, 'spam')
    await act(operator, tagId, 'deactivate_tag', 'Tag is being used for spam')
    const [tag] = (
      await db.query<{ status: string }>('select status from public.tags where code = $1', [
        second.item.tag_code,
      ])
    ).rows
    expect(tag).toEqual({ status: 'deactivated' })

    const suspendedOwner = await createUser(db, 'bad owner', { metadata: registeredMetadata() })
    const item = await giveItem(db, suspendedOwner, 'Phone')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const found = await reportFound(db, item.tag_code, finder)
    const suspendId = await reportChat(finder, found.chat_id, 'money_or_codes')
    // An owner's report about a finder cannot suspend the owner.
    await expectPgError(
      act(operator, await reportChat(suspendedOwner, found.chat_id), 'suspend_owner'),
      {
        code: 'P0001',
        message: 'not_an_owner',
      },
    )
    await act(operator, suspendId, 'suspend_owner', 'Asked for gift cards')
    const [user] = (
      await db.query<{ banned: boolean }>(
        `select banned_until > now() + interval '100 years' as banned from auth.users where id = $1`,
        [suspendedOwner.userId],
      )
    ).rows
    expect(user).toEqual({ banned: true })
    const [chat] = (
      await db.query('select closed_reason from public.chats where id = $1', [found.chat_id])
    ).rows
    expect(chat).toEqual({ closed_reason: 'closed_by_operator' })
  })

  it('the audit log refuses update, delete and truncate for every role', async () => {
    const { finder, report } = await openChat()
    await act(operator, await reportChat(finder, report.chat_id), 'dismiss', 'Nothing wrong')
    for (const actor of [operator, owner, finder, stranger, noSession, serviceRole]) {
      await expectPgError(
        query(db, actor, `update public.operator_actions set reason = 'changed'`),
        { code: '42501' },
      )
      await expectPgError(query(db, actor, 'delete from public.operator_actions'), {
        code: '42501',
      })
      await expectPgError(query(db, actor, 'truncate public.operator_actions'), {
        code: '42501',
      })
    }
    // Not even the database owner, without first dropping the trigger.
    await expectPgError(db.query(`update public.operator_actions set reason = 'changed'`), {
      code: '42501',
      message: 'append_only',
      detail: 'operator_actions',
    })
    await expectPgError(db.query('delete from public.operator_actions'), {
      code: '42501',
      message: 'append_only',
      detail: 'operator_actions',
    })
    const [count] = (
      await db.query<{ n: number }>(
        `select count(*)::int as n from public.operator_actions where reason = 'changed'`,
      )
    ).rows
    expect(count).toEqual({ n: 0 })
  })

  it('kept conversations go kept_conversations after the report is closed, open ones stay', async () => {
    const closedOne = await openChat()
    await send(closedOne.finder, closedOne.report.chat_id, 'hello')
    const closedId = await reportChat(closedOne.finder, closedOne.report.chat_id)
    await act(operator, closedId, 'dismiss', 'Fine')
    const openOne = await openChat()
    const openId = await reportChat(openOne.finder, openOne.report.chat_id)
    await db.query(
      `update public.abuse_reports set purge_after = now() - interval '1 second' where id = $1`,
      [closedId],
    )
    await db.query(
      `update public.abuse_reports set created_at = now() - interval '2 years' where id = $1`,
      [openId],
    )
    await query(db, serviceRole, 'select app_private.purge_kept_conversations()')
    const left = (
      await db.query<{ id: string }>('select id from public.abuse_reports where id = any($1)', [
        [closedId, openId],
      ])
    ).rows
    expect(left).toEqual([{ id: openId }])
    const kept = (
      await db.query('select 1 from public.kept_messages where report_id = $1', [closedId])
    ).rows
    expect(kept).toEqual([])
    // The audit log outlives the report it was about.
    const log = (
      await db.query('select action from public.operator_actions where report_id = $1', [closedId])
    ).rows
    expect(log).toEqual([{ action: 'dismiss' }])
  })
})

describe('the owner blocks a finder', () => {
  const countFor = async (itemId: string) =>
    (
      await db.query<{ reports: number; chats: number; alerts: number }>(
        `select (select count(*)::int from public.found_reports where item_id = $1) as reports,
                (select count(*)::int from public.chats where item_id = $1) as chats,
                (select count(*)::int from public.notifications n
                   join public.found_reports r on r.id = n.report_id
                  where r.item_id = $1 and n.template in ('found_sms', 'owner_found_email')) as alerts`,
        [itemId],
      )
    ).rows[0]!

  it('closes the conversation for the finder at once, who can neither read nor write it', async () => {
    const { item, finder, report } = await openChat('blocked@example.test')
    await send(finder, report.chat_id, 'Call me on 07700 900 123')
    // Another owner cannot block it.
    await expectPgError(query(db, otherOwner, 'select public.block_finder($1)', [report.chat_id]), {
      code: 'PT404',
    })
    await expectPgError(query(db, finder, 'select public.block_finder($1)', [report.chat_id]), {
      code: 'PT404',
    })
    await query(db, owner, 'select public.block_finder($1)', [report.chat_id])

    const closed = await readTopic(owner, `chat:${report.chat_id}`, 'closed')
    expect(closed.map((r) => r.payload.closed_reason)).toEqual(['blocked'])
    expect(
      await query(db, finder, 'select * from public.chats where id = $1', [report.chat_id]),
    ).toEqual([])
    expect(
      await query(db, finder, 'select * from public.messages where chat_id = $1', [report.chat_id]),
    ).toEqual([])
    await expectPgError(send(finder, report.chat_id, 'Hello?'), {
      code: '42501',
      message: RLS_VIOLATION,
    })
    await expectPgError(
      query(db, finder, 'select public.join_chat($1, $2)', [report.chat_id, report.invite_token]),
      { code: 'P0001', message: 'invalid_invite' },
    )
    const [status] = await query(
      db,
      finder,
      'select status, closed_reason from public.chat_link_status($1)',
      [report.chat_id],
    )
    expect(status).toEqual({ status: 'ended', closed_reason: 'blocked' })
    // The finder learns nothing of the block itself; the owner sees their own.
    expect(await query(db, finder, 'select id from public.finder_blocks')).toEqual([])
    expect(
      await query(db, owner, 'select item_id from public.finder_blocks where chat_id = $1', [
        report.chat_id,
      ]),
    ).toEqual([{ item_id: item.id }])
    await expectPgError(query(db, owner, 'select finder_email_hash from public.finder_blocks'), {
      code: '42501',
    })

    // The same session, or the same e-mail from a new session: accepted, and nothing reaches the owner.
    const before = await countFor(item.id)
    const again = await reportFound(db, item.tag_code, finder, { email: 'other@example.test' })
    expect(again.chat_id).toEqual(expect.any(String))
    const newSession = await createUser(db, 'same finder, new session', { anonymous: true })
    await reportFound(db, item.tag_code, newSession, { email: ' Blocked@Example.test ' })
    expect(await countFor(item.id)).toEqual(before)
    const alerts = await readTopic(owner, `owner:${owner.userId}`, 'report')
    expect(alerts.filter((r) => r.payload.item_id === item.id)).toHaveLength(1)

    // Someone else still reaches the owner.
    const someoneElse = await createUser(db, 'another finder', { anonymous: true })
    await reportFound(db, item.tag_code, someoneElse, { email: 'kind@example.test' })
    expect((await countFor(item.id)).reports).toBe(before.reports + 1)

    // Undone by the owner only: then the same finder reaches them again.
    expect(
      await query(db, otherOwner, 'select public.unblock_finder($1) as lifted', [report.chat_id]),
    ).toEqual([{ lifted: false }])
    expect(
      await query(db, owner, 'select public.unblock_finder($1) as lifted', [report.chat_id]),
    ).toEqual([{ lifted: true }])
    const counted = await countFor(item.id)
    await reportFound(db, item.tag_code, finder, { email: 'blocked@example.test' })
    expect((await countFor(item.id)).reports).toBe(counted.reports + 1)
  })

  it('a finder leaves: the owner can send nothing more', async () => {
    const { finder, report } = await openChat()
    await expectPgError(
      query(db, owner, 'select public.leave_conversation($1)', [report.chat_id]),
      {
        code: 'PT404',
      },
    )
    await query(db, finder, 'select public.leave_conversation($1)', [report.chat_id])
    await expectPgError(send(owner, report.chat_id, 'Hello?'), { code: 'P0001' })
    expect(
      await query(db, finder, 'select closed_reason from public.chats where id = $1', [
        report.chat_id,
      ]),
    ).toEqual([{ closed_reason: 'finder_left' }])
  })
})

describe('scam signals', () => {
  it('the server marks links, phone numbers, payment words and codes; a client cannot set them', async () => {
    const { finder, report } = await openChat()
    const cases: [string, string[]][] = [
      ['I can post it back, just send a deposit first', ['payment']],
      ['Buy a gift card and send me the numbers', ['payment']],
      ['Please do a bank transfer of £20', ['payment']],
      ['Tell me the verification code you got', ['code']],
      ['See www.example-scam.com', ['link']],
      ['Details at https://bit.ly/abc', ['link']],
      ['Ring 07700 900 123 tonight', ['phone']],
      ['Call +44 (0)20 7946 0958', ['phone']],
      ['I left it at the front desk of the library', []],
      ['Meet at 10:30 by the clock, platform 2', []],
    ]
    for (const [body, expected] of cases) {
      const [row] = await send(finder, report.chat_id, body)
      expect(row!.scam_signals, body).toEqual(expected)
    }
    await expectPgError(
      query(
        db,
        finder,
        `insert into public.messages (chat_id, body, scam_signals) values ($1, 'hi', '{}')`,
        [report.chat_id],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
    // The other side reads the mark with the message.
    const [seen] = await query<{ scam_signals: string[] }>(
      db,
      owner,
      `select scam_signals from public.messages where chat_id = $1 and body like '%deposit%'`,
      [report.chat_id],
    )
    expect(seen).toEqual({ scam_signals: ['payment'] })
  })
})

it('row-level security is on for every new table', async () => {
  const rows = (
    await db.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where (n.nspname, c.relname) in (('public', 'abuse_reports'), ('public', 'kept_messages'),
              ('public', 'operator_actions'), ('public', 'safety_notices'), ('public', 'finder_blocks'),
              ('app_private', 'operators'))
        order by 1`,
    )
  ).rows
  expect(rows).toHaveLength(6)
  expect(rows.every((r) => r.rls)).toBe(true)
})

describe('the operator commands (service role)', () => {
  it('grant by e-mail makes an operator; no client can call them; act records the command', async () => {
    const newcomer = await createUser(db, 'newcomer', {
      email: 'desk@example.test',
      metadata: registeredMetadata(),
    })
    for (const actor of [owner, operator, stranger]) {
      await expectPgError(query(db, actor, `select public.operator_grant('desk@example.test')`), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
      await expectPgError(query(db, actor, 'select * from public.operator_open_reports()'), {
        code: '42501',
      })
    }
    expect(await query(db, newcomer, 'select app_private.is_operator() as ok')).toEqual([
      { ok: false },
    ])
    await query(db, serviceRole, `select public.operator_grant(' Desk@Example.test ')`)
    expect(await query(db, newcomer, 'select app_private.is_operator() as ok')).toEqual([
      { ok: true },
    ])
    await expectPgError(
      query(db, serviceRole, `select public.operator_grant('nobody@example.test')`),
      {
        code: 'PT404',
        message: 'no_such_account',
        detail: 'nobody@example.test',
      },
    )

    const { finder, report } = await openChat()
    const reportId = await reportChat(finder, report.chat_id)
    const open = await query<{ report_id: string }>(
      db,
      serviceRole,
      'select report_id from public.operator_open_reports()',
    )
    expect(open.map((r) => r.report_id)).toContain(reportId)
    await query(
      db,
      serviceRole,
      `select public.operator_act($1, 'dismiss', 'Checked by phone', 'sam')`,
      [reportId],
    )
    expect(
      await query(
        db,
        newcomer,
        'select operator_label, operator_id from public.operator_actions where report_id = $1',
        [reportId],
      ),
    ).toEqual([{ operator_label: 'command: sam', operator_id: null }])

    expect(
      await query(db, serviceRole, `select public.operator_revoke('desk@example.test') as removed`),
    ).toEqual([{ removed: true }])
    expect(await query(db, newcomer, 'select app_private.is_operator() as ok')).toEqual([
      { ok: false },
    ])
  })
})
