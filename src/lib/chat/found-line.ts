import type { ChatSummaryRow } from '@/lib/chat/types'
import type { MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'
import { translate } from '@/lib/i18n/runtime'
import { directionOf, isAnyLocale } from '@/lib/i18n/locales'

const whenFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * 'Found by Fred on 21 Nov 2026, 10:02: “On a bench at the station”' from what
 * the chat holds. The place is the finder's own words, so it is quoted rather
 * than run into our sentence ("at On a bench at …").
 */
export function foundLine(
  summary: Pick<ChatSummaryRow, 'finder_first_name' | 'found_location' | 'found_at'>,
  /** The owner's catalog (useT()); the active one when left out. */
  t: (id: MessageId, values?: MessageValues) => string = translate,
) {
  const who = summary.finder_first_name?.trim() || t('ownerChat.details.someone')
  const where = summary.found_location?.trim()
  const when = summary.found_at ? whenFormat.format(new Date(summary.found_at)) : null
  const line = when
    ? t('ownerChat.details.foundByOn', { who, when })
    : t('ownerChat.details.foundBy', { who })
  return where ? t('ownerChat.details.foundWhere', { line, where }) : line
}

/**
 * foundLine for the finder, in the finder's language (`t`: useT()), the time in
 * `locale`'s words; English keeps foundLine's words exactly.
 */
export function finderFoundLine(
  summary: Pick<ChatSummaryRow, 'finder_first_name' | 'found_location' | 'found_at'>,
  t: (id: MessageId, values?: MessageValues) => string,
  locale: string,
) {
  // On a right-to-left page, a name or place typed in Latin letters is isolated (FSI…PDI),
  // so the translated sentence's quotes and colon stay where the language puts them.
  const isolate = (text: string | undefined) =>
    text && isAnyLocale(locale) && directionOf(locale) === 'rtl' ? `\u2068${text}\u2069` : text
  const who = isolate(summary.finder_first_name?.trim()) || t('chat.details.someone')
  const where = isolate(summary.found_location?.trim())
  const format =
    locale === '' || locale.startsWith('en')
      ? whenFormat
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const when = summary.found_at ? format.format(new Date(summary.found_at)) : null
  const line = when
    ? t('chat.details.foundByOn', { who, when })
    : t('chat.details.foundBy', { who })
  return where ? t('chat.details.foundWhere', { line, where }) : line
}
