/**
 * The data rules have one owner, app_private.data_rules(): SQL applies them, and
 * the app and the Edge Functions read them from rules.generated.ts (written by
 * npm run db:generate, checked in CI). Here SQL and the app's code read the same
 * input alike, where they used to disagree (HW7K-3M9Q passed SQL but not the app).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import { hasControlCharacters } from '../../src/lib/control-characters.ts'
import { isTypedTagCode, normaliseTagCode } from '../../src/lib/tag-code.ts'
import { EMAIL_SHAPE } from '../../src/types/rules.generated.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  noSession,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  type Actor,
} from './helpers.ts'

let db: Database
let owner: Actor
let finder: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
})

afterAll(async () => {
  await db?.close()
})

const sqlValue = async <T>(sql: string, params: unknown[]): Promise<T> => {
  const { rows } = await db.query<{ value: T }>(sql, params)
  return rows[0]!.value
}

/** The dashed form a person copies from the card. */
const dashed = (code: string) => `${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `

describe('tag codes', () => {
  it('normalize_code and the app read every typed code alike', async () => {
    const typed = [
      'hw7k-3m9q',
      ' HW7K 3M9Q ',
      'hw7k\t3m9q\n',
      '\u0001hw7k3m9q\u007f',
      'a-b c',
      '--',
      '',
    ]
    for (const raw of typed) {
      const inSql = await sqlValue<string>('select app_private.normalize_code($1) as value', [raw])
      expect(normaliseTagCode(raw), JSON.stringify(raw)).toBe(inSql)
    }
    expect(isTypedTagCode(normaliseTagCode('hw7k-3m9q'))).toBe(true)
  })

  it('a code typed with a dash finds the tag for the finder and takes their report', async () => {
    const item = await giveItem(db, owner)
    const [row] = await query<{ answer: { status: string } }>(
      db,
      noSession,
      'select public.tag_status($1) as answer',
      [dashed(item.tag_code)],
    )
    expect(row?.answer.status).toBe('activated')
    const report = await reportFound(db, dashed(item.tag_code), finder)
    expect(report.item_id).toBe(item.id)
  })

  it('a printed code is made of the alphabet, 8 to 16 characters', async () => {
    const cases: [string, boolean][] = [
      ['HW7K3M9Q', true],
      ['HW7K3M9QPXHW7K3M', true],
      ['HW7K3M9', false],
      ['HW7K3M9QPXHW7K3M9', false],
      ['HW7K3M9O', false],
      ['hw7k3m9q', false],
    ]
    for (const [code, expected] of cases) {
      expect(await sqlValue('select app_private.is_tag_code($1) as value', [code]), code).toBe(
        expected,
      )
    }
  })
})

describe('control characters', () => {
  it('SQL and the app refuse the same characters', async () => {
    const { rows } = await db.query<{ n: number; bad: boolean }>(
      `select n, chr(n) ~ (app_private.data_rules() ->> 'control_characters') as bad
         from generate_series(1, 160) n`,
    )
    for (const { n, bad } of rows) {
      expect(hasControlCharacters([String.fromCharCode(n)]), `U+${n.toString(16)}`).toBe(bad)
    }
  })

  it('a report whose address holds one is refused, naming the field', async () => {
    const item = await giveItem(db, owner)
    const error = await expectPgError(
      reportFound(db, item.tag_code, finder, { address: '2 Low Road\u0007' }),
      { code: 'P0001', message: 'invalid_input' },
    )
    expect(error.detail).toBe('finder_address')
  })
})

describe("the finder's fields", () => {
  it('SQL and the app agree on the e-mail shape, and SQL refuses a bad one', async () => {
    const shape = new RegExp(EMAIL_SHAPE)
    for (const email of [
      'ada@example.com',
      'a@b.c',
      'ada@example',
      'ada example.com',
      '@example.com',
    ]) {
      const inSql = await sqlValue<boolean>(
        "select $1 ~ (app_private.data_rules() ->> 'email_shape') as value",
        [email],
      )
      expect(shape.test(email), email).toBe(inSql)
    }
    const item = await giveItem(db, owner)
    const error = await expectPgError(
      reportFound(db, item.tag_code, finder, { email: 'ada@example' }),
      {
        code: 'P0001',
        message: 'invalid_input',
      },
    )
    expect(error.detail).toBe('finder_email')
  })

  it('each field is held to its limit: the phone to 40 characters, where it was found to 500', async () => {
    const item = await giveItem(db, owner)
    for (const details of [{ phone: '0'.repeat(41) }, { location: 'x'.repeat(501) }]) {
      await expectPgError(reportFound(db, item.tag_code, finder, details), {
        code: 'P0001',
        message: 'invalid_input',
      })
    }
    const report = await reportFound(db, item.tag_code, finder, {
      phone: '0'.repeat(40),
      location: 'x'.repeat(500),
    })
    expect(report.item_id).toBe(item.id)
  })
})
