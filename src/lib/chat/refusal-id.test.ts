import { describe, expect, it } from 'vitest'
import { ChatApiError } from '@/lib/chat/api-error'
import { refusalId } from '@/lib/chat/refusal-id'
import { REFUSAL_TEXT } from '@/lib/chat/refusal-text'
import { translateIn } from '@/lib/i18n/runtime'
import { messages as ownerEnglish } from '@/locales/compiled/owner/en'

const english = (id: string) => translateIn({ locale: 'en', messages: ownerEnglish }, id)
const refused = (reason: string) =>
  new ChatApiError(REFUSAL_TEXT[reason] ?? reason, { isNetwork: false, reason })

describe('refusalId', () => {
  it.each(Object.keys(REFUSAL_TEXT))(
    "says %s in the owner's catalog with REFUSAL_TEXT's English words",
    (code) => {
      const id = refusalId(refused(code))
      expect(id).toMatch(/^ownerChat\.refusal\./)
      expect(english(id!)).toBe(REFUSAL_TEXT[code])
    },
  )

  it('has no message for an unknown code, a network failure or another error', () => {
    expect(refusalId(refused('something_new'))).toBeNull()
    expect(refusalId(new ChatApiError('Failed to fetch', { isNetwork: true }))).toBeNull()
    expect(refusalId(new Error('chat_closed'))).toBeNull()
  })
})
