import { msgId, type MessageId } from '@/lib/i18n/message-id'

/**
 * The finder's pages' titles (the route table's, SPEC.md's words) as catalog messages:
 * the header shows them in the finder's language, and these pages offer the language
 * menu. Other pages (the owner's) stay English this round.
 */
const FINDER_PAGE_TITLES: Readonly<Record<string, MessageId>> = {
  Found: msgId('title.found'),
  'Found a tag?': msgId('title.tag'),
  'Inform the Owner': msgId('title.reunite'),
  'Thank you': msgId('title.thankYou'),
  'How to scan': msgId('title.howToScan'),
  Chat: msgId('title.chat'),
}

/** The catalog message for a finder page's title, or undefined for any other page. */
export const finderTitleId = (title: string | undefined): MessageId | undefined =>
  title === undefined ? undefined : FINDER_PAGE_TITLES[title]
