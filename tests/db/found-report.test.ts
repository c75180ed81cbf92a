/**
 * create_found_report and join_chat: who may call them, what one report
 * creates, that a failure part-way leaves nothing, throttling, and invites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  mintTag,
  noSession,
  openTestDatabase,
  PERMISSION_DENIED,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  type Actor,
  type ItemRow,
} from './helpers.ts'

let db: Database
let owner: Actor
let ownerWithoutMobile: Actor
let item: ItemRow

const TABLES = [
  'found_reports',
  'chats',
  'chat_members',
  'chat_invites',
  'notifications',
  'realtime.messages',
]

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of TABLES) {
    const name = table.includes('.') ? table : `public.${table}`
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${name}`)
    result[table] = rows[0]?.n ?? -1
  }
  return result
}

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  ownerWithoutMobile = await createUser(db, 'owner no mobile', {
    metadata: registeredMetadata({ mobile_number: '' }),
  })
  item = await giveItem(db, owner)
})

afterAll(async () => {
  await db?.close()
})

describe('create_found_report', () => {
  it('is refused to every role but the service role', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    for (const actor of [noSession, owner, finder]) {
      await expectPgError(
        query(
          db,
          actor,
          'select * from public.create_found_report($1, $2, $3, $4, $5, $6, $7, $8)',
          [
            item.tag_code,
            finder.userId,
            'F',
            'f@example.test',
            null,
            null,
            null,
            'http://localhost:5173',
          ],
        ),
        { code: '42501', message: PERMISSION_DENIED },
      )
    }
  })

  it('creates the report, chat, both memberships, a hashed invite and three outbox rows', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    const result = await reportFound(db, item.tag_code, finder)
    expect(result.owner_id).toBe(owner.userId)
    expect(result.item_id).toBe(item.id)
    expect(result.invite_token.length).toBeGreaterThanOrEqual(22)

    const reports = await db.query('select * from public.found_reports where id = $1', [
      result.report_id,
    ])
    expect(reports.rows).toMatchObject([{ finder_id: finder.userId, finder_name: 'Fiona Finder' }])
    const chats = await db.query('select * from public.chats where id = $1', [result.chat_id])
    expect(chats.rows).toMatchObject([{ report_id: result.report_id, owner_id: owner.userId }])
    const members = await db.query<{ user_id: string; role: string }>(
      'select user_id, role from public.chat_members where chat_id = $1 order by role desc',
      [result.chat_id],
    )
    expect(members.rows).toEqual([
      { user_id: owner.userId, role: 'owner' },
      { user_id: finder.userId, role: 'finder' },
    ])
    const invites = await db.query<{ token_hash: string; revoked_at: unknown; future: boolean }>(
      'select token_hash, revoked_at, expires_at > now() as future from public.chat_invites where chat_id = $1',
      [result.chat_id],
    )
    expect(invites.rows).toHaveLength(1)
    expect(invites.rows[0]?.token_hash).not.toContain(result.invite_token)
    expect(invites.rows[0]).toMatchObject({ revoked_at: null, future: true })
    const outbox = await db.query<{ channel: string; template: string; recipient: string }>(
      'select channel, template, recipient from public.notifications where report_id = $1 order by template',
      [result.report_id],
    )
    expect(outbox.rows).toEqual([
      { channel: 'email', template: 'finder_thanks_email', recipient: 'fiona@example.test' },
      { channel: 'sms', template: 'found_sms', recipient: '07700900123' },
      { channel: 'email', template: 'owner_found_email', recipient: expect.stringContaining('@') },
    ])
  })

  it('sends no SMS when the owner holds no mobile number', async () => {
    const other = await giveItem(db, ownerWithoutMobile, 'Green scarf')
    const finder = await createUser(db, 'finder', { anonymous: true })
    // its own address: the finder's thank-you e-mail goes once a day per address
    const result = await reportFound(db, other.tag_code, finder, { email: 'no-sms@example.test' })
    const outbox = await db.query<{ template: string }>(
      'select template from public.notifications where report_id = $1 order by template',
      [result.report_id],
    )
    expect(outbox.rows.map((r) => r.template)).toEqual(['finder_thanks_email', 'owner_found_email'])
  })

  it("refuses a tag that is not activated with 'tag_not_activated', creating nothing", async () => {
    const tag = await mintTag(db)
    const finder = await createUser(db, 'finder', { anonymous: true })
    const before = await counts()
    await expectPgError(reportFound(db, tag.code, finder), {
      code: 'P0001',
      message: 'tag_not_activated',
    })
    expect(await counts()).toEqual(before)
  })

  it('is atomic: a failure at the last outbox insert leaves no row behind', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    // a fresh tag and address, clear of the per-tag and per-address limits
    const atomicItem = await giveItem(db, owner, 'Atomic')
    const details = { email: 'atomic@example.test' }
    await db.query(`
      create function public.test_fail_finder_email() returns trigger language plpgsql as $$
      begin
        if new.template = 'finder_thanks_email' then
          raise exception 'forced failure' using errcode = 'P0001';
        end if;
        return new;
      end $$`)
    await db.query(`
      create trigger test_fail_finder_email before insert on public.notifications
        for each row execute function public.test_fail_finder_email()`)
    try {
      const before = await counts()
      await expectPgError(reportFound(db, atomicItem.tag_code, finder, details), {
        code: 'P0001',
        message: 'forced failure',
      })
      expect(await counts()).toEqual(before)
    } finally {
      await db.query('drop trigger test_fail_finder_email on public.notifications')
      await db.query('drop function public.test_fail_finder_email()')
    }
    // The same call succeeds once the failure is gone: the failure was the trigger.
    await expect(reportFound(db, atomicItem.tag_code, finder, details)).resolves.toBeDefined()
  })

  it("throttles a finder after 5 reports an hour with 'too_many_reports', creating nothing", async () => {
    const finder = await createUser(db, 'busy finder', { anonymous: true })
    // one tag takes 3 reports an hour (tests/db/report-limits.test.ts): use five
    for (let i = 0; i < 5; i += 1) {
      await reportFound(db, (await giveItem(db, owner, `Keys ${i}`)).tag_code, finder)
    }
    const item2 = await giveItem(db, owner, 'Keys')
    const before = await counts()
    const error = await expectPgError(reportFound(db, item2.tag_code, finder), {
      code: 'P0001',
      message: 'too_many_reports',
    })
    expect(Number(error.detail)).toBeGreaterThan(0)
    expect(await counts()).toEqual(before)
    // Another finder is not held back by this one.
    const other = await createUser(db, 'other finder', { anonymous: true })
    await expect(reportFound(db, item2.tag_code, other)).resolves.toBeDefined()
  })
})

describe('join_chat', () => {
  async function freshReport() {
    const finder = await createUser(db, 'finder', { anonymous: true })
    const item3 = await giveItem(db, owner, 'Wallet')
    return reportFound(db, item3.tag_code, finder)
  }
  const join = (actor: Actor, chatId: string, token: string | null) =>
    query<{ join_chat: string }>(db, actor, 'select public.join_chat($1, $2)', [chatId, token])
  const isMember = async (chatId: string, actor: Actor) =>
    (
      await db.query('select 1 from public.chat_members where chat_id = $1 and user_id = $2', [
        chatId,
        actor.userId,
      ])
    ).rows.length === 1

  it('a valid token makes the caller a finder, and joining again changes nothing', async () => {
    const report = await freshReport()
    const phone = await createUser(db, 'finder on another device', { anonymous: true })
    expect(await join(phone, report.chat_id, report.invite_token)).toEqual([
      { join_chat: 'finder' },
    ])
    expect(await join(phone, report.chat_id, report.invite_token)).toEqual([
      { join_chat: 'finder' },
    ])
    const rows = await db.query(
      'select role from public.chat_members where chat_id = $1 and user_id = $2',
      [report.chat_id, phone.userId],
    )
    expect(rows.rows).toEqual([{ role: 'finder' }])
  })

  it("a wrong, expired or revoked token all give the same 'invalid_invite'", async () => {
    const report = await freshReport()
    const wrong = await createUser(db, 'wrong', { anonymous: true })
    await expectPgError(join(wrong, report.chat_id, report.invite_token + 'x'), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    await expectPgError(join(wrong, report.chat_id, null), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    expect(await isMember(report.chat_id, wrong)).toBe(false)

    const expired = await createUser(db, 'expired', { anonymous: true })
    await query(
      db,
      serviceRole,
      "update public.chat_invites set expires_at = now() - interval '1 second' where chat_id = $1",
      [report.chat_id],
    )
    await expectPgError(join(expired, report.chat_id, report.invite_token), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    expect(await isMember(report.chat_id, expired)).toBe(false)

    const revokedReport = await freshReport()
    const revoked = await createUser(db, 'revoked', { anonymous: true })
    expect(
      await query(db, owner, 'select public.revoke_chat_invites($1) as n', [revokedReport.chat_id]),
    ).toEqual([{ n: 1 }])
    await expectPgError(join(revoked, revokedReport.chat_id, revokedReport.invite_token), {
      code: 'P0001',
      message: 'invalid_invite',
    })
    expect(await isMember(revokedReport.chat_id, revoked)).toBe(false)
  })

  it("the owner gets 'owner' without a token; no session is refused", async () => {
    const report = await freshReport()
    expect(await join(owner, report.chat_id, null)).toEqual([{ join_chat: 'owner' }])
    await expectPgError(join(noSession, report.chat_id, report.invite_token), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })
})
