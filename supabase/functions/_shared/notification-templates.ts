/**
 * What each outbox row says: the owner's text message (one segment where
 * possible) and the HTML e-mails with their plain-text parts. Pure functions
 * of the row's payload, so every attempt renders the same bytes (the SMS is
 * looked up at the provider by its body; the e-mail's idempotency key expects
 * the same request).
 */
import { FINDER_EMAILS } from './finder-emails/catalogs.ts'
import { en } from './finder-emails/en.ts'
import { fill, type FinderEmailMessages, plural } from './finder-emails/messages.ts'
import { finderLanguage, finderWritesIn } from './finder-language.ts'
import { RETENTION_DAYS } from './retention.generated.ts'

export type Template =
  | 'found_sms'
  | 'owner_found_email'
  | 'finder_thanks_email'
  | 'finder_new_link_email'
  | 'reminder_sms'
  | 'reminder_email'
  | 'finder_returned_email'
  | 'account_deleted_email'
  | 'chat_closed_email'
  | 'mobile_code_sms'
  | 'found_push'
  | 'message_push'

export type RenderableRow = {
  dedupe_key: string
  template: Template
  recipient: string
  payload: Record<string, unknown>
}

export type RenderedEmail = {
  to: string
  subject: string
  html: string
  text: string
  idempotencyKey: string
}

/** The specification's words; every text message starts with them. */
export const SMS_OPENING = 'Your item was found!'
export const BRAND = 'Homeward'
const BRAND_COLOUR = '#1E889C'

/**
 * The same sentence as the finder's form (src/features/found/privacy.ts), in the
 * finder's language; SQL's purge_finder_data enforces it, from the same retention periods.
 */
function finderPromise(words: FinderEmailMessages): string {
  const days = (count: number) => plural(words.days, count, words.htmlLang)
  return fill(words.promise, {
    afterFound: days(RETENTION_DAYS.finder_details_after_found),
    afterReport: days(RETENTION_DAYS.finder_details_after_report),
  })
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

// The deletion date as the chat shows it (src/features/chat/closure.ts): a UK date.
const DELETION_DATE = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeZone: 'Europe/London',
})

/** '3 December 2026' from an ISO time (in the finder's language when given), or '' when there is none. */
export function formatDeletionDate(iso: string, words: FinderEmailMessages = en): string {
  const time = iso ? Date.parse(iso) : Number.NaN
  if (Number.isNaN(time)) return ''
  if (words === en) return DELETION_DATE.format(new Date(time))
  const months = words.monthNames
  if (months) {
    const parts = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).formatToParts(new Date(time))
    const part = (type: string) => parts.find((each) => each.type === type)?.value ?? ''
    return `${Number(part('day'))} ${months[Number(part('month')) - 1] ?? ''} ${part('year')}`
  }
  return new Intl.DateTimeFormat(words.htmlLang, {
    dateStyle: 'long',
    timeZone: 'Europe/London',
  }).format(new Date(time))
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character)
}

function field(payload: Record<string, unknown>, name: string): string {
  const value = payload[name]
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : ''
}

/** The owner's link: the chat without any capability (the owner signs in). */
export function ownerChatUrl(payload: Record<string, unknown>): string {
  return field(payload, 'owner_chat_url') || (field(payload, 'chat_url').split('#')[0] ?? '')
}

/** The owner's e-mail link (the chat link of the report, or the owner's own when given). */
function ownerEmailUrl(payload: Record<string, unknown>): string {
  return field(payload, 'owner_chat_url') || field(payload, 'chat_url')
}

function finderChatUrl(payload: Record<string, unknown>): string {
  return field(payload, 'finder_chat_url') || field(payload, 'chat_url')
}

/**
 * The finder's "Delete my details now" link: their own chat link (the invite token
 * in its fragment is what lets them in, as for the chat) with `delete=my-details`
 * in the query, which opens the chat with the deletion's confirmation showing
 * (src/features/chat/chat-link.ts reads it). Opening it deletes nothing by itself.
 * '' when the row holds no finder link with a token.
 */
export function finderDeleteDetailsUrl(payload: Record<string, unknown>): string {
  const url = finderChatUrl(payload)
  const hash = url.indexOf('#token=')
  if (hash < 0 || !url.includes('?chatId=')) return ''
  return `${url.slice(0, hash)}&delete=my-details${url.slice(hash)}`
}

// GSM 03.38: characters of one septet, and those of the extension table (two).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
const GSM_EXTENDED = '^{}\\[~]|€\f'

/** Segments a text message needs: GSM-7 (160 septets) or, with any other character, UCS-2 (70). */
export function smsSegments(body: string): number {
  let septets = 0
  let gsm = true
  for (const character of body) {
    if (GSM_BASIC.includes(character)) septets += 1
    else if (GSM_EXTENDED.includes(character)) septets += 2
    else {
      gsm = false
      break
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153)
  const units = body.length
  return units <= 70 ? 1 : Math.ceil(units / 67)
}

/**
 * The alert: 'Your item was found! <item>. Chat with the finder: <owner link> Ref <reference>',
 * with 'The finder writes in Polish.' before 'Chat with the finder' when the finder does
 * not write in English.
 * The reminder (the owner has not opened the report yet) does not announce the find
 * again: 'Reminder: the finder of your <item> is waiting: <owner link> Ref <reference>'.
 * The item's name is shortened (or left out) when that keeps the message to one
 * segment. The reference lets the look-up find this very SMS (notifications.ts).
 */
export function renderSms(row: RenderableRow, reference: string): string {
  const payload = row.payload
  if (row.template === 'mobile_code_sms') return mobileCodeSms(payload, reference)
  const url = ownerChatUrl(payload)
  const ref = `Ref ${reference}`
  // After the specification's words, when the finder does not write in English.
  const writesIn = finderWritesIn(payload.finder_language)
  const language = writesIn ? `${writesIn} ` : ''
  const compose =
    row.template === 'reminder_sms'
      ? (name: string) => `Reminder: the finder of your ${name || 'item'} is waiting: ${url} ${ref}`
      : (name: string) =>
          name
            ? `${SMS_OPENING} ${name}. ${language}Chat with the finder: ${url} ${ref}`
            : `${SMS_OPENING} ${language}Chat with the finder: ${url} ${ref}`
  const name = field(payload, 'item_name')
  const full = compose(name)
  if (smsSegments(full) === 1 || !name) return full
  const characters = [...name]
  for (let keep = characters.length - 1; keep > 0; keep -= 1) {
    const shortened = compose(`${characters.slice(0, keep).join('').trimEnd()}...`)
    if (smsSegments(shortened) === 1) return shortened
  }
  const without = compose('')
  return smsSegments(without) === 1 ? without : full
}

/**
 * The code that verifies the owner's number (send_mobile_code): 'Your Homeward code
 * is 123456. Enter it on your dashboard within 10 minutes. Never share it. Ref …'.
 * Not an alert, so it does not open with the spec's words.
 */
function mobileCodeSms(payload: Record<string, unknown>, reference: string): string {
  const code = field(payload, 'code')
  const minutes = typeof payload.valid_minutes === 'number' ? payload.valid_minutes : 10
  return `Your ${BRAND} code is ${code}. Enter it on your dashboard within ${minutes} minutes. Never share it. Ref ${reference}`
}

type Section = {
  preheader: string
  heading: string
  intro: string
  rows: Array<[string, string]>
  /** The call to action; none when there is nowhere useful to go. */
  button: { label: string; url: string } | null
  after: string[]
  /** A quieter link under the text (the finder's "Delete my details now"). */
  footLink?: { label: string; url: string } | null
}

/** The frame's own words and direction: the owner's are English, the finder's in their language. */
type Frame = Pick<FinderEmailMessages, 'htmlLang' | 'dir' | 'orOpenLink' | 'tagline'>

function layout(section: Section, frame: Frame = en): { html: string; text: string } {
  const rows = section.rows.filter(([, value]) => value !== '')
  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#5f6b73;font-size:14px;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;color:#1a202c;font-size:15px;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const details = rows.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">${tableRows}</table>`
    : ''
  const button = section.button
  const url = button ? escapeHtml(button.url) : ''
  const html =
    `<!doctype html><html lang="${escapeHtml(frame.htmlLang)}"${frame.dir === 'rtl' ? ' dir="rtl"' : ''}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(section.heading)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f1ea;font-family:Inter,Arial,Helvetica,sans-serif">` +
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(section.preheader)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ea"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:4px">` +
    `<tr><td style="background:${BRAND_COLOUR};padding:16px 24px;border-radius:4px 4px 0 0;color:#ffffff;font-size:20px;font-weight:700">${BRAND}</td></tr>` +
    `<tr><td style="padding:24px">` +
    `<h1 style="margin:0 0 12px;font-size:22px;color:#1a202c">${escapeHtml(section.heading)}</h1>` +
    `<p style="margin:0 0 8px;font-size:16px;line-height:1.5;color:#1a202c">${section.intro}</p>` +
    details +
    (button
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:20px 0"><tr><td style="background:${BRAND_COLOUR};border-radius:4px">` +
        `<a href="${url}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">${escapeHtml(button.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#5f6b73">${escapeHtml(frame.orOpenLink)} <a href="${url}" style="color:${BRAND_COLOUR}">${url}</a></p>`
      : '') +
    section.after
      .map(
        (line) => `<p style="margin:0 0 8px;font-size:13px;color:#5f6b73">${escapeHtml(line)}</p>`,
      )
      .join('') +
    (section.footLink
      ? `<p style="margin:0 0 8px;font-size:13px;color:#5f6b73"><a href="${escapeHtml(section.footLink.url)}" style="color:${BRAND_COLOUR}">${escapeHtml(section.footLink.label)}</a></p>`
      : '') +
    `</td></tr></table>` +
    `<p style="font-size:12px;color:#5f6b73;margin:16px 0 0">${BRAND} · ${escapeHtml(frame.tagline)}</p>` +
    `</td></tr></table></body></html>`
  const text = [
    section.heading,
    '',
    stripTags(section.intro),
    ...(rows.length ? ['', ...rows.map(([label, value]) => `${label}: ${value}`)] : []),
    ...(button ? ['', `${button.label}: ${button.url}`] : []),
    ...(section.after.length ? ['', ...section.after] : []),
    ...(section.footLink ? ['', `${section.footLink.label}: ${section.footLink.url}`] : []),
    '',
    `— ${BRAND}`,
    '',
  ].join('\n')
  return { html, text }
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

function finderRows(payload: Record<string, unknown>): Array<[string, string]> {
  return [
    ['Name', field(payload, 'finder_name')],
    ['Email', field(payload, 'finder_email')],
    ['Phone number', field(payload, 'finder_phone')],
    ['Address', field(payload, 'finder_address')],
    ['Where it was found', field(payload, 'found_location')],
  ]
}

/** The finder's link to delete their details at once, when their chat link allows it. */
function deleteDetailsLink(
  payload: Record<string, unknown>,
  words: FinderEmailMessages,
): Section['footLink'] {
  const url = finderDeleteDetailsUrl(payload)
  return url ? { label: words.deleteMyDetails, url } : null
}

/** The button's words in the finder's chat (src/features/chat/components/finder-forget.tsx). */
export const DELETE_MY_DETAILS = en.deleteMyDetails

/** The catalog of the finder's language (the report's, stamped on the row by SQL). */
function finderWords(payload: Record<string, unknown>): FinderEmailMessages {
  return FINDER_EMAILS[finderLanguage(payload.finder_language)]
}

/**
 * A finder message with the item in it: as plain text, and as HTML with the item
 * in bold. Without an item name, the catalog's fallback (which may be nothing).
 */
function withItem(
  words: FinderEmailMessages,
  message: string,
  itemName: string,
  values: Record<string, string> = {},
) {
  const item = itemName ? fill(words.item, { name: itemName }) : words.itemFallback
  const tidy = (text: string) => text.replace(/ {2,}/g, ' ').trim()
  const text = tidy(fill(message, { ...values, item }))
  const html = tidy(
    fill(escapeHtml(message), {
      ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escapeHtml(value)])),
      item: item ? `<strong>${escapeHtml(item)}</strong>` : '',
    }),
  )
  return { text, html }
}

export function renderEmail(row: RenderableRow): RenderedEmail {
  const payload = row.payload
  const envelope = { to: row.recipient, idempotencyKey: row.dedupe_key }
  if (row.template === 'owner_found_email' || row.template === 'reminder_email') {
    return { ...envelope, ...ownerEmail(payload, row.template === 'reminder_email') }
  }
  if (row.template === 'account_deleted_email') {
    const body = layout({
      preheader: 'Your Homeward account has been deleted.',
      heading: 'Your account has been deleted',
      intro:
        'As you asked, we deleted your Homeward account: your details, items, messages and alerts. Your tags no longer work, and the finders you were talking to were told.',
      rows: [],
      button: null,
      after: [
        'We keep nothing else about you: once this e-mail is sent, we delete your address too.',
      ],
    })
    return { ...envelope, subject: 'Your Homeward account has been deleted', ...body }
  }
  return { ...envelope, ...finderEmail(row.template, payload) }
}

/** The owner's alert (or its reminder), in English, saying which language the finder writes in. */
function ownerEmail(payload: Record<string, unknown>, reminder: boolean) {
  const itemName = field(payload, 'item_name') || 'your item'
  const item = `<strong>${escapeHtml(itemName)}</strong>`
  const writesIn = finderWritesIn(payload.finder_language)
  const body = layout({
    preheader: `Someone found ${itemName}. Reply to them in the chat.`,
    heading: reminder ? 'Reminder: your item was found!' : 'Your item was found!',
    intro: reminder
      ? `Someone found ${item} and is waiting to hear from you.`
      : `Someone found ${item}. Here is what they told us:`,
    rows: reminder ? [] : finderRows(payload),
    button: { label: 'Open the chat', url: ownerEmailUrl(payload) },
    // After the specification's words: the owner can use their browser's translation.
    after: [
      ...(writesIn ? [`${writesIn} Your browser can translate their messages in the chat.`] : []),
      'Only you and the finder can read the chat.',
    ],
  })
  const subject = reminder
    ? `Reminder: your item was found: ${itemName}`
    : `Your item was found: ${itemName}`
  return { subject, ...body }
}

/** An e-mail to the finder, in their language (the report's). */
function finderEmail(template: Template, payload: Record<string, unknown>) {
  const words = finderWords(payload)
  const itemName = field(payload, 'item_name')
  const finderName = field(payload, 'finder_name')
  const heading = finderName
    ? fill(words.thanksHeadingNamed, { name: finderName })
    : words.thanksHeading
  const plain = (message: string) => withItem(words, message, itemName).text
  const intro = (message: string) => withItem(words, message, itemName).html
  if (template === 'finder_returned_email') {
    // mark_item_returned: the item is home and the finder's conversation closed.
    const deletedOn = formatDeletionDate(field(payload, 'finder_details_deleted_on'), words)
    const body = layout(
      {
        preheader: plain(words.returnedPreheader),
        heading,
        intro: intro(words.returnedIntro),
        rows: [],
        button: null,
        after: [
          deletedOn
            ? fill(words.returnedDeletedOn, { date: deletedOn })
            : words.returnedDeletedSoon,
        ],
      },
      words,
    )
    return { subject: plain(words.returnedSubject), ...body }
  }
  if (template === 'chat_closed_email') {
    const body = layout(
      {
        preheader: words.closedPreheader,
        heading: words.closedHeading,
        intro: intro(words.closedIntro),
        rows: [],
        button: null,
        after: [words.closedAfter],
      },
      words,
    )
    return { subject: words.closedSubject, ...body }
  }
  if (template === 'finder_new_link_email') {
    // "Send me a new link" (request_chat_link): the old link no longer works.
    const body = layout(
      {
        preheader: words.newLinkPreheader,
        heading: words.newLinkHeading,
        intro: intro(words.newLinkIntro),
        rows: [],
        button: { label: words.openChat, url: finderChatUrl(payload) },
        after: [],
        footLink: deleteDetailsLink(payload, words),
      },
      words,
    )
    return { subject: words.newLinkSubject, ...body }
  }
  const body = layout(
    {
      preheader: words.reportPreheader,
      heading,
      intro: intro(words.reportIntro),
      rows: [[words.whereFound, field(payload, 'found_location')]],
      button: { label: words.openChat, url: finderChatUrl(payload) },
      after: [finderPromise(words)],
      footLink: deleteDetailsLink(payload, words),
    },
    words,
  )
  return { subject: words.reportSubject, ...body }
}

/** What a device shows for a push: the item and what happened, never a finder's details. */
export type RenderedPush = { title: string; body: string; url: string; tag: string }

/**
 * The lock screen's words for a push row ('found_push': a report;
 * 'message_push': a finder's message, coalesced in SQL), tapping opens the
 * owner's chat. The tag is the chat's, so a newer push replaces an older one.
 */
export function renderPush(row: RenderableRow): RenderedPush {
  const item = field(row.payload, 'item_name') || 'item'
  const chat = field(row.payload, 'chat_id')
  const writesIn = finderWritesIn(row.payload.finder_language)
  const body =
    row.template === 'message_push'
      ? `New message about your ${item}`
      : `Someone found your ${item}${writesIn ? `. ${writesIn}` : ''}`
  return { title: BRAND, body, url: ownerChatUrl(row.payload), tag: `chat:${chat}` }
}
