/**
 * The finder's language (issue 48): report_found keeps it with the report (any
 * unknown language is 'en', never an error), every notification of the report
 * carries it, the table refuses another, and the owner's chat summary says it.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { FINDER_LANGUAGES } from '../../supabase/functions/_shared/rules.generated.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  openTestDatabase,
  query,
  registeredMetadata,
  serviceRole,
  SITE_URL,
  type Actor,
} from './helpers.ts'

type Row = {
  report_id: string
  chat_id: string
  invite_token: string | null
  failure: string | null
}

let db: Database
let owner: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

/** report_found as report-found calls it, with the finder's language (undefined: left out). */
async function report(language: string | null | undefined, key: string | null = null) {
  const finder = await createUser(db, 'finder', { anonymous: true })
  // An item of its own: the reports per tag are limited.
  const found = await giveItem(db, owner)
  const args = [
    found.tag_code,
    finder.userId,
    null,
    'Fiona',
    `fiona-${randomUUID()}@example.test`,
    '',
    '',
    'On a bench',
    SITE_URL,
    key,
    randomUUID().replaceAll('-', '').repeat(2),
    new Date(Date.now() + 600_000).toISOString(),
  ]
  const sql =
    language === undefined
      ? 'select * from public.report_found($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)'
      : 'select * from public.report_found($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)'
  const [row] = await query<Row>(
    db,
    serviceRole,
    sql,
    language === undefined ? args : [...args, language],
  )
  expect(row?.failure).toBeNull()
  return { ...row!, finder, tagCode: found.tag_code }
}

async function languageOf(reportId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ finder_language: string }>(
    'select finder_language from public.found_reports where id = $1',
    [reportId],
  )
  return rows[0]?.finder_language
}

async function payloadLanguages(reportId: string): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ template: string; language: unknown }>(
    `select template, payload -> 'finder_language' as language
       from public.notifications where report_id = $1 order by template`,
    [reportId],
  )
  return Object.fromEntries(rows.map((row) => [row.template, row.language]))
}

describe("the finder's language", () => {
  it('is the list the app and the functions read', () => {
    expect(FINDER_LANGUAGES).toEqual([
      'en',
      'cy',
      'pl',
      'ro',
      'es',
      'fr',
      'de',
      'it',
      'pt',
      'uk',
      'ar',
      'zh-Hans',
    ])
  })

  it('is kept with the report and on every notification of it', async () => {
    const polish = await report('pl')
    expect(await languageOf(polish.report_id)).toBe('pl')
    expect(await payloadLanguages(polish.report_id)).toEqual({
      finder_thanks_email: 'pl',
      found_sms: 'pl',
      owner_found_email: 'pl',
    })
    const chinese = await report('zh-Hans')
    expect(await languageOf(chinese.report_id)).toBe('zh-Hans')
  })

  it('is English for an unknown, missing or differently written language, never an error', async () => {
    for (const language of [
      'xx',
      '',
      null,
      'PL',
      'pl-PL',
      'zh',
      "pl'; drop table x; --",
      undefined,
    ]) {
      const row = await report(language)
      expect(await languageOf(row.report_id), String(language)).toBe('en')
      expect(Object.values(await payloadLanguages(row.report_id))).toEqual(['en', 'en', 'en'])
    }
  })

  it('of a repeated request stays the first one’s', async () => {
    const key = randomUUID()
    const first = await report('fr', key)
    const finderId = first.finder.userId
    const [again] = await query<Row>(
      db,
      serviceRole,
      'select * from public.report_found($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
      [
        first.tagCode,
        finderId,
        null,
        'Fiona',
        'fiona@example.test',
        '',
        '',
        'On a bench',
        SITE_URL,
        key,
        randomUUID().replaceAll('-', '').repeat(2),
        new Date(Date.now() + 600_000).toISOString(),
        'de',
      ],
    )
    expect(again?.report_id).toBe(first.report_id)
    expect(await languageOf(first.report_id)).toBe('fr')
  })

  it("is checked against the same list as data_rules(), and the service role's writes pass it", async () => {
    const { rows } = await db.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
        where conname = 'found_reports_finder_language_check'`,
    )
    const listed = [...(rows[0]?.definition ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1])
    expect(listed).toEqual([...FINDER_LANGUAGES])
    // The service role updates reports (the purge, tests making one due): the check
    // must not need rights it lacks.
    const row = await report('pl')
    await query(
      db,
      serviceRole,
      'update public.found_reports set purge_after = now() where id = $1',
      [row.report_id],
    )
    await query(
      db,
      serviceRole,
      `update public.found_reports set finder_language = 'de' where id = $1`,
      [row.report_id],
    )
    expect(await languageOf(row.report_id)).toBe('de')
  })

  it('is refused by the table when it is not one we write in', async () => {
    const row = await report('pl')
    await expectPgError(
      db.query(`update public.found_reports set finder_language = 'xx' where id = $1`, [
        row.report_id,
      ]),
      { code: '23514', message: /found_reports_finder_language_check/ },
    )
    await expectPgError(
      db.query(`update public.found_reports set finder_language = null where id = $1`, [
        row.report_id,
      ]),
      { code: '23502' },
    )
    // The finder cannot change it: found_reports has no update grant or policy.
    await expectPgError(
      query(
        db,
        row.finder,
        `update public.found_reports set finder_language = 'de' where id = $1`,
        [row.report_id],
      ),
      { code: '42501' },
    )
    expect(await languageOf(row.report_id)).toBe('pl')
  })

  it("reaches the finder's later e-mails: a new link, the goodbye when the owner's account goes", async () => {
    const row = await report('uk')
    await query(db, row.finder, 'select public.request_chat_link($1, $2)', [
      row.chat_id,
      row.invite_token,
    ])
    const { rows: links } = await db.query<{ language: unknown }>(
      `select payload -> 'finder_language' as language from public.notifications
        where report_id = $1 and template = 'finder_new_link_email'`,
      [row.report_id],
    )
    expect(links).toEqual([{ language: 'uk' }])

    const leaving = await createUser(db, 'leaving owner', { metadata: registeredMetadata() })
    const leavingItem = await giveItem(db, leaving)
    const finder = await createUser(db, 'finder', { anonymous: true })
    const [arabic] = await query<Row>(
      db,
      serviceRole,
      'select * from public.report_found($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
      [
        leavingItem.tag_code,
        finder.userId,
        null,
        'Amal',
        'amal@example.test',
        '',
        '',
        'Bus 12',
        SITE_URL,
        null,
        randomUUID().replaceAll('-', '').repeat(2),
        new Date(Date.now() + 600_000).toISOString(),
        'ar',
      ],
    )
    await db.query('select app_private.delete_account_data($1, $2)', [
      leaving.userId,
      'leaving@example.test',
    ])
    const { rows: goodbyes } = await db.query<{ language: unknown }>(
      `select payload -> 'finder_language' as language from public.notifications
        where dedupe_key = $1`,
      [`chat_closed:${arabic?.report_id}`],
    )
    expect(goodbyes).toEqual([{ language: 'ar' }])
  })

  it("is in the chat summary the owner's header reads (and the finder's own)", async () => {
    const row = await report('ro')
    const [summary] = await query<{ finder_language: string }>(
      db,
      owner,
      'select finder_language from public.chat_summary($1)',
      [row.chat_id],
    )
    expect(summary).toEqual({ finder_language: 'ro' })
    const stranger = await createUser(db, 'stranger', { metadata: registeredMetadata() })
    expect(
      await query(db, stranger, 'select finder_language from public.chat_summary($1)', [
        row.chat_id,
      ]),
    ).toEqual([])
  })
})
