import { CONTACT_EMAIL } from '@/features/marketing/faq-content'
import { daysText, retentionDays } from '@/lib/retention'

/** One section of a legal page: a heading, paragraphs, and an optional list. */
export type LegalSection = {
  heading: string
  paragraphs: readonly string[]
  list?: readonly string[]
}

const afterFound = daysText(retentionDays.finderAfterFound)
const afterReport = daysText(retentionDays.finderAfterReport)
const abuseRecords = daysText(retentionDays.abuseRecords)
const keptConversations = daysText(retentionDays.keptConversations)
const caseLinkAfterEnd = daysText(retentionDays.caseLinkAfterEnd)

/** The retention rules exactly as the notice states them (tests/build reads the built page). */
export const RETENTION_STATEMENTS = {
  finderAfterFound: `A finder's details are deleted ${afterFound} after the owner marks the item FOUND.`,
  finderAfterReport: `Otherwise a finder's details are deleted ${afterReport} after their report.`,
  abuseRecords: `The scrambled network address of a report and failed activation attempts are deleted after ${abuseRecords}.`,
  keptConversations: `When someone reports a conversation to us, a copy of it up to that moment is kept for our operators, and deleted ${keptConversations} after they have dealt with the report.`,
  caseLinkAfterEnd: `A case link, the record of its openings, and the messages and photos sent through it are deleted ${caseLinkAfterEnd} after the link expires, is withdrawn or the item is marked returned.`,
} as const

/** Who processes personal data on our behalf, and for what. */
export const PROCESSORS: readonly string[] = [
  'Supabase (our database and hosting: sign-in, data storage and the servers our app runs on).',
  'Twilio (sends the text message that tells an owner their item was found).',
  'Resend (sends our e-mails: alerts, chat links, password resets and confirmations).',
]

/** /privacy: the privacy notice (UK GDPR, articles 13 and 14). */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      `Homeward is a UK lost-and-found service for personal items. We decide how the personal data described here is used (we are its controller). Write to ${CONTACT_EMAIL} about anything in this notice.`,
    ],
  },
  {
    heading: 'What we collect from owners, and why',
    paragraphs: [
      'When you register and use your account we keep your full name, e-mail address, mobile number, date of birth, address, county and country; the items you tag (their names, tags, LOST or FOUND status, and any lost-mode note and return instructions); and the messages you write in chats with finders.',
      'We use them to run your account, to tell you by e-mail and text message when someone finds your item, and to let you talk to the finder. The lawful basis is the contract between us: we cannot provide the service without them.',
    ],
  },
  {
    heading: 'What we collect from finders, and why',
    paragraphs: [
      'When you report a found item we keep your name, e-mail address, phone number, address, where you found the item, and the messages you write in the chat. We also keep a scrambled form of your network address for a short time, to stop abuse.',
      "We use them to tell the owner that you found their item and to let the two of you arrange its return. We never show the owner's contact details to you, and nobody else sees yours. The lawful basis is our legitimate interest, and the owner's, in getting a lost item back to its owner; you choose what to tell us, and you can delete your details at any time.",
    ],
  },
  {
    heading: 'Case links: what a desk or an airline sees',
    paragraphs: [
      "An owner whose item is LOST may make a case link for a named third party, such as an airline's baggage desk or a station's lost property, valid for 1 to 30 days. Whoever opens it needs no account. They see the item's name and photo, the owner's note and return instructions, the tag ID, and the place of the item's last report (and its map pin, if the finder shared one); never the owner's name, e-mail address, phone number or address, unless the owner writes contact details into that link themselves. They can write to the owner and send photos.",
      'From the person who opens a case link we keep when they opened it (the owner sees every opening) and what they write and send; we ask for nothing else. A withdrawn or expired link no longer opens, and what was sent through it can no longer be read through it.',
    ],
  },
  {
    heading: 'Photos and places on a map',
    paragraphs: [
      "Photos: an owner may add a photo of an item, which a finder who scans its tag sees while the item is marked LOST; an owner and a finder may send each other photos in their chat, and a finder may add photos after reporting. Photos are kept privately: only the people in that chat (or, for an item's photo, the owner and whoever scans its tag while it is LOST) can open them, through short-lived links. Take care that a photo does not show more than you mean to, such as a face, a house number or a car's number plate.",
      'Places on a map: only if you choose to, and only after your browser asks you, we keep a location pin (its latitude and longitude, how precise it is and when it was taken): where a finder found the item or where they handed it in, or a spot either of you shares in the chat. The other person in the chat sees it as a map link. We never follow where you are: a pin is one point, taken once, when you press the button.',
      `A finder's photos and pins are deleted with their details (${afterFound} after the owner marks the item FOUND, otherwise ${afterReport} after the report, or at once when the finder deletes their details). An owner's item photo is deleted within an hour of being removed or replaced, and with the item or the account; a photo chosen but never sent is deleted after a day.`,
    ],
  },
  {
    heading: 'Lost-property desks',
    paragraphs: [
      "A lost-property office (a station, an airport, a venue or an airline) may join Homeward as a desk once we have approved it. When its staff report a tagged item, the owner is told the desk's name, address, opening hours, public phone and e-mail, and the desk's reference number for the item. The desk's staff see the item's name, their reference and the conversation with the owner (messages and photos); they never see the owner's contact details unless the owner writes them in the chat.",
      `Each member of a desk's staff signs in with their own Homeward account, and the desk's other staff see their e-mail address. A desk's record of an item (its reference, and whether it was collected or posted) is deleted with the report, as a finder's details are: ${afterFound} after the item is marked FOUND (which marking it collected or posted does), otherwise ${afterReport} after the report. When a desk is deleted, its staff's membership of it and their access to its conversations are deleted with it.`,
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      RETENTION_STATEMENTS.finderAfterFound,
      RETENTION_STATEMENTS.finderAfterReport,
      RETENTION_STATEMENTS.abuseRecords,
      RETENTION_STATEMENTS.keptConversations,
      RETENTION_STATEMENTS.caseLinkAfterEnd,
      "An owner's data is kept until they delete their account. Deleting it removes their profile, items, messages and alerts at once; their tags are switched off.",
      'These periods are the ones our database applies: the deletion runs every hour.',
    ],
  },
  {
    heading: 'Who processes it for us',
    paragraphs: [
      'These companies process personal data on our behalf, under contracts that allow them to use it only to provide their service to us:',
    ],
    list: PROCESSORS,
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You may ask for a copy of your data, have it corrected or deleted, object to its use or ask us to restrict it. Owners can do the first three themselves in Account Settings: correct their details, "Download my data", and "Delete my account". A finder can press "Delete my details now" in the chat, or follow the link in the e-mail we sent them.',
      `For anything else, write to ${CONTACT_EMAIL}; we answer within one month. If you are not happy with our answer you may complain to the Information Commissioner's Office (ico.org.uk).`,
    ],
  },
]

/** /terms: the terms of use. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      'Homeward lets the owner of a tagged item be told when someone finds it, and lets the finder and the owner talk until the item is back. Tags are sold separately by our shop; using the web app costs nothing.',
    ],
  },
  {
    heading: 'Owners',
    paragraphs: [
      'Give us true details and keep your password to yourself. Use one tag per item and test it now and then. You can delete your account at any time in Account Settings.',
    ],
  },
  {
    heading: 'Finders',
    paragraphs: [
      'You do not need an account. Tell the owner only what you are happy to share. Never pay anyone or share codes to return an item, and meet in a public place.',
    ],
  },
  {
    heading: 'Fair use',
    paragraphs: [
      'Do not use Homeward to harass anyone, to send unwanted messages, or to try to reach data that is not yours. We may close chats or accounts that do.',
    ],
  },
  {
    heading: 'Our responsibility',
    paragraphs: [
      'We do our best to deliver every alert, but we cannot promise that a lost item will be found or returned. Nothing in these terms limits your rights as a consumer under UK law.',
      `Questions: ${CONTACT_EMAIL}. How we handle personal data is in our privacy notice.`,
    ],
  },
]
