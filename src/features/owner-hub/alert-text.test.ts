import { describe, expect, it } from 'vitest'
import { translate } from '@/lib/i18n/runtime'
import {
  messageAlertText as messageAlert,
  reportAlertText as reportAlert,
  type AlertMessage,
} from '@/features/owner-hub/alert-text'

// The toasts' words in English (the test setup's language).
const said = ({ id, values }: AlertMessage) => translate(id, values)
const messageAlertText = (...args: Parameters<typeof messageAlert>) => said(messageAlert(...args))
const reportAlertText = (...args: Parameters<typeof reportAlert>) => said(reportAlert(...args))

describe('messageAlertText', () => {
  it('names the item and previews the message on one line', () => {
    expect(messageAlertText('Keys', 'Found them\n\nat the  station')).toBe(
      'New message about your Keys: “Found them at the station”',
    )
    expect(messageAlertText(null, 'x'.repeat(100))).toBe(
      `New message from the finder: “${'x'.repeat(79)}…”`,
    )
  })

  it('says how many photos a message without words carries', () => {
    expect(messageAlertText('Keys', '', 1)).toBe('New message about your Keys: a photo')
    expect(messageAlertText(null, '', 3)).toBe('New message from the finder: 3 photos')
    expect(messageAlertText('Keys', 'Here', 2)).toBe('New message about your Keys: “Here”')
  })
})

describe('reportAlertText', () => {
  it('names the finder and the item when it knows them', () => {
    expect(reportAlertText('Keys', ' Fred ')).toBe('Fred found your Keys!')
    expect(reportAlertText(null, 'Fred')).toBe('Fred found one of your items!')
    expect(reportAlertText('Keys', null)).toBe('Someone found your Keys!')
    expect(reportAlertText(null, '')).toBe('Someone found one of your items!')
  })
})
