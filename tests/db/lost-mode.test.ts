/**
 * Lost mode: the owner's note and return instructions on items, and what
 * tag_status tells each role about them (only while LOST, never owner data;
 * own_item only for the owner's own test scan).
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
  serviceRole,
  type Actor,
  type ItemRow,
} from './helpers.ts'

type TagStatus = {
  status: string
  lost_note: string | null
  return_instructions: string | null
  own_item: { id: string; name: string; status: string | null } | null
}

let db: Database
let ownerA: Actor
let ownerB: Actor
let finder: Actor
let item: ItemRow
let ownerEmail: string

beforeAll(async () => {
  db = await openTestDatabase()
  ownerA = await createUser(db, 'owner A', {
    metadata: registeredMetadata({ full_name: 'Olivia Ownerton', mobile_number: '07700900777' }),
  })
  ownerB = await createUser(db, 'owner B', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
  item = await giveItem(db, ownerA, 'Brown wallet')
  ownerEmail = String(ownerA.context.claims?.email)
})

afterAll(async () => {
  await db?.close()
})

async function tagStatus(actor: Actor, code = item.tag_code): Promise<TagStatus> {
  const [row] = await query<{ s: TagStatus }>(db, actor, 'select public.tag_status($1) as s', [
    code,
  ])
  if (!row) throw new Error('tag_status returned no row')
  return row.s
}

const setItem = (actor: Actor, sets: string, params: unknown[] = []) =>
  affected(db, actor, `update public.items set ${sets} where id = $1`, [item.id, ...params])

const NOTE = 'Reward offered'
const INSTRUCTIONS = 'You can hand it in at the Bath Spa station ticket office'
const notOwners = () => [noSession, finder, ownerB]

describe('lost note columns', () => {
  it('the owner sets and reads the note and instructions, trimmed, empty meaning none', async () => {
    expect(
      await setItem(ownerA, 'lost_note = $2, return_instructions = $3', [
        `  ${NOTE}  `,
        INSTRUCTIONS,
      ]),
    ).toBe(1)
    expect(
      await query(db, ownerA, 'select lost_note, return_instructions from public.items'),
    ).toEqual([{ lost_note: NOTE, return_instructions: INSTRUCTIONS }])
    await setItem(ownerA, "return_instructions = '   '")
    expect(
      await query(db, ownerA, 'select lost_note, return_instructions from public.items'),
    ).toEqual([{ lost_note: NOTE, return_instructions: null }])
    await setItem(ownerA, 'return_instructions = $2', [INSTRUCTIONS])
  })

  it('another owner and a finder change nothing; a request without a session is refused', async () => {
    expect(await setItem(ownerB, "lost_note = 'Mine now'")).toBe(0)
    expect(await setItem(finder, "return_instructions = 'Post it to me'")).toBe(0)
    await expectPgError(setItem(noSession, "lost_note = 'x'"), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    expect(
      await query(db, ownerB, 'select lost_note from public.items where id = $1', [item.id]),
    ).toEqual([])
    const [row] = await query(
      db,
      serviceRole,
      'select lost_note, return_instructions from public.items where id = $1',
      [item.id],
    )
    expect(row).toEqual({ lost_note: NOTE, return_instructions: INSTRUCTIONS })
  })

  it('refuses over-long texts with 22001 and the limit in the detail, changing nothing', async () => {
    const noteError = await expectPgError(setItem(ownerA, 'lost_note = $2', ['x'.repeat(201)]), {
      code: '22001',
      message: 'lost_note_too_long',
    })
    expect(noteError.detail).toBe('200')
    const instructionsError = await expectPgError(
      setItem(ownerA, 'lost_note = $2, return_instructions = $3', ['changed', 'y'.repeat(301)]),
      { code: '22001', message: 'return_instructions_too_long' },
    )
    expect(instructionsError.detail).toBe('300')
    const [row] = await query(db, ownerA, 'select lost_note, return_instructions from public.items')
    expect(row).toEqual({ lost_note: NOTE, return_instructions: INSTRUCTIONS })
    // The limits themselves are allowed (counted after trimming).
    const other = await giveItem(db, ownerB, 'Umbrella')
    expect(
      await affected(
        db,
        ownerB,
        'update public.items set lost_note = $2, return_instructions = $3 where id = $1',
        [other.id, ` ${'n'.repeat(200)} `, 'i'.repeat(300)],
      ),
    ).toBe(1)
  })
})

describe('tag_status and lost mode', () => {
  it('shows no note while the status is empty, to anyone', async () => {
    for (const actor of notOwners()) {
      expect(await tagStatus(actor), actor.label).toEqual({
        status: 'activated',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      })
    }
  })

  it('shows the note to everyone while LOST, and hides it again once FOUND', async () => {
    await setItem(ownerA, "status = 'LOST'")
    for (const actor of notOwners()) {
      expect(await tagStatus(actor), actor.label).toEqual({
        status: 'activated',
        lost_note: NOTE,
        return_instructions: INSTRUCTIONS,
        own_item: null,
      })
    }
    await setItem(ownerA, "status = 'FOUND'")
    for (const actor of notOwners()) {
      expect(await tagStatus(actor), actor.label).toMatchObject({
        lost_note: null,
        return_instructions: null,
      })
    }
    // The owner's texts are kept for the next time it is LOST.
    await setItem(ownerA, "status = 'LOST'")
    expect((await tagStatus(noSession)).lost_note).toBe(NOTE)
  })

  it('tells only the owner that the tag is theirs (the test scan)', async () => {
    expect(await tagStatus(ownerA)).toEqual({
      status: 'activated',
      lost_note: NOTE,
      return_instructions: INSTRUCTIONS,
      own_item: { id: item.id, name: 'Brown wallet', status: 'LOST' },
    })
    expect((await tagStatus(ownerA, ` ${item.tag_code.toLowerCase()} `)).own_item?.id).toBe(item.id)
    // Everyone else gets one identical answer, so nothing tells them about the owner.
    const answers = await Promise.all(
      [...notOwners(), serviceRole].map((actor) => tagStatus(actor)),
    )
    for (const answer of answers) expect(answer).toEqual(answers[0])
  })

  it('never returns owner data to anyone who is not the owner', async () => {
    const [profile] = await query<{ full_name: string; mobile_number: string; address: string }>(
      db,
      serviceRole,
      'select full_name, mobile_number, address from public.profiles where id = $1',
      [ownerA.userId],
    )
    expect(profile?.full_name).toBe('Olivia Ownerton')
    for (const actor of [...notOwners(), serviceRole]) {
      const text = JSON.stringify(await tagStatus(actor))
      for (const secret of [
        ownerA.userId ?? '-',
        ownerEmail,
        profile?.full_name ?? '-',
        profile?.mobile_number ?? '-',
        profile?.address ?? '-',
        item.id,
        'Brown wallet',
      ]) {
        expect(text, `${actor.label} must not learn ${secret}`).not.toContain(secret)
      }
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual([
        'lost_note',
        'own_item',
        'return_instructions',
        'status',
      ])
    }
  })

  it('gives no note and no owner for unclaimed, unknown and deactivated tags', async () => {
    const lostElsewhere = await giveItem(db, ownerA, 'Refunded keys')
    await affected(
      db,
      ownerA,
      "update public.items set status = 'LOST', lost_note = 'Call the office' where id = $1",
      [lostElsewhere.id],
    )
    await query(db, serviceRole, 'select public.deactivate_tags($1)', [[lostElsewhere.tag_code]])
    for (const actor of [noSession, ownerA]) {
      expect(await tagStatus(actor, lostElsewhere.tag_code)).toEqual({
        status: 'not_found',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      })
      expect(await tagStatus(actor, 'HWNOSUCH22')).toMatchObject({
        status: 'not_found',
        own_item: null,
      })
    }
  })
})
