import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NOTICE_BODY_IDS, noticeBodyId } from '../../src/features/conversation/notice-bodies.ts'
import source from '../../src/locales/en.json'

const schema = readFileSync(new URL('../../supabase/schema.sql', import.meta.url), 'utf8')

/** A function's body in the schema (the text between its `AS $function$` and the end). */
function functionBody(name: string): string {
  const start = schema.indexOf(`FUNCTION ${name}(`)
  expect(start, `${name} is in supabase/schema.sql`).toBeGreaterThan(-1)
  const end = schema.indexOf('$function$;', start)
  return schema.slice(start, end)
}

const unquote = (literal: string) => literal.replaceAll("''", "'")

/**
 * Every body the database writes into safety_notices, by kind: the warning
 * app_private.operator_act gives the reported person, and each outcome
 * app_private.safety_outcome_text gives the reporter.
 */
function noticeBodies(): { warning: string[]; outcome: string[] } {
  const act = functionBody('app_private.operator_act')
  const warning = [
    ...act.matchAll(/notify_safety\([^,]+,\s*report,\s*'warning',\s*'((?:[^']|'')*)'\)/g),
  ].map((match) => unquote(match[1] ?? ''))
  const outcome = [
    ...functionBody('app_private.safety_outcome_text').matchAll(
      /when\s+'[a-z_]+'\s+then\s+'((?:[^']|'')*)'/g,
    ),
  ].map((match) => unquote(match[1] ?? ''))
  return { warning, outcome }
}

const english = (id: string) => (source as Record<string, { message: string }>)[id]?.message

describe("the safety notices' bodies a finder reads in their language", () => {
  const bodies = noticeBodies()

  it('finds what the database writes (the scan itself works)', () => {
    expect(bodies.warning).toHaveLength(1)
    expect(bodies.outcome.length).toBeGreaterThanOrEqual(5)
    expect(bodies.outcome).toContain(
      "We looked at your report, closed this conversation and suspended the owner's account.",
    )
  })

  it('has a catalog message for every body, whose English is the same words', () => {
    for (const kind of ['warning', 'outcome'] as const) {
      for (const body of bodies[kind]) {
        const id = noticeBodyId({ kind, body })
        expect(id, `${kind}: ${body}`).not.toBeNull()
        expect(english(id ?? '')).toBe(body)
      }
    }
  })

  it('keeps no body the database no longer writes, and none under the wrong kind', () => {
    expect(Object.keys(NOTICE_BODY_IDS.warning).sort()).toEqual([...bodies.warning].sort())
    expect(Object.keys(NOTICE_BODY_IDS.outcome).sort()).toEqual([...bodies.outcome].sort())
    expect(noticeBodyId({ kind: 'outcome', body: bodies.warning[0] ?? '' })).toBeNull()
    expect(noticeBodyId({ kind: 'warning', body: 'Something new from the server.' })).toBeNull()
  })
})
