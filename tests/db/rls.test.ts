/**
 * Row-level security, acted out role by role: owner A, owner B, a finder who
 * joined with a valid invite, an anonymous user without one, no session, and
 * the service role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  affected,
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
  type ItemRow,
  type ReportResult,
} from './helpers.ts'

let db: Database
let ownerA: Actor
let ownerB: Actor
let finder: Actor
let stranger: Actor
let itemA: ItemRow
let itemB: ItemRow
let report: ReportResult

beforeAll(async () => {
  db = await openTestDatabase()
  ownerA = await createUser(db, 'owner A', { metadata: registeredMetadata({ full_name: 'Ann A' }) })
  ownerB = await createUser(db, 'owner B', { metadata: registeredMetadata({ full_name: 'Bob B' }) })
  finder = await createUser(db, 'finder', { anonymous: true })
  stranger = await createUser(db, 'anonymous stranger', { anonymous: true })
  itemA = await giveItem(db, ownerA, 'Blue backpack')
  itemB = await giveItem(db, ownerB, 'Red umbrella')
  report = await reportFound(db, itemA.tag_code, finder)
  await query(db, finder, 'select public.join_chat($1, $2)', [report.chat_id, report.invite_token])
  await query(db, ownerA, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'Thank you so much!',
  ])
  await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'Happy to help',
  ])
})

afterAll(async () => {
  await db?.close()
})

const outsiders = () => [ownerB, stranger]

it('has row-level security enabled on every table in public', async () => {
  const tables = await db.query<{ name: string; rls: boolean }>(
    `select c.relname as name, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`,
  )
  expect(tables.rows.map((t) => t.name)).toEqual(
    expect.arrayContaining([
      'chat_invites',
      'chat_members',
      'chats',
      'found_reports',
      'items',
      'messages',
      'notifications',
      'profiles',
      'tags',
    ]),
  )
  expect(tables.rows.filter((t) => !t.rls)).toEqual([])
})

describe('profiles', () => {
  it('each owner reads only their own profile', async () => {
    const a = await query<{ id: string; full_name: string }>(
      db,
      ownerA,
      'select id, full_name from public.profiles',
    )
    expect(a).toEqual([{ id: ownerA.userId, full_name: 'Ann A' }])
    const b = await query<{ id: string }>(db, ownerB, 'select id from public.profiles')
    expect(b).toEqual([{ id: ownerB.userId }])
  })

  it('finders and anonymous users see none; no session is refused', async () => {
    expect(await query(db, finder, 'select * from public.profiles')).toEqual([])
    expect(await query(db, stranger, 'select * from public.profiles')).toEqual([])
    await expectPgError(query(db, noSession, 'select * from public.profiles'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  it('the service role reads all', async () => {
    const rows = await query(db, serviceRole, 'select id from public.profiles')
    expect(rows).toHaveLength(2)
  })

  it('an owner updates their own profile but not another', async () => {
    expect(
      await affected(db, ownerA, "update public.profiles set county = 'Kent' where id = $1", [
        ownerA.userId,
      ]),
    ).toBe(1)
    expect(
      await affected(db, ownerA, "update public.profiles set county = 'Kent' where id = $1", [
        ownerB.userId,
      ]),
    ).toBe(0)
    const [b] = await query<{ county: string }>(
      db,
      serviceRole,
      'select county from public.profiles where id = $1',
      [ownerB.userId],
    )
    expect(b?.county).toBe('North Yorkshire')
  })

  it('inserting a profile for someone else fails with the RLS error', async () => {
    const other = await createUser(db, 'owner without profile', { metadata: {} })
    await expectPgError(
      query(db, ownerA, 'insert into public.profiles (id, email) values ($1, $2)', [
        other.userId,
        'x@example.test',
      ]),
      { code: '42501', message: RLS_VIOLATION },
    )
    await expectPgError(
      query(db, stranger, 'insert into public.profiles (id, email) values ($1, $2)', [
        stranger.userId,
        'x@example.test',
      ]),
      { code: '42501', message: RLS_VIOLATION },
    )
    const mine = await query(
      db,
      other,
      'insert into public.profiles (id, email) values ($1, $2) returning id',
      [other.userId, 'me@example.test'],
    )
    expect(mine).toEqual([{ id: other.userId }])
  })

  it('is created on sign-up only when every required field is present, never for anonymous users', async () => {
    const complete = await createUser(db, 'complete', {
      metadata: registeredMetadata({ fullName: 'Cam C', full_name: undefined }),
    })
    const noDob = await createUser(db, 'no dob', { metadata: registeredMetadata({ dob: '' }) })
    const badDob = await createUser(db, 'bad dob', {
      metadata: registeredMetadata({ dob: 'not a date' }),
    })
    const noCountry = await createUser(db, 'no country', {
      metadata: registeredMetadata({ country: undefined }),
    })
    const anonymous = await createUser(db, 'anonymous', {
      anonymous: true,
      metadata: registeredMetadata(),
    })
    const ids = [complete, noDob, badDob, noCountry, anonymous].map((a) => a.userId)
    const rows = await query<{ id: string; full_name: string; country: string }>(
      db,
      serviceRole,
      'select id, full_name, country from public.profiles where id = any($1::uuid[])',
      [ids],
    )
    expect(rows).toEqual([{ id: complete.userId, full_name: 'Cam C', country: 'United Kingdom' }])
  })
})

describe('items', () => {
  it('each owner reads only their own items; others see nothing', async () => {
    expect(await query(db, ownerA, 'select id from public.items')).toEqual([{ id: itemA.id }])
    expect(await query(db, ownerB, 'select id from public.items')).toEqual([{ id: itemB.id }])
    expect(await query(db, finder, 'select id from public.items')).toEqual([])
    expect(await query(db, stranger, 'select id from public.items')).toEqual([])
    await expectPgError(query(db, noSession, 'select id from public.items'), { code: '42501' })
    expect(await query(db, serviceRole, 'select id from public.items')).toHaveLength(2)
  })

  it('the owner renames and sets the status of their own item only', async () => {
    const [renamed] = await query<{ name: string; status: string; status_changed_at: Date | null }>(
      db,
      ownerA,
      "update public.items set name = 'Green backpack', status = 'LOST' where id = $1 returning name, status, status_changed_at",
      [itemA.id],
    )
    expect(renamed).toMatchObject({ name: 'Green backpack', status: 'LOST' })
    expect(renamed?.status_changed_at).not.toBeNull()
    expect(
      await affected(db, ownerB, "update public.items set name = 'Mine now' where id = $1", [
        itemA.id,
      ]),
    ).toBe(0)
    expect(
      await affected(db, finder, "update public.items set status = 'FOUND' where id = $1", [
        itemA.id,
      ]),
    ).toBe(0)
  })

  it('refuses changes to anything but name and status, and any insert or delete', async () => {
    await expectPgError(
      query(db, ownerA, 'update public.items set owner_id = $1 where id = $2', [
        ownerB.userId,
        itemA.id,
      ]),
      { code: '42501', message: PERMISSION_DENIED },
    )
    await expectPgError(
      query(db, ownerA, 'update public.items set found_by = $1 where id = $2', [
        ownerA.userId,
        itemA.id,
      ]),
      {
        code: '42501',
      },
    )
    await expectPgError(
      query(
        db,
        ownerA,
        'insert into public.items (tag_id, tag_code, owner_id, name) values ($1, $2, $3, $4)',
        [itemB.tag_id, itemB.tag_code, ownerA.userId, 'Stolen'],
      ),
      { code: '42501' },
    )
    await expectPgError(query(db, ownerA, 'delete from public.items where id = $1', [itemA.id]), {
      code: '42501',
    })
  })

  it('checks the status and the name length', async () => {
    await expectPgError(
      query(db, ownerA, "update public.items set status = 'STOLEN' where id = $1", [itemA.id]),
      {
        code: '23514',
      },
    )
    await expectPgError(
      query(db, ownerA, 'update public.items set name = $1 where id = $2', [
        'x'.repeat(81),
        itemA.id,
      ]),
      {
        code: '23514',
      },
    )
    await expectPgError(
      query(db, ownerA, "update public.items set name = '   ' where id = $1", [itemA.id]),
      {
        code: '23514',
      },
    )
    expect(
      await affected(db, ownerA, 'update public.items set status = null where id = $1', [itemA.id]),
    ).toBe(1)
  })
})

describe('tags', () => {
  it('nobody but the service role reads or writes tags directly', async () => {
    for (const actor of [ownerA, finder, stranger, noSession]) {
      await expectPgError(query(db, actor, 'select code from public.tags'), { code: '42501' })
      await expectPgError(query(db, actor, "update public.tags set status = 'unclaimed'"), {
        code: '42501',
      })
    }
    expect(
      (await query(db, serviceRole, 'select code from public.tags')).length,
    ).toBeGreaterThanOrEqual(2)
  })
})

describe('found_reports', () => {
  it('the owner and the finder who wrote it read the report; others see nothing', async () => {
    expect(await query(db, ownerA, 'select id from public.found_reports')).toEqual([
      { id: report.report_id },
    ])
    expect(await query(db, finder, 'select id, finder_name from public.found_reports')).toEqual([
      { id: report.report_id, finder_name: 'Fiona Finder' },
    ])
    for (const actor of outsiders()) {
      expect(await query(db, actor, 'select id from public.found_reports')).toEqual([])
    }
    await expectPgError(query(db, noSession, 'select id from public.found_reports'), {
      code: '42501',
    })
  })

  it('clients cannot write reports', async () => {
    await expectPgError(
      query(
        db,
        finder,
        'insert into public.found_reports (item_id, owner_id, finder_id) values ($1, $2, $3)',
        [itemA.id, ownerA.userId, finder.userId],
      ),
      { code: '42501' },
    )
    await expectPgError(query(db, ownerA, 'update public.found_reports set finder_name = null'), {
      code: '42501',
    })
    await expectPgError(query(db, ownerA, 'delete from public.found_reports'), { code: '42501' })
  })
})

describe('chats and chat_members', () => {
  it('members read their chat and its members; others see nothing', async () => {
    for (const actor of [ownerA, finder]) {
      expect(await query(db, actor, 'select id from public.chats')).toEqual([
        { id: report.chat_id },
      ])
      const members = await query<{ user_id: string; role: string }>(
        db,
        actor,
        'select user_id, role from public.chat_members order by role',
      )
      expect(members).toEqual([
        { user_id: finder.userId, role: 'finder' },
        { user_id: ownerA.userId, role: 'owner' },
      ])
    }
    for (const actor of outsiders()) {
      expect(await query(db, actor, 'select id from public.chats')).toEqual([])
      expect(await query(db, actor, 'select chat_id from public.chat_members')).toEqual([])
    }
    await expectPgError(query(db, noSession, 'select id from public.chats'), { code: '42501' })
  })

  it('clients cannot add themselves to a chat directly', async () => {
    await expectPgError(
      query(
        db,
        stranger,
        "insert into public.chat_members (chat_id, user_id, role) values ($1, $2, 'finder')",
        [report.chat_id, stranger.userId],
      ),
      { code: '42501' },
    )
  })
})

describe('chat_invites', () => {
  it('only the service role sees invites, and only their hash', async () => {
    for (const actor of [ownerA, finder, stranger, noSession]) {
      await expectPgError(query(db, actor, 'select * from public.chat_invites'), { code: '42501' })
    }
    const invites = await query<{ token_hash: string }>(
      db,
      serviceRole,
      'select token_hash from public.chat_invites where chat_id = $1',
      [report.chat_id],
    )
    expect(invites).toHaveLength(1)
    expect(invites[0]?.token_hash).not.toContain(report.invite_token)
    expect(invites[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('messages', () => {
  it('members read the chat messages; others see nothing', async () => {
    for (const actor of [ownerA, finder]) {
      const rows = await query<{ body: string; sender_role: string }>(
        db,
        actor,
        'select body, sender_role from public.messages where chat_id = $1 order by created_at, sender_role desc',
        [report.chat_id],
      )
      expect(rows).toEqual([
        { body: 'Thank you so much!', sender_role: 'owner' },
        { body: 'Happy to help', sender_role: 'finder' },
      ])
    }
    for (const actor of outsiders()) {
      expect(await query(db, actor, 'select id from public.messages')).toEqual([])
    }
    await expectPgError(query(db, noSession, 'select id from public.messages'), { code: '42501' })
  })

  it('the role comes from membership, and a resend with the same id is a no-op', async () => {
    const id = '7d1b8a1e-52a4-4c57-9d3b-7b7f3c1f0a01'
    const insert =
      'insert into public.messages (id, chat_id, body) values ($1, $2, $3) on conflict (id) do nothing returning sender_role, sender_id'
    expect(await query(db, finder, insert, [id, report.chat_id, 'Where shall we meet?'])).toEqual([
      { sender_role: 'finder', sender_id: finder.userId },
    ])
    expect(await query(db, finder, insert, [id, report.chat_id, 'Where shall we meet?'])).toEqual(
      [],
    )
    const [count] = await query<{ n: number }>(
      db,
      serviceRole,
      'select count(*)::int as n from public.messages where id = $1',
      [id],
    )
    expect(count?.n).toBe(1)
  })

  it('non-members writing to the chat fail with the RLS error', async () => {
    for (const actor of outsiders()) {
      await expectPgError(
        query(db, actor, 'insert into public.messages (chat_id, body) values ($1, $2)', [
          report.chat_id,
          'hi',
        ]),
        { code: '42501', message: RLS_VIOLATION },
      )
    }
    await expectPgError(
      query(db, noSession, 'insert into public.messages (chat_id, body) values ($1, $2)', [
        report.chat_id,
        'hi',
      ]),
      { code: '42501' },
    )
  })

  it('the sender and role cannot be chosen by the client', async () => {
    await expectPgError(
      query(
        db,
        ownerA,
        'insert into public.messages (chat_id, body, sender_id) values ($1, $2, $3)',
        [report.chat_id, 'pretending', finder.userId],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
    await expectPgError(
      query(
        db,
        finder,
        "insert into public.messages (chat_id, body, sender_role) values ($1, $2, 'owner')",
        [report.chat_id, 'pretending'],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
  })

  it('checks the body: 1 to 2000 characters, not only spaces', async () => {
    for (const body of ['', '   ', 'x'.repeat(2001)]) {
      await expectPgError(
        query(db, ownerA, 'insert into public.messages (chat_id, body) values ($1, $2)', [
          report.chat_id,
          body,
        ]),
        { code: '23514' },
      )
    }
    expect(
      await affected(db, ownerA, 'insert into public.messages (chat_id, body) values ($1, $2)', [
        report.chat_id,
        'y'.repeat(2000),
      ]),
    ).toBe(1)
  })

  it('members cannot edit or delete messages', async () => {
    await expectPgError(query(db, ownerA, "update public.messages set body = 'changed'"), {
      code: '42501',
    })
    await expectPgError(query(db, finder, 'delete from public.messages'), { code: '42501' })
  })
})

describe('notifications', () => {
  it('only the service role reads or writes the outbox', async () => {
    for (const actor of [ownerA, finder, stranger, noSession]) {
      await expectPgError(query(db, actor, 'select id from public.notifications'), {
        code: '42501',
      })
    }
    const rows = await query<{ template: string }>(
      db,
      serviceRole,
      'select template from public.notifications where report_id = $1 order by template',
      [report.report_id],
    )
    expect(rows.map((r) => r.template)).toEqual([
      'finder_thanks_email',
      'found_sms',
      'owner_found_email',
    ])
  })
})
