/**
 * Verified mobile numbers: report texts go only to a number the owner proved
 * with a texted code; the code's rules (hashed, expiry, tries, codes an hour);
 * a changed number is unverified; RLS on mobile_verifications, role by role.
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
} from './helpers.ts'

let db: Database
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => {
  await db?.close()
})

let owners = 0
/** A registered owner whose number is not verified yet. */
async function newOwner(): Promise<Actor> {
  owners += 1
  return createUser(db, `owner ${owners}`, {
    metadata: registeredMetadata({ mobile_number: `07700 900${String(600 + owners)}` }),
    mobileVerified: false,
  })
}

/** The code in the newest outbox text to the owner's number. */
async function lastCode(owner: Actor): Promise<string> {
  const { rows } = await db.query<{ code: string }>(
    `select n.payload ->> 'code' as code from public.notifications n
      where n.template = 'mobile_code_sms' and n.dedupe_key like 'mobile_code:' || $1 || ':%'
      order by n.created_at desc, n.id desc limit 1`,
    [owner.userId],
  )
  return rows[0]?.code ?? ''
}

async function verify(owner: Actor, code: string) {
  const [row] = await query<{ outcome: string; attempts_left: number | null }>(
    db,
    owner,
    'select * from public.verify_mobile_code($1)',
    [code],
  )
  return row
}

async function reportTemplates(owner: Actor): Promise<string[]> {
  const item = await giveItem(db, owner)
  const finder = await createUser(db, 'finder', { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder)
  const { rows } = await db.query<{ template: string }>(
    `select template from public.notifications where report_id = $1 and template not like 'finder%'
      order by template`,
    [report.report_id],
  )
  return rows.map((r) => r.template)
}

describe('report texts', () => {
  it('an owner with an unverified number is told by e-mail only', async () => {
    const owner = await newOwner()
    expect(await reportTemplates(owner)).toEqual(['owner_found_email'])
  })

  it('once the code is entered, the report text goes to the number', async () => {
    const owner = await newOwner()
    const [sent] = await query<{ mobile_number: string }>(
      db,
      owner,
      'select * from public.send_mobile_code()',
    )
    expect(sent?.mobile_number).toBe(`07700 900${String(600 + owners)}`)
    const code = await lastCode(owner)
    expect(code).toMatch(/^\d{6}$/)
    const [text] = await db
      .query<{ recipient: string; channel: string }>(
        `select recipient, channel from public.notifications where template = 'mobile_code_sms'
        and dedupe_key like 'mobile_code:' || $1 || ':%'`,
        [owner.userId],
      )
      .then((r) => r.rows)
    expect(text).toEqual({ recipient: sent?.mobile_number, channel: 'sms' })
    expect(await verify(owner, ` ${code.slice(0, 3)} ${code.slice(3)} `)).toEqual({
      outcome: 'verified',
      attempts_left: null,
    })
    expect(await reportTemplates(owner)).toEqual(['found_sms', 'owner_found_email'])
    // The code does not stay in the outbox once used (rows already sent).
    await db.query(
      `update public.notifications set status = 'sent' where template = 'mobile_code_sms'`,
    )
    expect(await verify(owner, code)).toMatchObject({ outcome: 'verified' })
  })

  it('a changed number is unverified again', async () => {
    const owner = await newOwner()
    await query(db, owner, 'select * from public.send_mobile_code()')
    expect((await verify(owner, await lastCode(owner)))?.outcome).toBe('verified')
    await affected(
      db,
      owner,
      `update public.profiles set mobile_number = '07700 900999' where id = $1`,
      [owner.userId],
    )
    expect(await reportTemplates(owner)).toEqual(['owner_found_email'])
    const [status] = await query(db, owner, 'select verified_at from public.mobile_verifications')
    expect(status).toBeUndefined()
  })
})

describe('the code', () => {
  it('is stored only as a hash; five wrong tries spend it', async () => {
    const owner = await newOwner()
    await query(db, owner, 'select * from public.send_mobile_code()')
    const code = await lastCode(owner)
    const { rows } = await db.query<{ code_hash: string }>(
      'select code_hash from public.mobile_verifications where owner_id = $1',
      [owner.userId],
    )
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]?.code_hash).not.toContain(code)
    const wrong = code === '000000' ? '111111' : '000000'
    for (const left of [4, 3, 2, 1]) {
      expect(await verify(owner, wrong)).toEqual({ outcome: 'wrong_code', attempts_left: left })
    }
    expect(await verify(owner, wrong)).toEqual({ outcome: 'too_many_attempts', attempts_left: 0 })
    expect((await verify(owner, code))?.outcome).toBe('no_code')
  })

  it('expires after 10 minutes', async () => {
    const owner = await newOwner()
    await query(db, owner, 'select * from public.send_mobile_code()')
    await db.query(
      `update public.mobile_verifications set code_expires_at = now() - interval '1 second' where owner_id = $1`,
      [owner.userId],
    )
    expect((await verify(owner, await lastCode(owner)))?.outcome).toBe('expired')
  })

  it('five codes an hour, then too_many_codes; a verified number gets none', async () => {
    const owner = await newOwner()
    for (let i = 0; i < 5; i += 1) await query(db, owner, 'select * from public.send_mobile_code()')
    await expectPgError(query(db, owner, 'select * from public.send_mobile_code()'), {
      code: 'P0001',
      message: 'too_many_codes',
    })
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.notifications where dedupe_key like 'mobile_code:' || $1 || ':%'`,
      [owner.userId],
    )
    expect(rows[0]?.n).toBe(5)
    // Only the newest code works.
    expect((await verify(owner, await lastCode(owner)))?.outcome).toBe('verified')
    await expectPgError(query(db, owner, 'select * from public.send_mobile_code()'), {
      code: 'P0001',
      message: 'already_verified',
    })
  })

  it('needs a signed-in owner with a number', async () => {
    const finder = await createUser(db, 'finder', { anonymous: true })
    await expectPgError(query(db, finder, 'select * from public.send_mobile_code()'), {
      code: 'P0001',
      message: 'not_signed_in',
    })
    expect((await verify(finder, '123456'))?.outcome).toBe('not_signed_in')
    const noMobile = await createUser(db, 'no mobile', {
      metadata: registeredMetadata({ mobile_number: '' }),
    })
    await expectPgError(query(db, noMobile, 'select * from public.send_mobile_code()'), {
      code: 'P0001',
      message: 'no_mobile_number',
    })
    await expectPgError(query(db, noSession, 'select * from public.send_mobile_code()'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })
})

describe('RLS on mobile_verifications', () => {
  it('the owner reads whether and when, never the hash; nobody else reads anything; only the service role writes', async () => {
    const owner = await newOwner()
    const other = await newOwner()
    await query(db, owner, 'select * from public.send_mobile_code()')
    await query(db, other, 'select * from public.send_mobile_code()')
    const mine = await query(
      db,
      owner,
      'select owner_id, mobile_number, code_expires_at, verified_at from public.mobile_verifications',
    )
    expect(mine).toHaveLength(1)
    expect(mine[0]?.owner_id).toBe(owner.userId)
    await expectPgError(query(db, owner, 'select code_hash from public.mobile_verifications'), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
    for (const actor of [noSession]) {
      await expectPgError(query(db, actor, 'select owner_id from public.mobile_verifications'), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
    }
    const finder = await createUser(db, 'finder', { anonymous: true })
    expect(await query(db, finder, 'select owner_id from public.mobile_verifications')).toEqual([])
    // Nobody but the service role writes: not even the owner marking themselves verified.
    for (const actor of [owner, finder]) {
      await expectPgError(
        query(db, actor, 'update public.mobile_verifications set verified_at = now()'),
        { code: '42501', message: PERMISSION_DENIED },
      )
      await expectPgError(
        query(
          db,
          actor,
          `insert into public.mobile_verifications (owner_id, mobile_number, verified_at) values ($1, '07700900000', now())`,
          [actor.userId],
        ),
        { code: '42501', message: PERMISSION_DENIED },
      )
      await expectPgError(query(db, actor, 'delete from public.mobile_verifications'), {
        code: '42501',
        message: PERMISSION_DENIED,
      })
    }
    const all = await query(db, serviceRole, 'select owner_id from public.mobile_verifications')
    expect(all.length).toBeGreaterThanOrEqual(2)
    expect(
      await affected(
        db,
        serviceRole,
        'update public.mobile_verifications set verified_at = now() where owner_id = $1',
        [other.userId],
      ),
    ).toBe(1)
  })
})
