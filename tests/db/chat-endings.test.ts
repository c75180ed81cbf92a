/**
 * Issue 45: every end state of a conversation is read from the database, never
 * guessed by the page. public.chat_link_status tells the finder (a session that
 * was in the chat, or one of its links) why they cannot enter any more: the
 * owner deleted the account, they deleted their details, the purge, a link
 * replaced or expired; anyone else learns nothing. The owner's postal address
 * goes once the item is home, and can be withdrawn from a closed chat; a finder
 * who handed it in cannot ask for an address.
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
  serviceRole,
  type Actor,
} from './helpers.ts'

let db: Database
let owner: Actor
let otherOwner: Actor
let stranger: Actor

const ADDRESS = 'Katherine Owner\n1 High Street\nYork YO1 7HH'

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  stranger = await createUser(db, 'stranger', { anonymous: true })
})

afterAll(async () => {
  await db?.close()
})

async function openChat(chatOwner = owner, name = 'Wallet') {
  const item = await giveItem(db, chatOwner, name)
  const finder = await createUser(db, 'finder', { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder, { email: 'fiona@example.test' })
  await query(db, finder, 'select public.join_chat($1, $2)', [report.chat_id, report.invite_token])
  return { item, finder, report }
}

type Status = {
  status: string
  closed_reason: string | null
  at: string | null
  details_deleted_at: string | null
}

const linkStatus = async (actor: Actor, chatId: string, token: string | null = null) =>
  (
    await query<Status>(db, actor, 'select * from public.chat_link_status($1, $2)', [chatId, token])
  )[0]

const readAddress = async (actor: Actor, chatId: string) =>
  (
    await query<{ postal_address: string | null }>(
      db,
      actor,
      'select postal_address from public.chat_returns where chat_id = $1',
      [chatId],
    )
  )[0]?.postal_address

describe('chat_link_status', () => {
  it("after the owner deletes the account: 'ended', account_deleted, the finder's details deleted, to the finder's session and link only", async () => {
    const departing = await createUser(db, 'departing owner', { metadata: registeredMetadata() })
    const { finder, report } = await openChat(departing, 'Keys')
    await db.query('delete from auth.users where id = $1', [departing.userId])

    // The chat went with the account: the summary has nothing to say any more.
    expect(
      await query(db, finder, 'select * from public.chat_summary($1)', [report.chat_id]),
    ).toEqual([])
    for (const [actor, token] of [
      [finder, null],
      [noSession, report.invite_token],
      [stranger, report.invite_token],
    ] as const) {
      expect(await linkStatus(actor, report.chat_id, token)).toMatchObject({
        status: 'ended',
        closed_reason: 'account_deleted',
      })
    }
    expect((await linkStatus(finder, report.chat_id))?.details_deleted_at).not.toBeNull()
    // Without the link, nobody else learns anything.
    for (const actor of [stranger, otherOwner, noSession]) {
      expect(await linkStatus(actor, report.chat_id)).toMatchObject({ status: 'unknown' })
    }
    expect(await linkStatus(stranger, report.chat_id, 'not-the-token')).toMatchObject({
      status: 'unknown',
      closed_reason: null,
    })
  })

  it("after the finder deletes their details: 'ended', finder_left, for their session and their e-mailed link", async () => {
    const { finder, report } = await openChat()
    await query(db, finder, 'select public.delete_my_finder_details($1)', [report.chat_id])
    for (const [actor, token] of [
      [finder, null],
      [stranger, report.invite_token],
    ] as const) {
      const status = await linkStatus(actor, report.chat_id, token)
      expect(status).toMatchObject({ status: 'ended', closed_reason: 'finder_left' })
      expect(status?.details_deleted_at).not.toBeNull()
    }
    // The owner's own chat still says it in chat_summary; strangers learn nothing.
    expect(await linkStatus(otherOwner, report.chat_id)).toMatchObject({ status: 'unknown' })
  })

  it("a finder who deletes their details after the owner closed the chat: 'ended', finder_left", async () => {
    const { finder, report } = await openChat()
    await query(db, owner, 'select public.close_conversation($1)', [report.chat_id])
    await query(db, finder, 'select public.delete_my_finder_details($1)', [report.chat_id])
    expect(await linkStatus(stranger, report.chat_id, report.invite_token)).toMatchObject({
      status: 'ended',
      closed_reason: 'finder_left',
    })
    // The owner's chat keeps why it closed.
    expect(
      await query(db, owner, 'select closed_reason from public.chat_summary($1)', [report.chat_id]),
    ).toEqual([{ closed_reason: 'closed_by_owner' }])
  })

  it("keeps the first reason when the purge comes after a return: 'ended', returned", async () => {
    const { item, finder, report } = await openChat()
    await query(db, owner, 'select public.mark_item_returned($1)', [item.id])
    await db.query(
      `update public.found_reports set purge_after = now() - interval '1 minute' where id = $1`,
      [report.report_id],
    )
    await query(db, serviceRole, 'select public.purge_finder_data()')
    expect(await linkStatus(finder, report.chat_id, report.invite_token)).toMatchObject({
      status: 'ended',
      closed_reason: 'returned',
    })
  })

  it("a replaced link: 'replaced' for its token and for the session bound to it", async () => {
    const { finder, report } = await openChat()
    const phone = await createUser(db, 'phone', { anonymous: true })
    await query(db, phone, 'select public.request_chat_link($1, $2)', [
      report.chat_id,
      report.invite_token,
    ])
    expect(await linkStatus(finder, report.chat_id)).toMatchObject({ status: 'replaced' })
    expect(await linkStatus(phone, report.chat_id, report.invite_token)).toMatchObject({
      status: 'replaced',
    })
    expect(await linkStatus(stranger, report.chat_id)).toMatchObject({ status: 'unknown' })
  })

  it("an expired link: 'expired' with the time it ran out, 'bound' when in use elsewhere", async () => {
    const { report } = await openChat()
    const laptop = await createUser(db, 'laptop', { anonymous: true })
    expect(await linkStatus(laptop, report.chat_id, report.invite_token)).toMatchObject({
      status: 'bound',
    })
    await db.query(
      `update public.chat_invites set expires_at = now() - interval '1 hour' where chat_id = $1`,
      [report.chat_id],
    )
    const status = await linkStatus(laptop, report.chat_id, report.invite_token)
    expect(status?.status).toBe('expired')
    expect(status?.at).not.toBeNull()
  })

  it('is the only way in: the endings table is closed to every API role', async () => {
    for (const actor of [owner, stranger]) {
      await expectPgError(query(db, actor, 'select * from app_private.chat_endings'), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
    }
  })
})

describe("the owner's postal address", () => {
  it('is cleared for both members once the item is marked returned', async () => {
    const { item, finder, report } = await openChat()
    await query(db, finder, 'select public.ask_for_postal_address($1)', [report.chat_id])
    await query(db, owner, 'select public.share_postal_address($1, $2)', [report.chat_id, ADDRESS])
    expect(await readAddress(finder, report.chat_id)).toBe(ADDRESS)
    await query(db, owner, 'select public.mark_item_returned($1)', [item.id])
    expect(await readAddress(finder, report.chat_id)).toBeNull()
    expect(await readAddress(owner, report.chat_id)).toBeNull()
  })

  it('can be withdrawn by the owner after the conversation closed, and by nobody else', async () => {
    const { finder, report } = await openChat()
    await query(db, owner, 'select public.share_postal_address($1, $2)', [report.chat_id, ADDRESS])
    await query(db, owner, 'select public.close_conversation($1)', [report.chat_id])
    for (const actor of [finder, otherOwner]) {
      await expectPgError(
        query(db, actor, 'select public.withdraw_postal_address($1)', [report.chat_id]),
        { code: 'PT404', message: 'chat_not_found' },
      )
    }
    expect(await readAddress(finder, report.chat_id)).toBe(ADDRESS)
    await query(db, owner, 'select public.withdraw_postal_address($1)', [report.chat_id])
    expect(await readAddress(finder, report.chat_id)).toBeNull()
  })

  it('cannot be asked for once the finder handed the item in', async () => {
    const { finder, report } = await openChat()
    await query(db, finder, 'select public.record_hand_in($1, $2)', [
      report.chat_id,
      'Police front desk',
    ])
    await expectPgError(
      query(db, finder, 'select public.ask_for_postal_address($1)', [report.chat_id]),
      { code: 'P0001', message: 'already_handed_in', hint: 'handed_in' },
    )
  })
})

describe('chat_summary', () => {
  it("names the ways back the owner accepts, to the chat's members only", async () => {
    const { item, finder, report } = await openChat()
    await query(db, owner, 'update public.items set return_options = $2 where id = $1', [
      item.id,
      ['post'],
    ])
    const summary = (actor: Actor) =>
      query<{ return_options: string[] }>(
        db,
        actor,
        'select return_options from public.chat_summary($1)',
        [report.chat_id],
      )
    expect(await summary(finder)).toEqual([{ return_options: ['post'] }])
    expect(await summary(owner)).toEqual([{ return_options: ['post'] }])
    expect(await summary(stranger)).toEqual([])
    await expectPgError(summary(noSession), { code: '42501', message: PERMISSION_DENIED })
  })
})
