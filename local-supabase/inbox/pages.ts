/** The inbox's own HTML pages: the list of e-mail and texts, and one e-mail. */
import type { Hono } from 'hono'
import type { InboxStore } from './store.ts'
import { escapeHtml } from '../html-escape.ts'

export function routePages(app: Hono, store: InboxStore): void {
  app.get('/', (c) => c.html(listPage(store)))
  app.get('/view/:id', (c) => {
    const email = store.email(c.req.param('id'))
    if (!email) return c.html(page('Not found', '<p>That message is not in the inbox.</p>'), 404)
    email.Read = true
    const body = email.HTML
      ? `<iframe title="Message body" sandbox srcdoc="${escapeHtml(email.HTML)}" style="width:100%;height:75vh;border:1px solid #ccc"></iframe>`
      : `<pre>${escapeHtml(email.Text)}</pre>`
    return c.html(
      page(
        email.Subject,
        `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(email.Subject)}</h1>
<p>From ${escapeHtml(email.From.Address)} to ${escapeHtml(email.To.map((t) => t.Address).join(', '))}, ${sentAt(email.Created)}</p>${body}`,
      ),
    )
  })
}

function listPage(store: InboxStore): string {
  const emails = store
    .emails()
    .map(
      (e) =>
        `<tr><td>${sentAt(e.Created)}</td><td>${escapeHtml(e.To.map((t) => t.Address).join(', '))}</td><td><a href="/view/${e.ID}">${escapeHtml(e.Subject || '(no subject)')}</a></td></tr>`,
    )
    .join('')
  const texts = store
    .sms()
    .map(
      (s) =>
        `<tr><td>${sentAt(s.Created)}</td><td>${escapeHtml(s.To)}</td><td>${escapeHtml(s.Body)}</td></tr>`,
    )
    .join('')
  const pushes = store
    .pushes()
    .map((p) => {
      const shown =
        p.Payload === null
          ? p.Problems.length > 0
            ? p.Problems.join('; ')
            : '(encrypted: the inbox does not hold this subscription’s keys)'
          : pushText(p.Payload)
      return `<tr><td>${escapeHtml(p.Created)}</td><td>${p.Status}</td><td>TTL ${escapeHtml(p.TTL)}, ${escapeHtml(p.Urgency)}, ${p.Size} bytes</td><td>${escapeHtml(shown)}</td></tr>`
    })
    .join('')
  return page(
    'Dev inbox',
    `<h1>Dev inbox</h1>
<h2>E-mail (${store.emails().length})</h2>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${emails}</tbody></table>
<h2>Text messages (${store.sms().length})</h2>
<table><thead><tr><th>Sent</th><th>To</th><th>Message</th></tr></thead><tbody>${texts}</tbody></table>
<h2>Pushes (${store.pushes().length})</h2>
<table><thead><tr><th>Received</th><th>Answer</th><th>Delivery</th><th>What the phone shows</th></tr></thead><tbody>${pushes}</tbody></table>`,
  )
}

/**
 * When a message was sent, in this machine's local time (the inbox runs where the
 * developer is), e.g. "Sat 28 Nov, 14:05:09"; the exact instant stays in `datetime`.
 */
export function sentAt(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return escapeHtml(iso)
  const shown = date.toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(timeZone && { timeZone }),
  })
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`
}

// Phone-sized too: on a narrow screen each row is a card (what, to whom, when), long
// links wrap, and nothing scrolls sideways.
const STYLE = `body{font-family:system-ui,sans-serif;margin:1rem auto;padding:0 1rem;max-width:60rem;line-height:1.4}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}a{padding:.2rem 0;display:inline-block}time{white-space:nowrap;color:#555}
@media (max-width:40rem){thead{display:none}table,tbody,tr,td{display:block;width:auto}
tr{border-bottom:1px solid #ddd;padding:.5rem 0}td{border:0;padding:.1rem 0}td:first-child{font-size:.85rem}}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · local Supabase inbox</title>
<style>${STYLE}</style>
</head><body>${body}</body></html>`
}

/** A push payload as the lock screen shows it: title, body and where a tap goes. */
function pushText(payload: string): string {
  try {
    const shown = JSON.parse(payload) as { title?: unknown; body?: unknown; url?: unknown }
    return `${String(shown.title ?? '')}: ${String(shown.body ?? '')} → ${String(shown.url ?? '')}`
  } catch {
    return payload
  }
}
