/**
 * The local PostgREST's SQLSTATE to HTTP status mapping where refusals live:
 * P0001 (a plain RAISE) is 400, other P0 codes 500, and PTxyz the status xyz
 * when it reads as a number (else 500), as PostgREST's Error.hs maps them.
 */
import { describe, expect, it } from 'vitest'
import { statusForSqlState, toRestError } from '../../local-supabase/rest/errors.ts'

describe('statusForSqlState', () => {
  it('maps RAISE codes as PostgREST does', () => {
    const cases: [string, number][] = [
      ['P0001', 400],
      ['P0002', 500],
      ['P0003', 500],
      ['P0004', 500],
      ['PT404', 404],
      ['PT409', 409],
      ['PT418', 418],
      ['PT200', 200],
      ['PTABC', 500],
      ['PT4X4', 500],
      ['PT099', 500],
    ]
    for (const [code, status] of cases) {
      expect({ code, status: statusForSqlState(code, 'authenticated') }).toEqual({ code, status })
    }
  })

  it('keeps a custom status error’s code, message, detail and hint for the body', () => {
    const error = toRestError(
      Object.assign(new Error('chat_not_found'), { code: 'PT404', detail: 'd', hint: 'h' }),
      'authenticated',
    )
    expect(error.status).toBe(404)
    expect(error.body()).toEqual({
      code: 'PT404',
      message: 'chat_not_found',
      details: 'd',
      hint: 'h',
    })
  })
})
