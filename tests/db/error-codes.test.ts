import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ERROR_CODE_SHAPE,
  SQL_ERROR_CODES,
  SQL_FAILURE_CODES,
} from '../../supabase/functions/_shared/error-codes.ts'

const schema = readFileSync(new URL('../../supabase/schema.sql', import.meta.url), 'utf8')

type Raise = { text: string; message: string | null; sqlstate: string }

/** Every `raise exception …;` in the schema, with its message literal and SQLSTATE. */
function raisesIn(sql: string): Raise[] {
  return [...sql.matchAll(/raise\s+exception\b([\s\S]*?);/gi)].map((match) => {
    const rest = match[1] ?? ''
    const literal = /^\s*'((?:[^']|'')*)'/.exec(rest)
    const sqlstate = /errcode\s*=\s*'([^']+)'/i.exec(rest)
    return {
      text: match[0],
      message: literal ? (literal[1] ?? '') : null,
      sqlstate: sqlstate?.[1] ?? 'P0001',
    }
  })
}

describe('the errors SQL raises', () => {
  const raises = raisesIn(schema)

  it('finds the raises it checks (the scan itself works)', () => {
    expect(raises.length).toBeGreaterThan(50)
    expect(raisesIn(`raise exception 'Keep it short.' using errcode = '22023';`)).toEqual([
      expect.objectContaining({ message: 'Keep it short.', sqlstate: '22023' }),
    ])
  })

  it('are stable snake_case codes, never an English sentence', () => {
    const sentences = raises.filter(
      (raise) => raise.message === null || !ERROR_CODE_SHAPE.test(raise.message),
    )
    expect(sentences.map((raise) => raise.text)).toEqual([])
  })

  it('are each in the one list, with the SQLSTATE it gives', () => {
    const known: Record<string, { sqlstate: readonly string[] }> = SQL_ERROR_CODES
    const unlisted = raises.filter((raise) => !known[raise.message ?? ''])
    expect(unlisted.map((raise) => raise.text)).toEqual([])
    const wrongState = raises.filter(
      (raise) => !known[raise.message ?? '']?.sqlstate.includes(raise.sqlstate),
    )
    expect(wrongState.map((raise) => `${raise.sqlstate}: ${raise.text}`)).toEqual([])
  })

  it('the list holds no code SQL no longer raises', () => {
    const raised = new Set(raises.map((raise) => raise.message))
    expect(Object.keys(SQL_ERROR_CODES).filter((code) => !raised.has(code))).toEqual([])
    for (const failure of SQL_FAILURE_CODES) expect(schema).toContain(`failure := '${failure}'`)
  })
})
