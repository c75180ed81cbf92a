/**
 * "Download my data" as a page a person can read: one HTML file, opened in any browser
 * without a connection, with a section per kind of data (profile, items, reports,
 * conversations, ways back, alerts) in plain labels, the photos inside it, and the
 * same data as JSON at the end for another service to read.
 */

import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { translate } from '@/lib/i18n/runtime'
import type { MessageValues } from '@/lib/i18n/use-t'

type Row = Record<string, unknown>

/** A message's words in the page's language (the active catalog's, unless a caller gives its own). */
export type Translate = (id: MessageId, values?: MessageValues) => string

/** Photos inside the file: object name → data: URL (a photo that could not be fetched is missing). */
export type ExportPhotos = ReadonlyMap<string, string>

/** The sections of export_my_data(), in the order and words the page shows them. */
export const EXPORT_SECTIONS = [
  {
    key: 'profile',
    title: msgId('account.export.section.profile.title'),
    about: msgId('account.export.section.profile.about'),
  },
  {
    key: 'items',
    title: msgId('account.export.section.items.title'),
    about: msgId('account.export.section.items.about'),
  },
  {
    key: 'reports_about_your_items',
    title: msgId('account.export.section.reportsAboutYourItems.title'),
    about: msgId('account.export.section.reportsAboutYourItems.about'),
  },
  {
    key: 'reports_you_made',
    title: msgId('account.export.section.reportsYouMade.title'),
    about: msgId('account.export.section.reportsYouMade.about'),
  },
  {
    key: 'chats',
    title: msgId('account.export.section.chats.title'),
    about: msgId('account.export.section.chats.about'),
  },
  {
    key: 'messages',
    title: msgId('account.export.section.messages.title'),
    about: msgId('account.export.section.messages.about'),
  },
  {
    key: 'ways_back',
    title: msgId('account.export.section.waysBack.title'),
    about: msgId('account.export.section.waysBack.about'),
  },
  {
    key: 'alerts_sent_to_you',
    title: msgId('account.export.section.alertsSentToYou.title'),
    about: msgId('account.export.section.alertsSentToYou.about'),
  },
  {
    key: 'devices',
    title: msgId('account.export.section.devices.title'),
    about: msgId('account.export.section.devices.about'),
  },
  {
    key: 'finders_you_blocked',
    title: msgId('account.export.section.findersYouBlocked.title'),
    about: msgId('account.export.section.findersYouBlocked.about'),
  },
] as const

/** Plain labels for the fields people know; any other field shows its own name, spaced. */
const LABELS: Record<string, MessageId> = {
  full_name: msgId('account.export.label.fullName'),
  email: msgId('account.export.label.email'),
  dob: msgId('account.export.label.dob'),
  address: msgId('account.export.label.address'),
  county: msgId('account.export.label.county'),
  country: msgId('account.export.label.country'),
  mobile_number: msgId('account.export.label.mobileNumber'),
  name: msgId('account.export.label.name'),
  status: msgId('account.export.label.status'),
  lost_note: msgId('account.export.label.lostNote'),
  return_instructions: msgId('account.export.label.returnInstructions'),
  return_options: msgId('account.export.label.returnOptions'),
  photo_path: msgId('account.export.label.photoPath'),
  photo_paths: msgId('account.export.label.photoPaths'),
  finder_name: msgId('account.export.label.finderName'),
  finder_email: msgId('account.export.label.finderEmail'),
  finder_phone: msgId('account.export.label.finderPhone'),
  finder_address: msgId('account.export.label.finderAddress'),
  found_location: msgId('account.export.label.foundLocation'),
  found_latitude: msgId('account.export.label.foundLatitude'),
  found_longitude: msgId('account.export.label.foundLongitude'),
  body: msgId('account.export.label.body'),
  sender_role: msgId('account.export.label.senderRole'),
  created_at: msgId('account.export.label.createdAt'),
  updated_at: msgId('account.export.label.updatedAt'),
  sent_at: msgId('account.export.label.sentAt'),
  purge_after: msgId('account.export.label.purgeAfter'),
  channel: msgId('account.export.label.channel'),
  recipient: msgId('account.export.label.recipient'),
  template: msgId('account.export.label.template'),
  exported_at: msgId('account.export.label.exportedAt'),
  browser: msgId('account.export.label.browser'),
  last_used_at: msgId('account.export.label.lastUsedAt'),
  lifted_at: msgId('account.export.label.liftedAt'),
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

// A field without a label is named by its own (English) column name: data, not a message.
const labelOf = (key: string, t: Translate) => {
  const label = LABELS[key]
  return label ? t(label) : key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
}

const isTime = (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)

function formatTime(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })
}

function photoHtml(path: string, photos: ExportPhotos, t: Translate): string {
  const source = photos.get(path)
  if (!source)
    return `<p class="muted">${escapeHtml(t('account.export.photoMissing', { path }))}</p>`
  return `<img src="${escapeHtml(source)}" alt="${escapeHtml(t('account.export.photoAlt', { path }))}">`
}

function valueHtml(key: string, value: unknown, photos: ExportPhotos, t: Translate): string {
  if (value === null || value === undefined || value === '') return '<span class="muted">—</span>'
  if (key === 'photo_path' && typeof value === 'string') return photoHtml(value, photos, t)
  if (key === 'photo_paths' && Array.isArray(value)) {
    return value.length === 0
      ? `<span class="muted">${escapeHtml(t('account.export.none'))}</span>`
      : value.map((path) => photoHtml(String(path), photos, t)).join('')
  }
  if (typeof value === 'string') return escapeHtml(isTime(value) ? formatTime(value) : value)
  if (typeof value === 'number' || typeof value === 'boolean') return escapeHtml(String(value))
  if (Array.isArray(value) && value.every((each) => typeof each === 'string')) {
    return escapeHtml(value.join(', ') || t('account.export.none'))
  }
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`
}

function recordHtml(row: Row, photos: ExportPhotos, t: Translate): string {
  const fields = Object.entries(row)
    .map(
      ([key, value]) =>
        `<dt>${escapeHtml(labelOf(key, t))}</dt><dd>${valueHtml(key, value, photos, t)}</dd>`,
    )
    .join('')
  return `<dl>${fields}</dl>`
}

function sectionHtml(
  section: (typeof EXPORT_SECTIONS)[number],
  value: unknown,
  photos: ExportPhotos,
  t: Translate,
): string {
  const rows: Row[] = Array.isArray(value)
    ? (value as Row[])
    : value && typeof value === 'object'
      ? [value as Row]
      : []
  const body =
    rows.length === 0
      ? `<p class="muted">${escapeHtml(t('account.export.nothingHeld'))}</p>`
      : rows.map((row) => `<article>${recordHtml(row, photos, t)}</article>`).join('')
  const heading = t('account.export.sectionHeading', {
    title: t(section.title),
    count: rows.length,
  })
  return `<section aria-labelledby="${section.key}"><h2 id="${section.key}">${escapeHtml(heading)}</h2><p>${escapeHtml(t(section.about))}</p>${body}</section>`
}

/** Every photo the export names: item photos and the photos in messages. */
export function photosIn(data: unknown): { bucket: 'item-photos' | 'chat-photos'; path: string }[] {
  const document_ = (data ?? {}) as Row
  const items = Array.isArray(document_.items) ? (document_.items as Row[]) : []
  const messages = Array.isArray(document_.messages) ? (document_.messages as Row[]) : []
  return [
    ...items.flatMap((item) =>
      typeof item.photo_path === 'string'
        ? [{ bucket: 'item-photos' as const, path: item.photo_path }]
        : [],
    ),
    ...messages.flatMap((message) =>
      Array.isArray(message.photo_paths)
        ? message.photo_paths.map((path) => ({
            bucket: 'chat-photos' as const,
            path: String(path),
          }))
        : [],
    ),
  ]
}

/** The whole file, in `t`'s words. */
export function exportPage(
  data: unknown,
  photos: ExportPhotos = new Map(),
  t: Translate = translate,
): string {
  const document_ = (data ?? {}) as Row
  const made = typeof document_.exported_at === 'string' ? formatTime(document_.exported_at) : ''
  const sections = EXPORT_SECTIONS.map((section) =>
    sectionHtml(section, document_[section.key], photos, t),
  ).join('')
  const title = escapeHtml(t('account.export.title'))
  const intro = made ? t('account.export.introAt', { made }) : t('account.export.intro')
  // In a <script> element, "</" would end it early: written as "<\/".
  const json = JSON.stringify(data, null, 2).replace(/<\//g, '<\\/')
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.45;max-width:50rem;margin:1rem auto;padding:0 1rem;color:#1a202c}
h1{color:#1E889C}h2{margin-top:2rem;border-bottom:2px solid #1E889C}article{border:1px solid #ddd;border-radius:4px;padding:.5rem 1rem;margin:.75rem 0}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
img{max-width:100%;max-height:20rem;display:block;margin:.25rem 0}pre{white-space:pre-wrap;margin:0}.muted{color:#666}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}}</style>
</head><body>
<h1>${title}</h1>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(t('account.export.howToRead'))}</p>
<nav aria-label="${escapeHtml(t('account.export.sections'))}"><ul>${EXPORT_SECTIONS.map((section) => `<li><a href="#${section.key}">${escapeHtml(t(section.title))}</a></li>`).join('')}</ul></nav>
${sections}
<script type="application/json" id="homeward-data">${json}</script>
</body></html>
`
}
