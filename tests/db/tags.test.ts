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

const activate = (actor: Actor, code: string, activationCode: string, name = 'Keys') =>
  query<ItemRow>(db, actor, 'select * from public.activate_tag($1, $2, $3)', [
    code,
    activationCode,
    name,
  ])

const recordFailures = async (userId: string, code: string, times: number) => {
  for (let i = 0; i < times; i += 1) {
    await query(db, serviceRole, 'select public.record_activation_failure($1, $2)', [userId, code])
  }
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
    const [item] = await activate(
      ownerA,
      ` ${tag.code.toLowerCase()} `,
      tag.activation_code.toLowerCase(),
      '  Keys  ',
    )
    expect(item).toMatchObject({
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
      await query(db, ownerA, 'select id from public.items where id = $1', [item?.id]),
    ).toHaveLength(1)
  })

  it('gives the same error for a wrong code, an unknown tag, a reused tag and a deactivated tag', async () => {
    const tag = await mintTag(db)
    await expectPgError(activate(ownerB, tag.code, 'WRONGCODE2'), {
      code: 'P0001',
      message: 'activation_incorrect',
    })
    await expectPgError(activate(ownerB, 'HWNOSUCH22', tag.activation_code), {
      code: 'P0001',
      message: 'activation_incorrect',
    })
    await activate(ownerA, tag.code, tag.activation_code)
    await expectPgError(activate(ownerB, tag.code, tag.activation_code), {
      code: 'P0001',
      message: 'activation_incorrect',
    })
    await expectPgError(activate(ownerA, tag.code, tag.activation_code), {
      code: 'P0001',
      message: 'activation_incorrect',
    })
    const refunded = await mintTag(db)
    await query(db, serviceRole, 'select public.deactivate_tags($1)', [[refunded.code]])
    await expectPgError(activate(ownerB, refunded.code, refunded.activation_code), {
      code: 'P0001',
      message: 'activation_incorrect',
    })
    const items = await query(db, serviceRole, 'select id from public.items where tag_code = $1', [
      tag.code,
    ])
    expect(items).toHaveLength(1)
  })

  it('refuses empty and over-long input with invalid_input', async () => {
    const tag = await mintTag(db)
    for (const [code, activationCode, name] of [
      ['', tag.activation_code, 'Keys'],
      [tag.code, '  ', 'Keys'],
      [tag.code, tag.activation_code, '   '],
      [tag.code, tag.activation_code, 'x'.repeat(81)],
    ] as const) {
      await expectPgError(activate(ownerA, code, activationCode, name), {
        code: 'P0001',
        message: 'invalid_input',
      })
    }
  })

  it('is refused to anonymous users and to requests without a session', async () => {
    const tag = await mintTag(db)
    await expectPgError(activate(anonymousUser, tag.code, tag.activation_code), { code: '42501' })
    await expectPgError(activate(noSession, tag.code, tag.activation_code), { code: '42501' })
    const [status] = await query(db, noSession, "select public.tag_status($1) ->> 'status' as s", [
      tag.code,
    ])
    expect(status).toEqual({ s: 'unclaimed' })
  })

  it('a failed call rolled back by PostgREST keeps no record; record_activation_failure keeps it', async () => {
    const user = await createUser(db, 'kept', { metadata: registeredMetadata() })
    const tag = await mintTag(db)
    await db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'authenticated', true)")
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(user.context.claims),
      ])
      await tx.exec('savepoint attempt')
      await expect(
        tx.query('select public.activate_tag($1, $2, $3)', [tag.code, 'WRONGCODE2', 'Keys']),
      ).rejects.toMatchObject({ message: 'activation_incorrect' })
      // the error rolls back to the savepoint, like PostgREST rolls back the request
      await tx.exec('rollback to savepoint attempt')
    })
    const {
      rows: [count],
    } = await db.query<{ n: number }>(
      'select count(*)::int as n from app_private.activation_failures where user_id = $1',
      [user.userId],
    )
    expect(count?.n).toBe(0)
    await recordFailures(user.userId ?? '', tag.code, 1)
    const {
      rows: [after],
    } = await db.query<{ n: number }>(
      'select count(*)::int as n from app_private.activation_failures where user_id = $1',
      [user.userId],
    )
    expect(after?.n).toBe(1)
  })

  it('throttles after 10 failures an hour per user, even with the right code', async () => {
    const user = await createUser(db, 'guesser', { metadata: registeredMetadata() })
    const tag = await mintTag(db)
    await recordFailures(user.userId ?? '', 'HWOTHER222', 9)
    const ok = await activate(user, tag.code, tag.activation_code)
    expect(ok).toHaveLength(1)
    await recordFailures(user.userId ?? '', 'HWOTHER222', 1)
    const another = await mintTag(db)
    const error = await expectPgError(activate(user, another.code, another.activation_code), {
      code: 'P0001',
      message: 'too_many_attempts',
    })
    const seconds = Number(error.detail)
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(3600)
  })

  it('throttles a tag after 10 failures an hour from any users', async () => {
    const tag = await mintTag(db)
    const users = await Promise.all(
      [1, 2].map((n) => createUser(db, `guesser ${n}`, { metadata: registeredMetadata() })),
    )
    await recordFailures(users[0]?.userId ?? '', tag.code.toLowerCase(), 5)
    await recordFailures(users[1]?.userId ?? '', tag.code, 5)
    const fresh = await createUser(db, 'fresh', { metadata: registeredMetadata() })
    await expectPgError(activate(fresh, tag.code, tag.activation_code), {
      code: 'P0001',
      message: 'too_many_attempts',
    })
    // an hour later the window has passed
    await db.query(
      "update app_private.activation_failures set failed_at = now() - interval '61 minutes' where tag_code = $1",
      [tag.code],
    )
    expect(await activate(fresh, tag.code, tag.activation_code)).toHaveLength(1)
  })

  it('record_activation_failure is for the service role only', async () => {
    for (const actor of [ownerA, anonymousUser, noSession]) {
      await expectPgError(
        query(db, actor, 'select public.record_activation_failure($1, $2)', [
          ownerB.userId,
          'HWABCDEFGH',
        ]),
        { code: '42501' },
      )
    }
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
