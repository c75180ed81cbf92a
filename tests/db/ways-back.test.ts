/**
 * Ways back without meeting, and where it is with consent: the owner's accepted
 * ways back per item, the finder's hand-in (a message in the chat, alerting the owner as one), the
 * postal address the owner shares with one chat only, and the position a finder
 * shares, each acted out by every role, and all of it gone after the purge.
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
  serviceRole,
  type Actor,
  type ItemRow,
} from './helpers.ts'

let db: Database
let owner: Actor
let otherOwner: Actor

const CLOSED_MESSAGE = 'chat_closed'
const ADDRESS = 'Katherine Owner\n1 High Street\nYork YO1 7HH'

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

async function finderOf(item: ItemRow, label = 'finder') {
  const finder = await createUser(db, label, { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder)
  return { finder, report }
}

async function openChat(name = 'Wallet') {
  const item = await giveItem(db, owner, name)
  const { finder, report } = await finderOf(item)
  return { item, finder, report }
}

const readReturns = (actor: Actor, chatId: string) =>
  query<{ hand_in_place: string | null; postal_address: string | null }>(
    db,
    actor,
    'select hand_in_place, postal_address from public.chat_returns where chat_id = $1',
    [chatId],
  )

const waysBack = (actor: Actor, chatId: string) =>
  query<{
    return_options: string[]
    found_latitude: number | null
    found_longitude: number | null
    found_accuracy_m: number | null
  }>(
    db,
    actor,
    `select return_options, found_latitude, found_longitude, found_accuracy_m
       from public.chat_ways_back($1)`,
    [chatId],
  )

/** The alerts the owner got on owner:<uid> about one chat, oldest first. */
const ownerAlerts = (chatId: string) =>
  query<{ body: string }>(
    db,
    {
      ...owner,
      context: { ...owner.context, settings: { 'realtime.topic': `owner:${owner.userId}` } },
    },
    `select payload->>'preview' as body from realtime.messages
      where topic = realtime.topic() and event = 'message' and payload->>'chat_id' = $1
      order by inserted_at, id`,
    [chatId],
  )

const shareLocation = (actor: Actor, chatId: string, lat: unknown, lng: unknown, acc: unknown) =>
  query(db, actor, 'select public.share_found_location($1, $2, $3, $4)', [chatId, lat, lng, acc])

const handIn = (actor: Actor, chatId: string, place: string, pin: unknown[] = [null, null, null]) =>
  query(db, actor, 'select public.record_hand_in($1, $2, $3, $4, $5)', [chatId, place, ...pin])

const shareAddress = (actor: Actor, chatId: string, address: string) =>
  query(db, actor, 'select public.share_postal_address($1, $2)', [chatId, address])

const purgeNow = async (reportId: string) => {
  await db.query(
    `update public.found_reports set purge_after = now() - interval '1 minute' where id = $1`,
    [reportId],
  )
  await query(db, serviceRole, 'select public.purge_finder_data()')
}

describe("the owner's accepted ways back", () => {
  it('are all three by default, and only the owner may change them', async () => {
    const { item, finder, report } = await openChat()
    const [row] = await query<{ return_options: string[] }>(
      db,
      owner,
      'select return_options from public.items where id = $1',
      [item.id],
    )
    expect(row?.return_options).toEqual(['hand_in', 'meet', 'post'])

    const set = (actor: Actor, options: string[]) =>
      affected(db, actor, 'update public.items set return_options = $2 where id = $1', [
        item.id,
        options,
      ])
    expect(await set(owner, ['post', 'meet', 'post'])).toBe(1)
    expect(await set(otherOwner, ['meet'])).toBe(0)
    expect(await set(finder, ['meet'])).toBe(0)
    await expectPgError(set(noSession, ['meet']), { code: '42501', message: PERMISSION_DENIED })

    // Stored once each, in order; the finder reads them through the chat only.
    expect((await waysBack(finder, report.chat_id))[0]?.return_options).toEqual(['meet', 'post'])
    expect((await waysBack(owner, report.chat_id))[0]?.return_options).toEqual(['meet', 'post'])
    expect(await waysBack(otherOwner, report.chat_id)).toEqual([])
    expect(
      await query(db, finder, 'select return_options from public.items where id = $1', [item.id]),
    ).toEqual([])
  })

  it('refuses an unknown way back', async () => {
    const item = await giveItem(db, owner, 'Scarf')
    await expectPgError(
      query(db, owner, "update public.items set return_options = '{teleport}' where id = $1", [
        item.id,
      ]),
      { code: '23514' },
    )
  })

  it('are enforced: a way back the owner does not accept is refused with a code', async () => {
    const { item, finder, report } = await openChat()
    await query(db, owner, "update public.items set return_options = '{meet}' where id = $1", [
      item.id,
    ])
    const message = 'way_back_not_accepted'
    await expectPgError(handIn(finder, report.chat_id, 'Euston lost property'), {
      code: 'P0001',
      message,
    })
    await expectPgError(
      query(db, finder, 'select public.ask_for_postal_address($1)', [report.chat_id]),
      { code: 'P0001', message },
    )
  })
})

describe('handing it in', () => {
  it("is the finder's: stored for the chat's members, written into the chat, the owner alerted as for a message", async () => {
    const { finder, report } = await openChat()
    await handIn(
      finder,
      report.chat_id,
      '  King’s Cross lost property office. ',
      [51.53, -0.12, 15],
    )

    const expected = [{ hand_in_place: 'King’s Cross lost property office.', postal_address: null }]
    expect(await readReturns(owner, report.chat_id)).toEqual(expected)
    expect(await readReturns(finder, report.chat_id)).toEqual(expected)
    expect(await readReturns(otherOwner, report.chat_id)).toEqual([])
    await expectPgError(readReturns(noSession, report.chat_id), {
      code: '42501',
      message: PERMISSION_DENIED,
    })

    const messages = await query<{ body: string; sender_role: string }>(
      db,
      owner,
      'select body, sender_role from public.messages where chat_id = $1 order by position',
      [report.chat_id],
    )
    expect(messages.at(-1)).toEqual({
      body: 'I handed it in at King’s Cross lost property office. I pinned where it is.',
      sender_role: 'finder',
    })
    expect((await ownerAlerts(report.chat_id)).map((a) => a.body)).toEqual([
      'I handed it in at King’s Cross lost property office. I pinned where it is.',
    ])
  })

  it('counts as a message for the owner’s alerts: repeated ways-back lines coalesce like plain messages', async () => {
    const { finder, report } = await openChat()
    await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
      report.chat_id,
      'I found your wallet',
    ])
    // Ten hand-in lines (asking for an address is refused once it was handed in).
    for (let i = 0; i < 10; i += 1) {
      await handIn(finder, report.chat_id, `Police front desk ${i}`)
    }
    // Eleven lines in the chat inside one alert window: one alert, the first message's.
    const lines = await query(db, owner, 'select 1 from public.messages where chat_id = $1', [
      report.chat_id,
    ])
    expect(lines).toHaveLength(11)
    expect((await ownerAlerts(report.chat_id)).map((a) => a.body)).toEqual(['I found your wallet'])
  })

  it('is refused to the owner, a stranger and anonymous callers, and without a place', async () => {
    const { finder, report } = await openChat()
    for (const actor of [owner, otherOwner]) {
      await expectPgError(handIn(actor, report.chat_id, 'Police front desk'), { code: 'PT404' })
    }
    await expectPgError(handIn(noSession, report.chat_id, 'Police front desk'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    await expectPgError(handIn(finder, report.chat_id, '   '), {
      code: '22023',
      message: 'place_required',
    })
    await expectPgError(handIn(finder, report.chat_id, 'x'.repeat(201)), {
      code: '22023',
      message: 'place_too_long',
      detail: '200',
    })
    await expectPgError(handIn(finder, report.chat_id, 'Desk\u0007'), {
      code: '22023',
      message: 'invalid_characters',
      hint: 'invalid_place',
    })
    await expectPgError(handIn(finder, report.chat_id, 'Desk', [95, 0, 5]), {
      code: '22023',
      message: 'invalid_latitude',
    })
    expect(await readReturns(owner, report.chat_id)).toEqual([])
  })

  it('is refused once the conversation is closed', async () => {
    const { finder, report } = await openChat()
    await query(db, owner, 'select public.close_conversation($1)', [report.chat_id])
    await expectPgError(handIn(finder, report.chat_id, 'Police front desk'), {
      code: 'P0001',
      message: CLOSED_MESSAGE,
    })
  })
})

describe('a postal address shared by the owner', () => {
  it("is read by that chat's two members only: not a second finder of the same item, nor a stranger", async () => {
    const { item, finder, report } = await openChat()
    const second = await finderOf(item, 'second finder')
    await query(db, finder, 'select public.ask_for_postal_address($1)', [report.chat_id])
    await shareAddress(owner, report.chat_id, `  ${ADDRESS}  `)

    expect((await readReturns(owner, report.chat_id))[0]?.postal_address).toBe(ADDRESS)
    expect((await readReturns(finder, report.chat_id))[0]?.postal_address).toBe(ADDRESS)
    expect(await readReturns(second.finder, report.chat_id)).toEqual([])
    expect(await readReturns(otherOwner, report.chat_id)).toEqual([])
    expect(
      await query(db, second.finder, 'select postal_address from public.chat_returns'),
    ).toEqual([])
    await expectPgError(readReturns(noSession, report.chat_id), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    // The second finder's own chat has nothing shared.
    expect(await readReturns(owner, second.report.chat_id)).toEqual([])
  })

  it('is shared by the owner only, never written directly, and can be withdrawn', async () => {
    const { finder, report } = await openChat()
    for (const actor of [finder, otherOwner]) {
      await expectPgError(shareAddress(actor, report.chat_id, ADDRESS), { code: 'PT404' })
    }
    await expectPgError(
      query(
        db,
        owner,
        'insert into public.chat_returns (chat_id, postal_address) values ($1, $2)',
        [report.chat_id, ADDRESS],
      ),
      { code: '42501', message: PERMISSION_DENIED },
    )
    await expectPgError(shareAddress(owner, report.chat_id, ' '), {
      code: '22023',
      message: 'address_required',
    })
    await expectPgError(shareAddress(owner, report.chat_id, 'x'.repeat(501)), {
      code: '22023',
      message: 'address_too_long',
      detail: '500',
      hint: 'invalid_address',
    })
    await expectPgError(shareAddress(owner, report.chat_id, '1 High St\u0007'), {
      code: '22023',
      message: 'invalid_characters',
      hint: 'invalid_address',
    })
    await shareAddress(owner, report.chat_id, ADDRESS)
    await query(db, owner, 'select public.withdraw_postal_address($1)', [report.chat_id])
    expect((await readReturns(finder, report.chat_id))[0]?.postal_address).toBeNull()
  })
})

describe('the position a finder shares', () => {
  it('is stored with the report with its accuracy and shown to both members only', async () => {
    const { finder, report } = await openChat()
    await shareLocation(finder, report.chat_id, 53.958, -1.0803, 12.5)
    const expected = { found_latitude: 53.958, found_longitude: -1.0803, found_accuracy_m: 12.5 }
    expect(await waysBack(owner, report.chat_id)).toEqual([expect.objectContaining(expected)])
    expect(await waysBack(finder, report.chat_id)).toEqual([expect.objectContaining(expected)])
    expect(await waysBack(otherOwner, report.chat_id)).toEqual([])
    await expectPgError(
      query(db, noSession, 'select * from public.chat_ways_back($1)', [report.chat_id]),
      {
        code: '42501',
        message: PERMISSION_DENIED,
      },
    )
  })

  it('is validated: ranges, accuracy 0 or more, all three given, each refused with a code', async () => {
    const { finder, report } = await openChat()
    const cases: [unknown, unknown, unknown, string][] = [
      [90.5, 0, 5, 'invalid_latitude'],
      [-91, 0, 5, 'invalid_latitude'],
      ['NaN', 0, 5, 'invalid_latitude'],
      [51, 180.01, 5, 'invalid_longitude'],
      [51, -181, 5, 'invalid_longitude'],
      [51, 0, -1, 'invalid_accuracy'],
      [51, 0, 'Infinity', 'invalid_accuracy'],
      [51, null, 5, 'invalid_position'],
      [51, 0, null, 'invalid_position'],
    ]
    for (const [lat, lng, acc, message] of cases) {
      await expectPgError(shareLocation(finder, report.chat_id, lat, lng, acc), {
        code: '22023',
        message,
      })
    }
    // The edges are allowed.
    await shareLocation(finder, report.chat_id, -90, 180, 0)
    expect((await waysBack(owner, report.chat_id))[0]?.found_accuracy_m).toBe(0)
  })

  it("is shared by the chat's finder only", async () => {
    const { item, report } = await openChat()
    const second = await finderOf(item, 'second finder')
    for (const actor of [owner, otherOwner, second.finder]) {
      await expectPgError(shareLocation(actor, report.chat_id, 51, 0, 5), { code: 'PT404' })
    }
    await expectPgError(shareLocation(noSession, report.chat_id, 51, 0, 5), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    expect((await waysBack(owner, report.chat_id))[0]?.found_latitude).toBeNull()
  })
})

describe('the purge', () => {
  it("deletes the shared address, the hand-in and the position with the finder's details", async () => {
    const { item, finder, report } = await openChat()
    const second = await finderOf(item, 'second finder')
    await shareLocation(finder, report.chat_id, 53.958, -1.0803, 12.5)
    await handIn(finder, report.chat_id, 'York station lost property', [53.957, -1.093, 20])
    await shareAddress(owner, report.chat_id, ADDRESS)
    await shareAddress(owner, second.report.chat_id, ADDRESS)

    await purgeNow(report.report_id)

    const { rows: left } = await db.query('select * from public.chat_returns where chat_id = $1', [
      report.chat_id,
    ])
    expect(left).toEqual([])
    const { rows: reports } = await db.query(
      `select found_latitude, found_longitude, found_accuracy_m, found_position_at
         from public.found_reports where id = $1`,
      [report.report_id],
    )
    expect(reports).toEqual([
      {
        found_latitude: null,
        found_longitude: null,
        found_accuracy_m: null,
        found_position_at: null,
      },
    ])
    expect((await waysBack(owner, report.chat_id))[0]?.found_latitude).toBeNull()
    // Nothing the members were told live names the address or the place.
    const { rows: broadcasts } = await db.query<{ payload: string }>(
      `select payload::text as payload from realtime.messages where payload::text like '%York%'`,
    )
    expect(broadcasts).toEqual([])
    // The second finder's chat keeps its own, until its own purge.
    expect((await readReturns(owner, second.report.chat_id))[0]?.postal_address).toBe(ADDRESS)
    await expectPgError(shareAddress(owner, report.chat_id, ADDRESS), {
      code: 'P0001',
      message: CLOSED_MESSAGE,
    })
  })
})
