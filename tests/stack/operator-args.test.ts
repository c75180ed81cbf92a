/** `npm run operator`: what the command line means, and what it refuses. */
import { describe, expect, it } from 'vitest'
import { describeReports, parseOperatorArgs } from '../../scripts/operator.ts'

const ID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427'

describe('operator arguments', () => {
  it('reads grant, revoke, list, reports, show and act', () => {
    expect(parseOperatorArgs(['grant', 'sam@example.test'])).toEqual({
      kind: 'grant',
      email: 'sam@example.test',
    })
    expect(parseOperatorArgs(['revoke', 'sam@example.test'])).toMatchObject({ kind: 'revoke' })
    expect(parseOperatorArgs(['reports'])).toEqual({ kind: 'reports' })
    expect(parseOperatorArgs(['show', ID.toUpperCase()])).toEqual({ kind: 'show', reportId: ID })
    expect(
      parseOperatorArgs(['act', ID, 'close_conversation', '--reason', ' Asked for money '], 'sam'),
    ).toEqual({
      kind: 'act',
      reportId: ID,
      action: 'close_conversation',
      reason: 'Asked for money',
      label: 'sam',
    })
    expect(parseOperatorArgs(['act', ID, 'warn', '--reason', 'x', '--as', 'Pat'])).toMatchObject({
      label: 'Pat',
    })
  })

  it('reads desks, approve-desk and refuse-desk (issue 50)', () => {
    expect(parseOperatorArgs(['desks'])).toEqual({ kind: 'desks' })
    expect(
      parseOperatorArgs(['approve-desk', ID, '--reason', ' Called the station '], 'sam'),
    ).toEqual({
      kind: 'decide-desk',
      deskId: ID,
      decision: 'approve',
      reason: 'Called the station',
      label: 'sam',
    })
    expect(parseOperatorArgs(['refuse-desk', ID, '--reason', 'x', '--as', 'Pat'])).toMatchObject({
      decision: 'refuse',
      label: 'Pat',
    })
    expect(() => parseOperatorArgs(['approve-desk', 'abc', '--reason', 'x'])).toThrow(
      'A desk id looks like',
    )
    expect(() => parseOperatorArgs(['refuse-desk', ID])).toThrow('Give a reason with --reason')
  })

  it('refuses what it cannot do, in words', () => {
    expect(() => parseOperatorArgs(['grant', 'not-an-email'])).toThrow(
      'grant needs one e-mail address',
    )
    expect(() => parseOperatorArgs(['act', 'abc', 'warn'])).toThrow('A report id looks like')
    expect(() => parseOperatorArgs(['act', ID, 'ban', '--reason', 'x'])).toThrow(
      'The action is one of dismiss, warn, close_conversation, suspend_owner, deactivate_tag; got "ban"',
    )
    expect(() => parseOperatorArgs(['act', ID, 'dismiss'])).toThrow('Give a reason with --reason')
    expect(() => parseOperatorArgs(['promote'])).toThrow('Unknown command "promote"')
    expect(() => parseOperatorArgs(['list', 'extra'])).toThrow('Unexpected argument "extra"')
  })

  it('prints open reports one to a line', () => {
    expect(describeReports([])).toBe('No open reports.')
    expect(
      describeReports([
        {
          report_id: ID,
          created_at: '2026-11-28T01:00:00Z',
          reason: 'money_or_codes',
          note: 'Wants a deposit',
          reporter_role: 'finder',
          chat_closed_reason: null,
          item_name: 'Wallet',
          tag_code: 'HWABC23456',
          tag_status: 'activated',
          kept_messages: 1,
        },
      ]),
    ).toBe(
      `${ID}  2026-11-28T01:00:00Z  money_or_codes (by the finder)  Wallet · tag HWABC23456 (activated) · open · 1 kept message\n    "Wants a deposit"`,
    )
  })
})
