import { CONTACT_EMAIL } from '@/lib/contact'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { paths } from '@/lib/paths'

export { CONTACT_EMAIL }

/**
 * The FAQ of /faq (SPEC.md §2 groups), as the owner's catalog messages
 * (src/locales/owner/en/marketing.json). The answers state every FAQ fact of
 * SPEC.md §1 and §9 and the privacy promise of DESIGN.md; `{email}` in a message
 * is CONTACT_EMAIL.
 */

export type FaqEntry = {
  question: MessageId
  answer: MessageId
  link?: { href: string; label: MessageId }
}

export type FaqGroup = { title: MessageId; entries: FaqEntry[] }

/** The values the FAQ's messages take. */
export const FAQ_VALUES = { email: CONTACT_EMAIL } as const

export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: msgId('marketing.faq.about.title'),
    entries: [
      {
        question: msgId('marketing.faq.about.what.question'),
        answer: msgId('marketing.faq.about.what.answer'),
      },
      {
        question: msgId('marketing.faq.about.start.question'),
        answer: msgId('marketing.faq.about.start.answer'),
      },
    ],
  },
  {
    title: msgId('marketing.faq.product.title'),
    entries: [
      {
        question: msgId('marketing.faq.product.battery.question'),
        answer: msgId('marketing.faq.product.battery.answer'),
      },
      {
        question: msgId('marketing.faq.product.oneTag.question'),
        answer: msgId('marketing.faq.product.oneTag.answer'),
      },
      {
        question: msgId('marketing.faq.product.lifetime.question'),
        answer: msgId('marketing.faq.product.lifetime.answer'),
      },
      {
        question: msgId('marketing.faq.product.delivery.question'),
        answer: msgId('marketing.faq.product.delivery.answer'),
      },
    ],
  },
  {
    title: msgId('marketing.faq.data.title'),
    entries: [
      {
        question: msgId('marketing.faq.data.kept.question'),
        answer: msgId('marketing.faq.data.kept.answer'),
      },
      {
        question: msgId('marketing.faq.data.finderDetails.question'),
        answer: msgId('marketing.faq.data.finderDetails.answer'),
      },
      {
        question: msgId('marketing.faq.data.close.question'),
        answer: msgId('marketing.faq.data.close.answer'),
      },
    ],
  },
  {
    title: msgId('marketing.faq.security.title'),
    entries: [
      {
        question: msgId('marketing.faq.security.finderSees.question'),
        answer: msgId('marketing.faq.security.finderSees.answer'),
      },
      {
        question: msgId('marketing.faq.security.claim.question'),
        answer: msgId('marketing.faq.security.claim.answer'),
      },
      {
        question: msgId('marketing.faq.security.chat.question'),
        answer: msgId('marketing.faq.security.chat.answer'),
      },
    ],
  },
  {
    title: msgId('marketing.faq.use.title'),
    entries: [
      {
        question: msgId('marketing.faq.use.activate.question'),
        answer: msgId('marketing.faq.use.activate.answer'),
      },
      {
        question: msgId('marketing.faq.use.lost.question'),
        answer: msgId('marketing.faq.use.lost.answer'),
      },
      {
        question: msgId('marketing.faq.use.test.question'),
        answer: msgId('marketing.faq.use.test.answer'),
      },
    ],
  },
  {
    title: msgId('marketing.faq.scan.title'),
    entries: [
      {
        question: msgId('marketing.faq.scan.how.question'),
        answer: msgId('marketing.faq.scan.how.answer'),
        link: { href: paths.howToScan, label: msgId('marketing.faq.scan.how.link') },
      },
    ],
  },
  {
    title: msgId('marketing.faq.refunds.title'),
    entries: [
      {
        question: msgId('marketing.faq.refunds.how.question'),
        answer: msgId('marketing.faq.refunds.how.answer'),
      },
    ],
  },
  {
    title: msgId('marketing.faq.contact.title'),
    entries: [
      {
        question: msgId('marketing.faq.contact.reach.question'),
        answer: msgId('marketing.faq.contact.reach.answer'),
        link: { href: `mailto:${CONTACT_EMAIL}`, label: msgId('marketing.faq.contact.reach.link') },
      },
    ],
  },
]
