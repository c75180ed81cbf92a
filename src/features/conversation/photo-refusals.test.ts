import { describe, expect, it } from 'vitest'
import { translateIn } from '@/lib/i18n/runtime'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { MAX_PHOTOS_PER_MESSAGE, PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { PHOTO_REFUSAL_TEXT } from '@/lib/photos/upload-photo'
import { photoRefusalId } from '@/features/conversation/photo-refusals'

/** Every refusal a chosen photo can get: the browser's checks and check-photo's codes. */
const REFUSALS = [
  PHOTO_MESSAGES.notAnImage,
  PHOTO_MESSAGES.tooLarge,
  PHOTO_MESSAGES.heic,
  PHOTO_MESSAGES.unreadable,
  PHOTO_MESSAGES.tooMany,
  ...Object.values(PHOTO_REFUSAL_TEXT),
]

describe("a photo's refusal in the finder's language", () => {
  it('has a catalog message for every refusal, whose English is the same words', () => {
    for (const refusal of REFUSALS) {
      const id = photoRefusalId(refusal)
      expect(id, refusal).not.toBeNull()
      const values = { max: MAX_PHOTOS_PER_MESSAGE }
      expect(translateIn({ locale: 'en', messages: en }, id!, values)).toBe(refusal)
      expect(translateIn({ locale: 'pl', messages: pl }, id!, values)).not.toBe(refusal)
    }
  })

  it('says the photo limit with the language’s plural', () => {
    const id = photoRefusalId(PHOTO_MESSAGES.tooMany)!
    expect(translateIn({ locale: 'pl', messages: pl }, id, { max: 3 })).toBe(
      'Do wiadomości możesz dołączyć najwyżej 3 zdjęcia.',
    )
    expect(translateIn({ locale: 'pl', messages: pl }, id, { max: 5 })).toBe(
      'Do wiadomości możesz dołączyć najwyżej 5 zdjęć.',
    )
  })

  it('knows nothing else (other text is shown as it is)', () => {
    expect(photoRefusalId('Something the server said')).toBeNull()
  })
})
