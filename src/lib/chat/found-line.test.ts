import { describe, expect, it } from 'vitest'
import { finderFoundLine } from '@/lib/chat/found-line'
import type { MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** A catalog that shows its values, to see what the line hands the message. */
const t = (id: MessageId, values?: MessageValues) => `${id}${JSON.stringify(values ?? {})}`
const summary = {
  finder_first_name: 'Grace',
  found_location: 'On a bench by the river',
  found_at: '',
}

describe('finderFoundLine', () => {
  it('isolates a name and a place typed in Latin letters on a right-to-left page', () => {
    const line = finderFoundLine(summary, t, 'ar')
    expect(line).toContain('"where":"\u2068On a bench by the river\u2069"')
    expect(line).toContain('\u2068Grace\u2069')
  })

  it('leaves them as typed on a left-to-right page', () => {
    const line = finderFoundLine(summary, t, 'pl')
    expect(line).toContain('"where":"On a bench by the river"')
    expect(line).not.toContain('\u2068')
  })
})
