import { msgId, type MessageId } from '@/lib/i18n/message-id'

/**
 * The finder's pages' titles (the route table's, SPEC.md's words) as catalog messages:
 * the header shows them in the finder's language, and these pages offer the language
 * menu and are prerendered in every language.
 */
const FINDER_PAGE_TITLES: Readonly<Record<string, MessageId>> = {
  Found: msgId('title.found'),
  'Found a tag?': msgId('title.tag'),
  'Inform the Owner': msgId('title.reunite'),
  'Thank you': msgId('title.thankYou'),
  'How to scan': msgId('title.howToScan'),
  Chat: msgId('title.chat'),
  // A finder lands on these from the report form's privacy line and from a mistyped tag link.
  Privacy: msgId('title.privacy'),
  'Page not found': msgId('title.notFound'),
}

/** The other pages' titles, from the owner's catalog (English this round). */
const OWNER_PAGE_TITLES: Readonly<Record<string, MessageId>> = {
  'How it works': msgId('pages.title.howItWorks'),
  Help: msgId('pages.title.help'),
  Register: msgId('pages.title.register'),
  Login: msgId('pages.title.login'),
  'Reset Password': msgId('pages.title.resetPassword'),
  'New Password': msgId('pages.title.newPassword'),
  Terms: msgId('pages.title.terms'),
  Campaign: msgId('pages.title.campaign'),
  'Account Settings': msgId('pages.title.account'),
  'Activate a tag': msgId('pages.title.activateTag'),
  Activated: msgId('pages.title.activated'),
  Dashboard: msgId('pages.title.dashboard'),
  'Edit Tag': msgId('pages.title.editTag'),
  Operator: msgId('pages.title.operator'),
  Case: msgId('pages.title.case'),
  'Case links': msgId('pages.title.caseLinks'),
  'Case sheet': msgId('pages.title.caseSheet'),
  Desk: msgId('pages.title.desk'),
}

/** The catalog message for a finder page's title, or undefined for any other page. */
export const finderTitleId = (title: string | undefined): MessageId | undefined =>
  title === undefined ? undefined : FINDER_PAGE_TITLES[title]

/** The catalog message for any page's title (undefined: shown as the route table has it). */
export const pageTitleId = (title: string | undefined): MessageId | undefined =>
  title === undefined ? undefined : (FINDER_PAGE_TITLES[title] ?? OWNER_PAGE_TITLES[title])

/**
 * Whether a page needs the owner's catalog (a chunk of its own): every page but the
 * finder's prerendered ones, which carry only the finder's. The chat serves both sides.
 */
export const needsOwnerMessages = (title: string | undefined): boolean =>
  title === 'Chat' || finderTitleId(title) === undefined
