import { i18n } from '@/lib/i18n/i18n'
import type { MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** A message's English words (the tests run in English: src/testing/setup.ts). */
export function english(id: MessageId, values?: MessageValues): string {
  if (!i18n.locale.startsWith('en')) throw new Error(`english() needs English active, not ${i18n.locale}`)
  return i18n._(id, values)
}
