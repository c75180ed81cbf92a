/**
 * Report limits enforced in SQL (a trigger on found_reports, whatever calls it):
 * 3 an hour per tag, 5 an hour per finder session, and none per client address
 * (many honest finders share one; the proof of work's difficulty slows a flood,
 * challenge-issue-limits.test.ts); and the finder's thank-you e-mail at most once a
 * day per address, without free text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { withRole } from '../../local-supabase/roles.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  SITE_URL,
  type Actor,
} from './helpers.ts'

let db: Database
let owner: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

const anonymousFinder = (label = 'finder') => createUser(db, label, { anonymous: true })

/** create_found_report as report-found calls it: service role, client address in a header. */
async function reportFrom(
  address: string,
  tagCode: string,
  finder: Actor,
  email = 'fiona@example.test',
): Promise<void> {
  await withRole(
    db,
    {
      ...serviceRole.context,
      settings: { 'request.headers': JSON.stringify({ 'x-client-address': address }) },
    },
    (tx) =>
      tx.query('select * from public.create_found_report($1, $2, $3, $4, $5, $6, $7, $8)', [
        tagCode,
        finder.userId,
        'Fiona',
        email,
        null,
        null,
        'On a bench',
        SITE_URL,
      ]),
  )
}

async function reportCount(itemId: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    serviceRole,
    'select count(*)::int as n from public.found_reports where item_id = $1',
    [itemId],
  )
  return row?.n ?? -1
}

describe('reports per tag', () => {
  it('refuses the 4th report on a tag within the hour, from different finders, with the wait and the limit', async () => {
    const item = await giveItem(db, owner, 'Umbrella')
    for (let n = 1; n <= 3; n += 1) {
      await reportFound(db, item.tag_code, await anonymousFinder(`finder ${n}`))
    }
    const error = await expectPgError(
      reportFound(db, item.tag_code, await anonymousFinder('finder 4')),
      { code: 'P0001', message: 'too_many_reports' },
    )
    expect((error as { hint?: string }).hint).toBe('tag')
    const seconds = Number(error.detail)
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(3600)
    expect(await reportCount(item.id)).toBe(3)
  })

  it('accepts reports again once the hour has passed', async () => {
    const item = await giveItem(db, owner, 'Scarf')
    for (let n = 1; n <= 3; n += 1) await reportFound(db, item.tag_code, await anonymousFinder())
    await db.query(
      "update public.found_reports set created_at = now() - interval '61 minutes' where item_id = $1",
      [item.id],
    )
    await reportFound(db, item.tag_code, await anonymousFinder())
    expect(await reportCount(item.id)).toBe(4)
  })

  it('a refused report leaves no chat, invite or notification behind', async () => {
    const item = await giveItem(db, owner, 'Gloves')
    for (let n = 1; n <= 3; n += 1) await reportFound(db, item.tag_code, await anonymousFinder())
    const before = await db.query<{ n: number }>(
      'select (select count(*) from public.chats) + (select count(*) from public.chat_invites) + (select count(*) from public.notifications) as n',
    )
    await expectPgError(reportFound(db, item.tag_code, await anonymousFinder()), {
      code: 'P0001',
      message: 'too_many_reports',
    })
    const after = await db.query<{ n: number }>(
      'select (select count(*) from public.chats) + (select count(*) from public.chat_invites) + (select count(*) from public.notifications) as n',
    )
    expect(after.rows[0]?.n).toEqual(before.rows[0]?.n)
  })
})

describe('reports per finder session', () => {
  it('refuses the 6th report by one finder within the hour, across tags', async () => {
    const finder = await anonymousFinder('busy finder')
    for (let n = 1; n <= 5; n += 1) {
      const item = await giveItem(db, owner, `Thing ${n}`)
      await reportFound(db, item.tag_code, finder)
    }
    const sixth = await giveItem(db, owner, 'Thing 6')
    const error = await expectPgError(reportFound(db, sixth.tag_code, finder), {
      code: 'P0001',
      message: 'too_many_reports',
    })
    expect((error as { hint?: string }).hint).toBe('finder')
    expect(await reportCount(sixth.id)).toBe(0)
    // another finder is not affected
    await reportFound(db, sixth.tag_code, await anonymousFinder('other finder'))
    expect(await reportCount(sixth.id)).toBe(1)
  })
})

describe('reports per client address', () => {
  it('accepts 50 reports from one address within the hour, each by its own finder', async () => {
    const items = []
    for (let n = 1; n <= 50; n += 1) {
      const item = await giveItem(db, owner, `Desk thing ${n}`)
      await reportFrom('203.0.113.7', item.tag_code, await anonymousFinder(`desk finder ${n}`))
      items.push(item)
    }
    for (const item of items) expect(await reportCount(item.id)).toBe(1)
  })

  it('still refuses the 6th report of one finder from that address', async () => {
    const finder = await anonymousFinder('desk regular')
    for (let n = 1; n <= 5; n += 1) {
      const item = await giveItem(db, owner, `Regular thing ${n}`)
      await reportFrom('203.0.113.7', item.tag_code, finder)
    }
    const sixth = await giveItem(db, owner, 'Regular thing 6')
    const error = await expectPgError(reportFrom('203.0.113.7', sixth.tag_code, finder), {
      code: 'P0001',
      message: 'too_many_reports',
    })
    expect((error as { hint?: string }).hint).toBe('finder')
  })

  it('keeps no record of the address with the reports', async () => {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from app_private.report_sources',
    )
    expect(rows[0]?.n).toBe(0)
  })

  it('ignores the header unless the service role sends it', async () => {
    const rows = await withRole(
      db,
      {
        role: 'authenticated',
        claims: owner.context.claims,
        settings: { 'request.headers': JSON.stringify({ 'x-client-address': '203.0.113.7' }) },
      },
      async (tx) => (await tx.query('select app_private.client_address() as a')).rows,
    ).catch(() => [{ a: 'refused' }])
    expect(rows[0]?.a ?? null).not.toBe('203.0.113.7')
  })
})

describe('limits are configurable', () => {
  it('reads the numbers from app_private.limits', async () => {
    const item = await giveItem(db, owner, 'Configurable')
    await db.query("update app_private.limits set max_count = 1 where name = 'reports_per_tag'")
    try {
      await reportFound(db, item.tag_code, await anonymousFinder())
      await expectPgError(reportFound(db, item.tag_code, await anonymousFinder()), {
        code: 'P0001',
        message: 'too_many_reports',
      })
    } finally {
      await db.query("update app_private.limits set max_count = 3 where name = 'reports_per_tag'")
    }
  })
})

describe("the finder's thank-you e-mail", () => {
  const thanks = (email: string) =>
    query<{ recipient: string; payload: Record<string, unknown> }>(
      db,
      serviceRole,
      "select recipient, payload from public.notifications where template = 'finder_thanks_email' and lower(recipient) = lower($1)",
      [email],
    )

  it('goes to one address at most once a day; the reports themselves still go through', async () => {
    const email = 'Victim@Example.test'
    for (let n = 1; n <= 3; n += 1) {
      const item = await giveItem(db, owner, `Mail thing ${n}`)
      await reportFound(db, item.tag_code, await anonymousFinder(), {
        email: n === 2 ? email.toLowerCase() : email,
      })
      expect(await reportCount(item.id)).toBe(1)
    }
    expect(await thanks(email)).toHaveLength(1)
    await db.query(
      "update public.notifications set created_at = now() - interval '25 hours' where lower(recipient) = lower($1)",
      [email],
    )
    const item = await giveItem(db, owner, 'Mail thing 4')
    await reportFound(db, item.tag_code, await anonymousFinder(), { email })
    expect(await thanks(email)).toHaveLength(2)
  })

  it('carries no free text of the finder but a one-line name of at most 60 characters', async () => {
    const email = 'relay@example.test'
    const item = await giveItem(db, owner, 'Relay thing')
    await reportFound(db, item.tag_code, await anonymousFinder(), {
      email,
      name: `Win a prize https://evil.example/${'x'.repeat(150)}`,
      location: 'Visit https://evil.example now',
      address: 'Spam address',
      phone: '0900 premium',
    })
    const [row] = await thanks(email)
    expect(Object.keys(row?.payload ?? {}).sort()).toEqual([
      'chat_id',
      'chat_url',
      'finder_language',
      'finder_name',
      'item_name',
      'report_id',
    ])
    // The language is one of the server's own (a check constraint), never the finder's text.
    expect(row?.payload.finder_language).toBe('en')
    const name = String(row?.payload.finder_name)
    expect(name.length).toBeLessThanOrEqual(60)
    expect(name).not.toMatch(/[\n\r]/)
    expect(JSON.stringify(row?.payload)).not.toMatch(/Visit|Spam address|premium/)
    // the owner's e-mail still has every detail
    const [ownerMail] = await query<{ payload: Record<string, unknown> }>(
      db,
      serviceRole,
      "select payload from public.notifications where template = 'owner_found_email' and report_id = (select id from public.found_reports where item_id = $1)",
      [item.id],
    )
    expect(ownerMail?.payload.found_location).toBe('Visit https://evil.example now')
  })
})

describe('report text', () => {
  it('refuses control characters and one-line fields with line breaks, before counting', async () => {
    const item = await giveItem(db, owner, 'Text thing')
    const cases: Array<
      [Partial<Record<'name' | 'email' | 'phone' | 'address' | 'location', string>>, string]
    > = [
      [{ name: 'Fiona\u0007' }, 'finder_name'],
      [{ name: 'Fiona\nFinder' }, 'finder_name'],
      [{ email: 'fiona\t@example.test' }, 'finder_email'],
      [{ phone: '0770\u001b0900456' }, 'finder_phone'],
      [{ address: '2 Low Road\u0008' }, 'finder_address'],
      [{ location: 'On the \u007ftrain' }, 'found_location'],
    ]
    for (const [details, field] of cases) {
      const error = await expectPgError(
        reportFound(db, item.tag_code, await anonymousFinder(), details),
        { code: 'P0001', message: 'invalid_input' },
      )
      expect(error.detail).toBe(field)
    }
    expect(await reportCount(item.id)).toBe(0)
    // line breaks and tabs are fine in the address and the place it was found
    await reportFound(db, item.tag_code, await anonymousFinder(), {
      address: '2 Low Road\nLeeds',
      location: 'On the train,\tcarriage C',
    })
    expect(await reportCount(item.id)).toBe(1)
  })
})
