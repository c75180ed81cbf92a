/**
 * Issue 50, lost-property desks. A desk signs up from a signed-in account and
 * waits for an operator; only an APPROVED desk's staff report (one tap, no proof
 * of work, no anonymous limits), hold the case, chat as the desk and mark the
 * item collected or posted. Role by role: the desk's staff see only their desk's
 * cases; another desk's staff, an unapproved desk's staff, an owner of another
 * item and anon see nothing of them; desk membership and approval cannot be
 * forged through REST (tables), RPC, Realtime topics or Storage.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../local-supabase/config.ts'
import type { Database } from '../../local-supabase/db/types.ts'
import { seedBuckets } from '../../local-supabase/storage/buckets.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  noSession,
  openTestDatabase,
  PERMISSION_DENIED,
  query,
  registeredMetadata,
  serviceRole,
  SITE_URL,
  type Actor,
  type ItemRow,
} from './helpers.ts'

let db: Database
let owner: Actor
let otherOwner: Actor
let operator: Actor
let admin: Actor
let staff: Actor
let otherDeskAdmin: Actor
let pendingAdmin: Actor
let deskId: string
let otherDeskId: string
let pendingDeskId: string

const register = async (actor: Actor, name: string) =>
  (
    await query<{ id: string }>(
      db,
      actor,
      'select public.register_desk($1, $2, $3, $4, $5) as id',
      [name, '1 Station Road, Leeds', '07:00–19:00', '0113 496 0000', 'lostproperty@example.test'],
    )
  )[0]!.id

const decide = (actor: Actor, desk: string, decision: string, reason = 'Checked the station') =>
  query(db, actor, 'select public.decide_desk($1, $2, $3) as outcome', [desk, decision, reason])

const deskReport = (actor: Actor, tagCode: string, reference = '4471') =>
  query<{ chat_id: string; report_id: string }>(
    db,
    actor,
    'select * from public.desk_report_found($1, $2, $3)',
    [tagCode, reference, SITE_URL],
  )

const send = (actor: Actor, chatId: string, body: string) =>
  query(db, actor, 'insert into public.messages (chat_id, body) values ($1, $2) returning id', [
    chatId,
    body,
  ])

const readTopic = (actor: Actor, topic: string) =>
  query(
    db,
    { ...actor, context: { ...actor.context, settings: { 'realtime.topic': topic } } },
    `select payload from realtime.messages
      where topic = realtime.topic() and extension = 'broadcast'`,
  )

const emailOf = async (actor: Actor) =>
  (await db.query<{ email: string }>('select email from auth.users where id = $1', [actor.userId]))
    .rows[0]!.email

const count = async (actor: Actor, sql: string, params: unknown[] = []) =>
  (await query(db, actor, sql, params)).length

beforeAll(async () => {
  db = await openTestDatabase()
  await seedBuckets(db, parseConfig({}).storage.buckets)
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  operator = await createUser(db, 'operator', { metadata: registeredMetadata() })
  admin = await createUser(db, 'desk admin', { metadata: registeredMetadata() })
  staff = await createUser(db, 'desk staff', { metadata: registeredMetadata() })
  otherDeskAdmin = await createUser(db, 'other desk', { metadata: registeredMetadata() })
  pendingAdmin = await createUser(db, 'pending desk', { metadata: registeredMetadata() })
  await db.query('insert into app_private.operators (user_id) values ($1)', [operator.userId])

  deskId = await register(admin, 'Leeds station lost property')
  otherDeskId = await register(otherDeskAdmin, 'York station lost property')
  pendingDeskId = await register(pendingAdmin, 'Hull station lost property')
  await decide(operator, deskId, 'approve')
  await decide(operator, otherDeskId, 'approve')
})

afterAll(async () => {
  await db?.close()
})

describe('signing up and approval', () => {
  it('a signed-in account signs a desk up and waits; anon and anonymous sessions cannot', async () => {
    const [mine] = await query(
      db,
      pendingAdmin,
      'select status, my_role, name from public.my_desk()',
    )
    expect(mine).toEqual({
      status: 'pending',
      my_role: 'admin',
      name: 'Hull station lost property',
    })

    const anonymous = await createUser(db, 'anonymous finder', { anonymous: true })
    await expectPgError(register(anonymous, 'Fake desk'), { code: '42501' })
    await expectPgError(register(noSession, 'Fake desk'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    // One desk per account.
    await expectPgError(register(pendingAdmin, 'Second desk'), {
      code: 'P0001',
      message: 'already_in_a_desk',
    })
    const someone = await createUser(db, 'someone', { metadata: registeredMetadata() })
    await expectPgError(
      query(db, someone, 'select public.register_desk($1, $2, $3, $4, $5)', [
        'Desk',
        '',
        'x',
        'y',
        'a@b.co',
      ]),
      { code: 'P0001', message: 'missing_fields' },
    )
    await expectPgError(
      query(db, someone, 'select public.register_desk($1, $2, $3, $4, $5)', [
        'Desk',
        'Road',
        '9-5',
        '0113',
        'not an address',
      ]),
      { code: 'P0001', message: 'invalid_email' },
    )
  })

  it('only an operator approves or refuses, with a reason in the audit log', async () => {
    await expectPgError(decide(pendingAdmin, pendingDeskId, 'approve'), { code: '42501' })
    await expectPgError(decide(admin, pendingDeskId, 'approve'), { code: '42501' })
    await expectPgError(
      query(db, pendingAdmin, "select public.operator_decide_desk($1, 'approve', 'me', 'me')", [
        pendingDeskId,
      ]),
      { code: '42501', message: PERMISSION_DENIED },
    )
    await expectPgError(decide(operator, pendingDeskId, 'approve', '  '), {
      code: 'P0001',
      message: 'reason_required',
    })

    const waiting = await query<{ id: string; admin_email: string }>(
      db,
      operator,
      'select id, admin_email from public.desks_waiting()',
    )
    expect(waiting.map((d) => d.id)).toEqual([pendingDeskId])
    expect(await count(pendingAdmin, 'select * from public.desks_waiting()')).toBe(0)

    const audit = await query(
      db,
      operator,
      "select action, reason, desk_id, report_id from public.operator_actions where action = 'approve_desk' and desk_id = $1",
      [deskId],
    )
    expect(audit).toEqual([
      { action: 'approve_desk', reason: 'Checked the station', desk_id: deskId, report_id: null },
    ])
    await expectPgError(decide(operator, deskId, 'refuse'), {
      code: 'P0001',
      message: 'desk_decided',
    })
  })

  it('nobody approves a desk or joins one through the tables', async () => {
    for (const actor of [pendingAdmin, admin, owner]) {
      await expectPgError(
        query(db, actor, "update public.desks set status = 'approved' where id = $1", [
          pendingDeskId,
        ]),
        { code: '42501', message: PERMISSION_DENIED },
      )
      await expectPgError(
        query(
          db,
          actor,
          "insert into public.desk_staff (desk_id, user_id, role) values ($1, $2, 'admin')",
          [deskId, actor.userId],
        ),
        { code: '42501', message: PERMISSION_DENIED },
      )
      await expectPgError(
        query(
          db,
          actor,
          "insert into public.desks (name, address, opening_hours, public_phone, public_email, status) values ('x','x','x','x','x@y.co','approved')",
        ),
        { code: '42501', message: PERMISSION_DENIED },
      )
      await expectPgError(query(db, actor, 'delete from public.desk_staff'), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
    }
    await expectPgError(query(db, noSession, 'select * from public.desks'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    const [desk] = await query(db, serviceRole, 'select status from public.desks where id = $1', [
      pendingDeskId,
    ])
    expect(desk).toEqual({ status: 'pending' })
  })

  it('staff read their own desk only', async () => {
    expect(await query(db, admin, 'select id from public.desks')).toEqual([{ id: deskId }])
    expect(await query(db, owner, 'select id from public.desks')).toEqual([])
    expect(
      await count(otherDeskAdmin, 'select * from public.desk_staff where desk_id = $1', [deskId]),
    ).toBe(0)
  })
})

describe('staff', () => {
  it('an approved desk’s admin adds an existing account by e-mail; nobody else can', async () => {
    const staffRow = { email: await emailOf(staff) }
    await expectPgError(
      query(db, pendingAdmin, 'select public.add_desk_staff($1)', [staffRow!.email]),
      { code: '42501', message: 'not_desk_staff' },
    )
    await expectPgError(
      query(db, admin, 'select public.add_desk_staff($1)', ['nobody@example.test']),
      {
        code: 'P0001',
        message: 'no_such_account',
      },
    )
    await query(db, admin, 'select public.add_desk_staff($1)', [staffRow!.email.toUpperCase()])
    const list = await query<{ user_id: string; role: string }>(
      db,
      staff,
      'select user_id, role from public.desk_staff_list()',
    )
    expect(list).toEqual([
      { user_id: admin.userId, role: 'admin' },
      { user_id: staff.userId, role: 'staff' },
    ])
    // A member of staff is no admin.
    await expectPgError(query(db, staff, 'select public.remove_desk_staff($1)', [admin.userId]), {
      code: '42501',
      message: 'not_desk_admin',
    })
    expect(await count(otherDeskAdmin, 'select * from public.desk_staff_list()')).toBe(1)
  })
})

describe('a desk reports a tagged item', () => {
  let item: ItemRow
  let chatId: string
  let reportId: string

  beforeAll(async () => {
    item = await giveItem(db, owner, 'Black umbrella')
    const [row] = await deskReport(staff, item.tag_code, ' 4471 ')
    chatId = row!.chat_id
    reportId = row!.report_id
  })

  it('alerts the owner with where it is held, and no finder link or thanks e-mail goes out', async () => {
    const notes = await query<{ template: string; payload: Record<string, string> }>(
      db,
      serviceRole,
      'select template, payload from public.notifications where report_id = $1 order by template',
      [reportId],
    )
    expect(notes.map((n) => n.template)).toEqual(['found_sms', 'owner_found_email'])
    expect(notes[1]!.payload.found_location).toBe(
      'Held at Leeds station lost property, ref 4471, open 07:00–19:00',
    )
    const invites = await query(
      db,
      serviceRole,
      'select 1 from public.chat_invites where chat_id = $1 and revoked_at is null',
      [chatId],
    )
    expect(invites).toEqual([])

    const [summary] = await query<{ finder_first_name: string; found_location: string }>(
      db,
      owner,
      'select finder_first_name, found_location from public.chat_summary($1)',
      [chatId],
    )
    expect(summary!.finder_first_name.replace(/\u00a0/g, ' ')).toBe('Leeds station lost property')
    expect(summary!.found_location).toBe(
      'Held at Leeds station lost property, ref 4471, open 07:00–19:00',
    )
    const [held] = await query(
      db,
      owner,
      'select desk_name, reference, opening_hours from public.desk_cases where chat_id = $1',
      [chatId],
    )
    expect(held).toEqual({
      desk_name: 'Leeds station lost property',
      reference: '4471',
      opening_hours: '07:00–19:00',
    })
    // Which member of staff reported it is not the owner's to read.
    await expectPgError(query(db, owner, 'select reported_by from public.desk_cases'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  it('every member of the desk’s staff is in the chat and writes as the desk', async () => {
    await send(owner, chatId, 'Thank you! I can come tomorrow.')
    await send(admin, chatId, 'We are open from seven.')
    const bodies = await query<{ body: string; sender_role: string }>(
      db,
      staff,
      'select body, sender_role from public.messages where chat_id = $1 order by position',
      [chatId],
    )
    expect(bodies).toEqual([
      { body: 'Thank you! I can come tomorrow.', sender_role: 'owner' },
      { body: 'We are open from seven.', sender_role: 'finder' },
    ])
    expect(await count(admin, 'select report_id from public.desk_cases')).toBe(1)
    const [listed] = await query(
      db,
      staff,
      'select item_name, reference, state from public.desk_cases_list()',
    )
    expect(listed).toEqual({
      item_name: 'Black umbrella',
      reference: '4471',
      state: 'owner_replied',
    })
  })

  it('a photo one member of staff sends is seen by the desk and the owner, by nobody else', async () => {
    const name = `${chatId}/${admin.userId}/${randomUUID()}.jpg`
    const asStorage = (actor: Actor, operation: string, sql: string, params: unknown[]) =>
      query(
        db,
        {
          ...actor,
          context: {
            ...actor.context,
            settings: {
              ...actor.context.settings,
              'storage.operation': `storage.object.${operation}`,
            },
          },
        },
        sql,
        params,
      )
    // What check-photo does after its checks: the service role stores the photo.
    await asStorage(
      serviceRole,
      'upload',
      'insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)',
      ['chat-photos', name, JSON.stringify({ mimetype: 'image/jpeg', size: 10 })],
    )
    await query(
      db,
      admin,
      'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3)',
      [chatId, 'Is this yours?', [name]],
    )
    const sees = async (actor: Actor) =>
      (
        await asStorage(
          actor,
          'get',
          'select name from storage.objects where bucket_id = $1 and name = $2',
          ['chat-photos', name],
        )
      ).length === 1
    expect(await sees(staff)).toBe(true)
    expect(await sees(owner)).toBe(true)
    for (const actor of [otherDeskAdmin, pendingAdmin, otherOwner]) {
      expect(await sees(actor), actor.label).toBe(false)
    }
  })

  it('another desk, an unapproved desk, another owner and anon see nothing of it', async () => {
    for (const actor of [otherDeskAdmin, pendingAdmin, otherOwner]) {
      expect(await count(actor, 'select report_id from public.desk_cases'), actor.label).toBe(0)
      expect(await count(actor, 'select * from public.desk_cases_list()'), actor.label).toBe(0)
      expect(await count(actor, 'select * from public.chats where id = $1', [chatId])).toBe(0)
      expect(await count(actor, 'select * from public.messages where chat_id = $1', [chatId])).toBe(
        0,
      )
      expect(
        await count(actor, 'select * from public.found_reports where id = $1', [reportId]),
      ).toBe(0)
      expect(await count(actor, 'select * from public.chat_summary($1)', [chatId])).toBe(0)
      expect(await readTopic(actor, `chat:${chatId}`)).toEqual([])
      await expectPgError(send(actor, chatId, 'Hello'), { code: '42501' })
      await expectPgError(
        query(db, actor, "select public.mark_desk_case($1, 'collected')", [chatId]),
        { code: 'PT404' },
      )
      await expectPgError(
        query(db, actor, 'select public.reserve_photo_upload($1, $2, $3)', [
          'chat-photos',
          `${chatId}/${actor.userId}/${randomUUID()}.jpg`,
          1000,
        ]),
        { code: 'P0001', message: 'photo_not_allowed' },
      )
    }
    await expectPgError(query(db, noSession, 'select report_id from public.desk_cases'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    await expectPgError(query(db, noSession, 'select * from public.desk_cases_list()'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    // The desk's staff read the chat's live topic; nobody broadcasts on it, staff included.
    expect((await readTopic(staff, `chat:${chatId}`)).length).toBeGreaterThan(0)
    for (const actor of [staff, otherDeskAdmin, pendingAdmin]) {
      await expectPgError(
        query(
          db,
          {
            ...actor,
            context: { ...actor.context, settings: { 'realtime.topic': `chat:${chatId}` } },
          },
          "insert into realtime.messages (topic, extension, private, payload, event) values ($1, 'broadcast', true, '{}', 'message')",
          [`chat:${chatId}`],
        ),
        { code: '42501', message: /row-level security/ },
      )
    }
  })

  it('an unapproved desk’s staff cannot report', async () => {
    const other = await giveItem(db, owner, 'Keys')
    await expectPgError(deskReport(pendingAdmin, other.tag_code), {
      code: '42501',
      message: 'not_desk_staff',
    })
    await expectPgError(deskReport(owner, other.tag_code), { code: '42501' })
    await expectPgError(deskReport(noSession, other.tag_code), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    await expectPgError(deskReport(staff, other.tag_code, '  '), {
      code: 'P0001',
      message: 'reference_required',
    })
  })

  it('is not limited like an anonymous finder', async () => {
    const wallet = await giveItem(db, otherOwner, 'Wallet')
    // reports_per_tag is 3 an hour and reports_per_finder 5 for everyone else.
    for (let i = 0; i < 6; i += 1) await deskReport(staff, wallet.tag_code, `W${i}`)
    expect(await count(otherDeskAdmin, 'select report_id from public.desk_cases')).toBe(0)
    expect(
      await count(staff, 'select report_id from public.desk_cases where item_name = $1', [
        'Wallet',
      ]),
    ).toBe(6)
  })

  it('an item still held after the setting’s days shows as unclaimed', async () => {
    const coat = await giveItem(db, otherOwner, 'Coat')
    const [made] = await deskReport(staff, coat.tag_code, 'C1')
    const state = async () =>
      (
        await query<{ state: string }>(
          db,
          staff,
          'select state from public.desk_cases_list() where chat_id = $1',
          [made!.chat_id],
        )
      )[0]?.state
    expect(await state()).toBe('owner_told')
    await db.query(
      "update public.desk_cases set created_at = now() - interval '15 days' where chat_id = $1",
      [made!.chat_id],
    )
    expect(await state()).toBe('unclaimed')
    await db.query("update app_private.desk_settings set unclaimed_after = interval '30 days'")
    expect(await state()).toBe('owner_told')
    const [desk] = await query(db, staff, 'select unclaimed_after_days from public.my_desk()')
    expect(desk).toEqual({ unclaimed_after_days: 30 })
    await db.query("update app_private.desk_settings set unclaimed_after = interval '14 days'")
  })

  it('a member of staff who leaves leaves the chats; one who joins joins the open ones', async () => {
    const newcomer = await createUser(db, 'newcomer', { metadata: registeredMetadata() })
    await query(db, admin, 'select public.add_desk_staff($1)', [await emailOf(newcomer)])
    expect(
      await count(newcomer, 'select * from public.messages where chat_id = $1', [chatId]),
    ).toBe(3)
    expect((await readTopic(newcomer, `chat:${chatId}`)).length).toBeGreaterThan(0)

    await query(db, admin, 'select public.remove_desk_staff($1)', [newcomer.userId])
    expect(
      await count(newcomer, 'select * from public.messages where chat_id = $1', [chatId]),
    ).toBe(0)
    expect(await count(newcomer, 'select report_id from public.desk_cases')).toBe(0)
    expect(await readTopic(newcomer, `chat:${chatId}`)).toEqual([])
    await expectPgError(send(newcomer, chatId, 'Still here?'), { code: '42501' })
  })

  it('the reports of one who leaves, or deletes their account, pass to a colleague', async () => {
    const leaver = await createUser(db, 'leaver', { metadata: registeredMetadata() })
    await query(db, admin, 'select public.add_desk_staff($1)', [await emailOf(leaver)])
    const bag = await giveItem(db, otherOwner, 'Red bag')
    const [made] = await deskReport(leaver, bag.tag_code, 'R1')
    expect(
      await count(leaver, 'select id from public.found_reports where id = $1', [made!.report_id]),
    ).toBe(1)
    await query(db, admin, 'select public.remove_desk_staff($1)', [leaver.userId])
    expect(
      await count(leaver, 'select id from public.found_reports where id = $1', [made!.report_id]),
    ).toBe(0)
    const [held] = await query(
      db,
      serviceRole,
      'select r.finder_id, c.closed_at from public.found_reports r join public.chats c on c.report_id = r.id where r.id = $1',
      [made!.report_id],
    )
    expect(held).toEqual({ finder_id: admin.userId, closed_at: null })

    const deleted = await createUser(db, 'deleted staff', { metadata: registeredMetadata() })
    await query(db, admin, 'select public.add_desk_staff($1)', [await emailOf(deleted)])
    const scarf = await giveItem(db, otherOwner, 'Scarf')
    const [byDeleted] = await deskReport(deleted, scarf.tag_code, 'S1')
    await db.query('delete from auth.users where id = $1', [deleted.userId])
    const [kept] = await query(
      db,
      serviceRole,
      'select r.finder_id, r.purged_at, c.closed_at from public.found_reports r join public.chats c on c.report_id = r.id where r.id = $1',
      [byDeleted!.report_id],
    )
    expect(kept).toEqual({ finder_id: admin.userId, purged_at: null, closed_at: null })
    expect(
      await count(staff, 'select report_id from public.desk_cases where chat_id = $1', [
        byDeleted!.chat_id,
      ]),
    ).toBe(1)
  })

  it('marking it collected tells the owner, closes the chat as returned and the item is FOUND', async () => {
    await query(db, staff, "select public.mark_desk_case($1, 'collected')", [chatId])
    const [chat] = await query(db, owner, 'select closed_reason from public.chats where id = $1', [
      chatId,
    ])
    expect(chat).toEqual({ closed_reason: 'returned' })
    const [last] = await query<{ body: string }>(
      db,
      owner,
      'select body from public.messages where chat_id = $1 order by position desc limit 1',
      [chatId],
    )
    expect(last!.body).toBe('Your item was collected from Leeds station lost property (ref 4471).')
    const closed = await readTopic(owner, `owner:${owner.userId}`)
    expect(
      closed.some((m) => (m.payload as { closed_reason?: string }).closed_reason === 'returned'),
    ).toBe(true)
    const [it2] = await query(db, owner, 'select status from public.items where id = $1', [item.id])
    expect(it2).toEqual({ status: 'FOUND' })
    const [listed] = await query(
      db,
      staff,
      'select state from public.desk_cases_list() where chat_id = $1',
      [chatId],
    )
    expect(listed).toEqual({ state: 'collected' })
    await expectPgError(query(db, staff, "select public.mark_desk_case($1, 'posted')", [chatId]), {
      code: 'P0001',
    })
  })

  it('desk cases go with the finder details’ purge, and the staff leave the chat', async () => {
    await db.query(
      "update public.found_reports set purge_after = now() - interval '1 minute' where id = $1",
      [reportId],
    )
    await query(db, serviceRole, 'select public.purge_finder_data()')
    const [purged] = await query(db, serviceRole, 'select app_private.purge_desk_cases() as n')
    expect(Number((purged as { n: number }).n)).toBeGreaterThanOrEqual(1)
    expect(
      await count(staff, 'select report_id from public.desk_cases where chat_id = $1', [chatId]),
    ).toBe(0)
    expect(
      await count(staff, 'select * from public.chat_members where chat_id = $1', [chatId]),
    ).toBe(0)
  })

  it('deleting the desk deletes its staff’s membership and ends its conversations', async () => {
    const [open] = await query<{ chat_id: string }>(
      db,
      staff,
      "select chat_id from public.desk_cases_list() where state <> 'collected' limit 1",
    )
    await expectPgError(query(db, staff, 'select public.delete_my_desk()'), { code: '42501' })
    await query(db, admin, 'select public.delete_my_desk()')
    expect(
      await query(db, serviceRole, 'select * from public.desk_staff where desk_id = $1', [deskId]),
    ).toEqual([])
    expect(await count(staff, 'select * from public.my_desk()')).toBe(0)
    expect(await count(staff, 'select * from public.chats where id = $1', [open!.chat_id])).toBe(0)
    const [chat] = await query(
      db,
      otherOwner,
      'select closed_reason from public.chats where id = $1',
      [open!.chat_id],
    )
    expect(chat).toEqual({ closed_reason: 'finder_left' })
    // The audit log keeps the approval.
    expect(
      await count(operator, 'select * from public.operator_actions where desk_id = $1', [deskId]),
    ).toBe(1)
  })
})
