import { describe, expect, it } from 'vitest'
import { messageAlertText } from '@/features/owner-hub/alert-text'

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
