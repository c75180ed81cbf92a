// English: the product's own words (word for word what the finder's e-mails said before).
import type { FinderEmailMessages } from './messages.ts'

export const en: FinderEmailMessages = {
  htmlLang: 'en',
  dir: 'ltr',
  needsNativeCheck: false,
  item: '{name}',
  itemFallback: 'your item',
  openChat: 'Open the chat',
  orOpenLink: 'Or open this link:',
  tagline: 'lost and found with NFC tags',
  deleteMyDetails: 'Delete my details now',
  whereFound: 'Where it was found',
  thanksHeadingNamed: 'Thank you, {name}!',
  thanksHeading: 'Thank you!',
  days: { one: '{count} day', other: '{count} days' },
  promise:
    'Your details are deleted {afterFound} after the owner marks the item found, or {afterReport} after your report if they do not.',
  reportSubject: 'Thank you for reporting a found item',
  reportPreheader: 'The owner has been told where their item is.',
  reportIntro: 'The owner of {item} has been informed. You can talk to them in the chat.',
  newLinkSubject: 'Your new chat link',
  newLinkPreheader: 'Your new link to the chat with the owner.',
  newLinkHeading: 'Your new chat link',
  newLinkIntro: 'Here is a new link to your chat about {item}. Earlier links no longer work.',
  returnedSubject: '{item} is home: thank you',
  returnedPreheader: '{item} is home. Thank you for your help.',
  returnedIntro:
    '{item} is home: the owner has marked it returned. Thank you for helping it find its way back. Your conversation with the owner is now closed.',
  returnedDeletedOn: 'Your details will be deleted on {date}.',
  returnedDeletedSoon: 'Your details will be deleted within 7 days.',
  closedSubject: 'The conversation about the item you found is closed',
  closedPreheader: 'The conversation about the item you found is closed.',
  closedHeading: 'The conversation is closed',
  closedIntro:
    'The owner of {item} has closed their Homeward account, so your conversation with them is closed. Thank you for helping.',
  closedAfter:
    'Your details have been deleted. Once this e-mail is sent, we delete your address too.',
}
