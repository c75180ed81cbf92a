/** tag_status, activate_tag (with throttling), mint_tags and deactivate_tags, role by role. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  mintTag,
  noSession,
  openTestDatabase,
  query,
  registeredMetadata,
  serviceRole,
  type Actor,
  type ItemRow,
  PERMISSION_DENIED,
} from './helpers.ts'

let db: Database
let ownerA: Actor
let ownerB: Actor
let anonymousUser: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  ownerA = await createUser(db, 'owner A', { metadata: registeredMetadata() })
  ownerB = await createUser(db, 'owner B', { metadata: registeredMetadata() })
  anonymousUser = await createUser(db, 'anonymous', { anonymous: true })
})

afterAll(async () => {
  await db?.close()
})

type Outcome = {
  outcome: 'activated' | 'already_yours' | 'incorrect' | 'too_many_attempts'
  item?: ItemRow
  retry_after?: number
}

/** activate_tag as the activate-tag function calls it: service role, on the owner's behalf. */
const activate = async (
  owner: Actor,
  code: string,
  activationCode: string,
  name = 'Keys',
): Promise<Outcome> => {
  const [row] = await query<{ result: Outcome }>(
    db,
    serviceRole,
    'select public.activate_tag($1, $2, $3, $4) as result',
    [owner.userId, code, activationCode, name],
  )
  if (!row) throw new Error('activate_tag returned no row')
  return row.result
}

const recordFailures = async (userId: string, code: string, times: number) => {
  for (let i = 0; i < times; i += 1) {
    await db.query('select app_private.record_activation_failure($1, $2)', [userId, code])
  }
}

const failureCount = async (userId: string | null): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from app_private.activation_failures where user_id = $1',
    [userId],
  )
  return rows[0]?.n ?? -1
}

describe('tag_status', () => {
  it('answers only activated, unclaimed or not_found (and no note, no owner), to anyone, case-insensitively', async () => {
    const item = await giveItem(db, ownerA)
    const unclaimed = await mintTag(db)
    const deactivated = await mintTag(db)
    await query(db, serviceRole, 'select public.deactivate_tags($1)', [[deactivated.code]])
    const cases: [string | null, string][] = [
      [item.tag_code, 'activated'],
      [`  ${item.tag_code.toLowerCase()} `, 'activated'],
      [unclaimed.code, 'unclaimed'],
      [unclaimed.code.toLowerCase(), 'unclaimed'],
      [deactivated.code, 'not_found'],
      ['HWNOSUCH22', 'not_found'],
      ['', 'not_found'],
      [null, 'not_found'],
      ["' or 1=1 --", 'not_found'],
      ['%', 'not_found'],
    ]
    for (const actor of [noSession, anonymousUser, ownerB]) {
      for (const [code, expected] of cases) {
        const rows = await query(db, actor, 'select * from public.tag_status($1)', [code])
        expect(rows, `tag_status(${String(code)}) as ${actor.label}`).toEqual([
          {
            tag_status: {
              status: expected,
              lost_note: null,
              return_instructions: null,
              own_item: null,
            },
          },
        ])
      }
    }
  })
})

describe('activate_tag', () => {
  it('creates the item with an empty status and nobody in found_by, and activates the tag', async () => {
    const tag = await mintTag(db)
    const result = await activate(
      ownerA,
      ` ${tag.code.toLowerCase()} `,
      tag.activation_code.toLowerCase(),
      '  Keys  ',
    )
    expect(result.outcome).toBe('activated')
    expect(result.item).toMatchObject({
      owner_id: ownerA.userId,
      tag_code: tag.code,
      name: 'Keys',
      status: null,
      found_by: null,
    })
    const [tagRow] = await query<{ status: string; activated_at: Date | null }>(
      db,
      serviceRole,
      'select status, activated_at from public.tags where code = $1',
      [tag.code],
    )
    expect(tagRow?.status).toBe('activated')
    expect(tagRow?.activated_at).not.toBeNull()
    expect(
      await query(db, ownerA, 'select id from public.items where id = $1', [result.item?.id]),
    ).toHaveLength(1)
  })

  it('gives the same answer for a wrong code, an unknown tag, a tag claimed by someone else and a deactivated tag, and counts each', async () => {
    const guesser = await createUser(db, 'same answer', { metadata: registeredMetadata() })
    const tag = await mintTag(db)
    expect(await activate(guesser, tag.code, 'WRONGCODE2')).toEqual({ outcome: 'incorrect' })
    expect(await activate(guesser, 'HWNOSUCH22', tag.activation_code)).toEqual({
      outcome: 'incorrect',
    })
    expect((await activate(ownerA, tag.code, tag.activation_code)).outcome).toBe('activated')
    expect(await activate(guesser, tag.code, tag.activation_code)).toEqual({
      outcome: 'incorrect',
    })
    const refunded = await mintTag(db)
    await query(db, serviceRole, 'select public.deactivate_tags($1)', [[refunded.code]])
    expect(await activate(guesser, refunded.code, refunded.activation_code)).toEqual({
      outcome: 'incorrect',
    })
    expect(await activate(guesser, "' or 1=1 --", 'x%')).toEqual({ outcome: 'incorrect' })
    expect(await failureCount(guesser.userId)).toBe(5)
    const items = await query(db, serviceRole, 'select id from public.items where tag_code = $1', [
      tag.code,
    ])
    expect(items).toHaveLength(1)
  })

  it('tells the rightful owner re-entering their own tag that it is already theirs, and counts nothing', async () => {
    const owner = await createUser(db, 'returning owner', { metadata: registeredMetadata() })
    const tag = await mintTag(db)
    const first = await activate(owner, tag.code, tag.activation_code, 'Wallet')
    const again = await activate(owner, tag.code.toLowerCase(), tag.activation_code, 'Other')
    expect(again).toEqual({ outcome: 'already_yours', item: first.item })
    const mistyped = await activate(owner, tag.code, 'WRONGCODE2', 'Other')
    expect(mistyped.outcome).toBe('already_yours')
    expect(await failureCount(owner.userId)).toBe(0)
  })

  it('refuses empty, over-long and control-character input with invalid_input, changing nothing', async () => {
    const tag = await mintTag(db)
    for (const [code, activationCode, name, field] of [
      ['', tag.activation_code, 'Keys', 'missing'],
      [tag.code, '  ', 'Keys', 'missing'],
      [tag.code, tag.activation_code, '   ', 'missing'],
      [tag.code, tag.activation_code, 'x'.repeat(81), 'item_name'],
      [tag.code, tag.activation_code, 'Keys\u0007bell', 'item_name'],
      [tag.code, tag.activation_code, 'Keys\nand more', 'item_name'],
    ] as const) {
      const error = await expectPgError(activate(ownerA, code, activationCode, name), {
        code: 'P0001',
        message: 'invalid_input',
      })
      expect(error.detail).toBe(field)
    }
    const [status] = await query(db, noSession, "select public.tag_status($1) ->> 'status' as s", [
      tag.code,
    ])
    expect(status).toEqual({ s: 'unclaimed' })
  })

  it('refuses anonymous and unknown users', async () => {
    const tag = await mintTag(db)
    for (const owner of [anonymousUser, { ...noSession, userId: crypto.randomUUID() }]) {
      await expectPgError(activate(owner, tag.code, tag.activation_code), {
        code: 'P0001',
        message: 'not_an_owner',
      })
    }
    const [status] = await query(db, noSession, "select public.tag_status($1) ->> 'status' as s", [
      tag.code,
    ])
    expect(status).toEqual({ s: 'unclaimed' })
  })

  it('is refused to every client role: guesses through /rest/v1/rpc/activate_tag are impossible', async () => {
    const tag = await mintTag(db)
    for (const actor of [ownerA, ownerB, anonymousUser, noSession]) {
      for (let guess = 0; guess < 3; guess += 1) {
        await expectPgError(
          query(db, actor, 'select public.activate_tag($1, $2, $3, $4)', [
            actor.userId ?? ownerA.userId,
            tag.code,
            `WRONGCODE${guess}`,
            'Keys',
          ]),
          { code: '42501', message: PERMISSION_DENIED },
        )
      }
      // the old three-argument function is gone
      await expectPgError(
        query(db, actor, 'select public.activate_tag($1, $2, $3)', [tag.code, 'X', 'Keys']),
        { code: '42883' },
      )
    }
    await expectPgError(
      query(db, ownerA, 'select app_private.record_activation_failure($1, $2)', [
        ownerB.userId,
        tag.code,
      ]),
      { code: '42501' },
    )
    const [status] = await query(db, noSession, "select public.tag_status($1) ->> 'status' as s", [
      tag.code,
    ])
    expect(status).toEqual({ s: 'unclaimed' })
  })

  it('counts a wrong guess even though the call answers normally (nothing is rolled back)', async () => {
    const user = await createUser(db, 'kept', { metadata: registeredMetadata() })
    const tag = await mintTag(db)
    await activate(user, tag.code, 'WRONGCODE2')
    await activate(user, tag.code, 'WRONGCODE3')
    expect(await failureCount(user.userId)).toBe(2)
  })

  it('throttles an account after 10 failures an hour, even with the right code', async () => {
    const user = await createUser(db, 'guesser', { metadata: registeredMetadata() })
    for (let n = 0; n < 9; n += 1) await recordFailures(user.userId ?? '', `HWOTHER${n}22`, 1)
    const tag = await mintTag(db)
    expect((await activate(user, tag.code, tag.activation_code)).outcome).toBe('activated')
    await recordFailures(user.userId ?? '', 'HWOTHER922', 1)
    const another = await mintTag(db)
    const result = await activate(user, another.code, another.activation_code)
    expect(result.outcome).toBe('too_many_attempts')
    expect(result.retry_after).toBeGreaterThan(0)
    expect(result.retry_after).toBeLessThanOrEqual(3600)
    // an hour later the window has passed
    await db.query(
      "update app_private.activation_failures set failed_at = now() - interval '61 minutes' where user_id = $1",
      [user.userId],
    )
    expect((await activate(user, another.code, another.activation_code)).outcome).toBe('activated')
  })

  it('throttles one account on one tag after 5 failures an hour', async () => {
    const user = await createUser(db, 'one tag', { metadata: registeredMetadata() })
    const tag = await mintTag(db)
    for (let n = 0; n < 5; n += 1) {
      expect((await activate(user, tag.code, `WRONGCODE${n}`)).outcome).toBe('incorrect')
    }
    expect((await activate(user, tag.code, tag.activation_code)).outcome).toBe('too_many_attempts')
    const other = await mintTag(db)
    expect((await activate(user, other.code, other.activation_code)).outcome).toBe('activated')
  })

  it("another account's guesses leave the buyer able to activate", async () => {
    const tag = await mintTag(db)
    const attackers = await Promise.all(
      [1, 2, 3].map((n) => createUser(db, `attacker ${n}`, { metadata: registeredMetadata() })),
    )
    for (const attacker of attackers) {
      for (let n = 0; n < 12; n += 1) {
        await activate(attacker, tag.code.toLowerCase(), `WRONGCODE${n}`)
      }
      expect((await activate(attacker, tag.code, 'WRONGCODEX')).outcome).toBe('too_many_attempts')
    }
    const buyer = await createUser(db, 'buyer', { metadata: registeredMetadata() })
    const result = await activate(buyer, tag.code, tag.activation_code, 'Bike')
    expect(result.outcome).toBe('activated')
    expect(result.item?.owner_id).toBe(buyer.userId)
  })
})

describe('mint_tags and deactivate_tags', () => {
  it('mints codes without look-alikes and returns each activation code once, keeping only a hash', async () => {
    const minted = await query<{ code: string; activation_code: string }>(
      db,
      serviceRole,
      "select * from public.mint_tags(5, 'batch-7')",
    )
    expect(minted).toHaveLength(5)
    expect(new Set(minted.map((t) => t.code)).size).toBe(5)
    for (const tag of minted) {
      expect(tag.code).toMatch(/^HW[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/)
      expect(tag.activation_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/)
    }
    const stored = await query<{
      code: string
      activation_code_hash: string
      batch: string
      status: string
    }>(
      db,
      serviceRole,
      'select code, activation_code_hash, batch, status from public.tags where code = any($1)',
      [minted.map((t) => t.code)],
    )
    expect(stored).toHaveLength(5)
    for (const row of stored) {
      const plain = minted.find((t) => t.code === row.code)?.activation_code ?? ''
      expect(row.activation_code_hash).not.toContain(plain)
      expect(row.activation_code_hash).toMatch(/^\$2a\$/)
      expect(row).toMatchObject({ batch: 'batch-7', status: 'unclaimed' })
    }
  })

  it('refuses a count out of range', async () => {
    for (const count of [0, -1, 10001]) {
      await expectPgError(
        query(db, serviceRole, 'select * from public.mint_tags($1, $2)', [count, 'x']),
        {
          code: 'P0001',
          message: 'invalid_input',
        },
      )
    }
  })

  it('is refused to every role but the service role', async () => {
    for (const actor of [ownerA, anonymousUser, noSession]) {
      await expectPgError(query(db, actor, "select * from public.mint_tags(1, 'x')"), {
        code: '42501',
      })
      await expectPgError(query(db, actor, 'select public.deactivate_tags($1)', [['HWABCDEFGH']]), {
        code: '42501',
      })
    }
  })

  it('deactivate_tags counts the tags it changed, once', async () => {
    const a = await mintTag(db)
    const b = await mintTag(db)
    const codes = [a.code, ` ${b.code.toLowerCase()}`, 'HWNOSUCH22']
    expect(await query(db, serviceRole, 'select public.deactivate_tags($1) as n', [codes])).toEqual(
      [{ n: 2 }],
    )
    expect(await query(db, serviceRole, 'select public.deactivate_tags($1) as n', [codes])).toEqual(
      [{ n: 0 }],
    )
  })
})
