import { currentLocale, translate } from '@/lib/i18n/runtime'
import type { MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** A message's English words (the tests run in English: src/testing/setup.ts). */
export function english(id: MessageId, values?: MessageValues): string {
  if (currentLocale() !== 'en')
    throw new Error(`english() needs English active, not ${currentLocale()}`)
  return translate(id, values)
}
