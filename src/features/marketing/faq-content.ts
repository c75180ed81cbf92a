import { CONTACT_EMAIL } from '@/lib/contact'
import { paths } from '@/lib/paths'

export { CONTACT_EMAIL }

/**
 * The FAQ of /faq (SPEC.md §2 groups). The answers state every FAQ fact of
 * SPEC.md §1 and §9 and the privacy promise of DESIGN.md.
 */

export type FaqEntry = {
  question: string
  answer: string
  link?: { href: string; label: string }
}

export type FaqGroup = { title: string; entries: FaqEntry[] }

export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: 'About us',
    entries: [
      {
        question: 'What is Homeward?',
        answer:
          'Homeward is a UK-based lost-and-found service for personal items. You stick a Homeward NFC tag on an item; whoever finds it scans the tag and tells you where it is, and the two of you can talk in a private web chat until it is back with you.',
      },
      {
        question: 'How did Homeward start?',
        answer:
          'Our first tags were pre-ordered by the supporters of our crowdfunding campaign. Tags are sold in our separate online shop, and there are no subscriptions: you pay once for the tag.',
      },
    ],
  },
  {
    title: 'Questions about the Product',
    entries: [
      {
        question: 'Does the tag need a battery or use GPS?',
        answer:
          'No. The tag has no battery and no GPS: it is a passive, waterproof NFC tag that wakes up only when a phone touches it. It never needs charging and it cannot track where you are.',
      },
      {
        question: 'Can one tag protect several items?',
        answer: 'No: one tag per item. Each tag is linked to one item on your dashboard.',
      },
      {
        question: 'How long does a tag last?',
        answer:
          'Replace the tag every 5 years on something that moves about a lot, such as a cased mobile phone, or every 10 years on an item that is not moved much. We recommend you test your tags monthly by scanning them with your phone.',
      },
      {
        question: 'How are orders delivered?',
        answer: 'Orders ship by tracked post, so you can follow your parcel until it arrives.',
      },
    ],
  },
  {
    title: 'Questions about my data/account',
    entries: [
      {
        question: 'What do you keep about me?',
        answer:
          'Your name, e-mail address, mobile number, date of birth and address, and the items you have tagged. You can change your details at any time in Account Settings.',
      },
      {
        question: 'What happens to the details a finder gives?',
        answer:
          "A finder's name, contact details and where they found your item are deleted once the item is returned (marked FOUND), after a short grace period, or after 30 days if it is not.",
      },
      {
        question: 'How do I close my account?',
        answer:
          'E-mail us from the address you registered with and we will delete your account and data.',
      },
    ],
  },
  {
    title: 'Questions about my security',
    entries: [
      {
        question: 'Can a finder see my address or phone number?',
        answer:
          "No. A finder only sees that the tag is registered. Your details stay private; you decide what to share in the chat. Text messages and e-mails are sent from our servers, never from the finder's browser.",
      },
      {
        question: 'Can someone else claim my tag?',
        answer:
          'A tag can only be activated with its secret activation code, which we store scrambled. Repeated wrong guesses are blocked.',
      },
      {
        question: 'Who can read our chat?',
        answer:
          'Only you and the finder. The chat link we send is private, hard to guess, and expires.',
      },
    ],
  },
  {
    title: 'Questions about how to use',
    entries: [
      {
        question: 'How do I activate a tag?',
        answer:
          'Sign in, choose Activate a Tag, and enter the TAG ID and ACTIVATION CODE printed on the card that came with your tag, then name your item.',
      },
      {
        question: 'What do I do when I lose something?',
        answer:
          'Open your dashboard and mark the item LOST. As soon as someone scans its tag and reports it, we e-mail you and, if you gave us a mobile number, send you a text message.',
      },
      {
        question: 'How do I test my tag?',
        answer:
          'Once a month, tap the tag with your phone: it should open the Homeward page for your item. If it does not, replace the tag.',
      },
    ],
  },
  {
    title: 'Questions about how to scan',
    entries: [
      {
        question: 'How do I scan a tag?',
        answer:
          'Hold the top of an iPhone, or the middle of the back of an Android phone, against the tag for a second. On Android, NFC must be switched on in Settings. If your phone cannot read NFC, type the code printed on the tag instead.',
        link: { href: paths.howToScan, label: 'How to scan a tag' },
      },
    ],
  },
  {
    title: 'Refunds',
    entries: [
      {
        question: 'How do I get a refund?',
        answer:
          'Refunds are handled by e-mail: write to us with your order number. A refund deactivates the tags of that order, so they no longer lead to you.',
      },
    ],
  },
  {
    title: 'How to contact us',
    entries: [
      {
        question: 'How can I reach you?',
        answer: `E-mail us at ${CONTACT_EMAIL}.`,
        link: { href: `mailto:${CONTACT_EMAIL}`, label: `E-mail ${CONTACT_EMAIL}` },
      },
    ],
  },
]
