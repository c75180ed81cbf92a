/**
 * "Download my data" as a page a person can read: one HTML file, opened in any browser
 * without a connection, with a section per kind of data (profile, items, reports,
 * conversations, ways back, alerts) in plain labels, the photos inside it, and the
 * same data as JSON at the end for another service to read.
 */

type Row = Record<string, unknown>

/** Photos inside the file: object name → data: URL (a photo that could not be fetched is missing). */
export type ExportPhotos = ReadonlyMap<string, string>

/** The sections of export_my_data(), in the order and words the page shows them. */
export const EXPORT_SECTIONS = [
  {
    key: 'profile',
    title: 'Your profile',
    about: 'What you gave us when you registered, as it is now.',
  },
  {
    key: 'items',
    title: 'Your items',
    about: 'Each tagged item, with its status, lost-mode note and photo.',
  },
  {
    key: 'reports_about_your_items',
    title: 'Reports about your items',
    about:
      'What finders told us when they found one of your items (deleted on the schedule in our privacy notice).',
  },
  {
    key: 'reports_you_made',
    title: 'Reports you made as a finder',
    about: 'Items you reported finding from this account.',
  },
  { key: 'chats', title: 'Your conversations', about: 'Each conversation about a found item.' },
  {
    key: 'messages',
    title: 'Messages',
    about: 'Every message in your conversations, oldest first, with its photos.',
  },
  {
    key: 'ways_back',
    title: 'Ways back',
    about: 'How each item was to come home: meeting, handing in or posting.',
  },
  {
    key: 'alerts_sent_to_you',
    title: 'Alerts we sent you',
    about: 'The e-mails and text messages that told you about a found item.',
  },
  {
    key: 'devices',
    title: 'Devices with notifications',
    about: 'Each browser you turned notifications on for, and when it was last reached.',
  },
  {
    key: 'finders_you_blocked',
    title: 'Finders you blocked',
    about: 'Finders you stopped from writing to you about an item (and when you undid it).',
  },
] as const

/** Plain labels for the fields people know; any other field shows its own name, spaced. */
const LABELS: Record<string, string> = {
  full_name: 'Full name',
  email: 'E-mail',
  dob: 'Date of birth',
  address: 'Address',
  county: 'County',
  country: 'Country',
  mobile_number: 'Mobile number',
  name: 'Name',
  status: 'Status',
  lost_note: 'Lost-mode note',
  return_instructions: 'Return instructions',
  return_options: 'Ways back you accept',
  photo_path: 'Photo',
  photo_paths: 'Photos',
  finder_name: "Finder's name",
  finder_email: "Finder's e-mail",
  finder_phone: "Finder's phone number",
  finder_address: "Finder's address",
  found_location: 'Where it was found',
  found_latitude: 'Found at (latitude)',
  found_longitude: 'Found at (longitude)',
  body: 'Message',
  sender_role: 'From',
  created_at: 'Created',
  updated_at: 'Last changed',
  sent_at: 'Sent',
  purge_after: 'Deleted after',
  channel: 'Sent by',
  recipient: 'Sent to',
  template: 'Which alert',
  exported_at: 'Made',
  browser: 'Browser',
  last_used_at: 'Last reached',
  lifted_at: 'Undone',
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

const labelOf = (key: string) =>
  LABELS[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())

const isTime = (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)

function formatTime(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })
}

function photoHtml(path: string, photos: ExportPhotos): string {
  const source = photos.get(path)
  if (!source)
    return `<p class="muted">A photo (${escapeHtml(path)}) that could not be included.</p>`
  return `<img src="${escapeHtml(source)}" alt="Photo ${escapeHtml(path)}">`
}

function valueHtml(key: string, value: unknown, photos: ExportPhotos): string {
  if (value === null || value === undefined || value === '') return '<span class="muted">—</span>'
  if (key === 'photo_path' && typeof value === 'string') return photoHtml(value, photos)
  if (key === 'photo_paths' && Array.isArray(value)) {
    return value.length === 0
      ? '<span class="muted">none</span>'
      : value.map((path) => photoHtml(String(path), photos)).join('')
  }
  if (typeof value === 'string') return escapeHtml(isTime(value) ? formatTime(value) : value)
  if (typeof value === 'number' || typeof value === 'boolean') return escapeHtml(String(value))
  if (Array.isArray(value) && value.every((each) => typeof each === 'string')) {
    return escapeHtml(value.join(', ') || 'none')
  }
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`
}

function recordHtml(row: Row, photos: ExportPhotos): string {
  const fields = Object.entries(row)
    .map(
      ([key, value]) =>
        `<dt>${escapeHtml(labelOf(key))}</dt><dd>${valueHtml(key, value, photos)}</dd>`,
    )
    .join('')
  return `<dl>${fields}</dl>`
}

function sectionHtml(
  section: (typeof EXPORT_SECTIONS)[number],
  value: unknown,
  photos: ExportPhotos,
): string {
  const rows: Row[] = Array.isArray(value)
    ? (value as Row[])
    : value && typeof value === 'object'
      ? [value as Row]
      : []
  const body =
    rows.length === 0
      ? '<p class="muted">Nothing held.</p>'
      : rows.map((row) => `<article>${recordHtml(row, photos)}</article>`).join('')
  return `<section aria-labelledby="${section.key}"><h2 id="${section.key}">${escapeHtml(section.title)} (${rows.length})</h2><p>${escapeHtml(section.about)}</p>${body}</section>`
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

/** The whole file. */
export function exportPage(data: unknown, photos: ExportPhotos = new Map()): string {
  const document_ = (data ?? {}) as Row
  const made = typeof document_.exported_at === 'string' ? formatTime(document_.exported_at) : ''
  const sections = EXPORT_SECTIONS.map((section) =>
    sectionHtml(section, document_[section.key], photos),
  ).join('')
  // In a <script> element, "</" would end it early: written as "<\/".
  const json = JSON.stringify(data, null, 2).replace(/<\//g, '<\\/')
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your Homeward data</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.45;max-width:50rem;margin:1rem auto;padding:0 1rem;color:#1a202c}
h1{color:#1E889C}h2{margin-top:2rem;border-bottom:2px solid #1E889C}article{border:1px solid #ddd;border-radius:4px;padding:.5rem 1rem;margin:.75rem 0}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
img{max-width:100%;max-height:20rem;display:block;margin:.25rem 0}pre{white-space:pre-wrap;margin:0}.muted{color:#666}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.4rem}}</style>
</head><body>
<h1>Your Homeward data</h1>
<p>Everything Homeward holds about you${made ? `, as it was on ${escapeHtml(made)}` : ''}. Keep this file safe: it holds your personal details, and those of finders who wrote to you.</p>
<p>Each section below is one kind of data. Photos are inside this file. The same data, for another service to read, is at the end of this file's source as JSON (the element with the id homeward-data).</p>
<nav aria-label="Sections"><ul>${EXPORT_SECTIONS.map((section) => `<li><a href="#${section.key}">${escapeHtml(section.title)}</a></li>`).join('')}</ul></nav>
${sections}
<script type="application/json" id="homeward-data">${json}</script>
</body></html>
`
}
