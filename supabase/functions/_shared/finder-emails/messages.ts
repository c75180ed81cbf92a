/**
 * The words of the e-mails a finder receives (the thank-you with the chat link,
 * a new link, the item returned, the conversation closed), one catalog per
 * language in this folder. English (en.ts) is the product's own text; the
 * others are careful translations marked `needsNativeCheck` until a native
 * speaker has read them. finder-emails.test.ts checks that every catalog has
 * every message, the same placeholders as English, and each plural form its
 * language needs.
 *
 * Placeholders: {name} the finder's first name, {item} the item's name (wrapped
 * by `item`, or `itemFallback` when there is none), {date} a deletion date,
 * {afterFound}/{afterReport} a number of days (`days`, by plural form), {count}.
 */

/** A message by plural form (Intl.PluralRules' categories); `other` always. */
export type PluralMessage = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

export type FinderEmailMessages = {
  /** The html lang attribute. */
  htmlLang: string
  dir: 'ltr' | 'rtl'
  /** False only when a native speaker has checked the catalog (never for a machine's words). */
  needsNativeCheck: boolean
  /** Month names when the runtime's Intl has no dates for the language (Welsh). */
  monthNames?: readonly string[]
  /** How an item's name sits in a sentence ('{name}', '„{name}”'). */
  item: string
  itemFallback: string
  openChat: string
  orOpenLink: string
  tagline: string
  deleteMyDetails: string
  whereFound: string
  thanksHeadingNamed: string
  thanksHeading: string
  days: PluralMessage
  promise: string
  reportSubject: string
  reportPreheader: string
  reportIntro: string
  newLinkSubject: string
  newLinkPreheader: string
  newLinkHeading: string
  newLinkIntro: string
  returnedSubject: string
  returnedPreheader: string
  returnedIntro: string
  returnedDeletedOn: string
  returnedDeletedSoon: string
  closedSubject: string
  closedPreheader: string
  closedHeading: string
  closedIntro: string
  closedAfter: string
}

/** Fills {placeholders}; a value not given stays as written (the test catches it). */
export function fill(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}

/** A plural message for a count, by the language's plural rules. */
export function plural(message: PluralMessage, count: number, language: string): string {
  const form = new Intl.PluralRules(language).select(count)
  return fill(message[form] ?? message.other, { count: String(count) })
}
