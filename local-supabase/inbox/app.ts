/**
 * The dev inbox (port 54324): a Mailpit-compatible JSON API for e-mail, captured
 * text messages, a Twilio-shaped SMS endpoint (send, and the message list used to
 * look a message up), a Resend-shaped e-mail endpoint honouring Idempotency-Key,
 * and a small HTML page listing both.
 */
import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { createInboxStore, type InboxStore, type StoredEmail, type StoredSms } from './store.ts'

/** Resend keeps an idempotency key for 24 hours. */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000

export type Inbox = { app: Hono; store: InboxStore }

/** `npm run inbox`'s port, which supabase/functions/.env names for `supabase start` (54324 is the CLI's Mailpit). */
export const STANDALONE_INBOX_PORT = 54334

export function createInbox(store: InboxStore = createInboxStore()): Inbox {
  const app = new Hono()
  app.use('*', cors())

  app.get('/api/v1/messages', (c) => {
    const all = store.emails()
    const start = Math.max(0, Number(c.req.query('start') ?? 0) || 0)
    const limit = Math.max(1, Number(c.req.query('limit') ?? 50) || 50)
    const page = all.slice(start, start + limit)
    return c.json({
      total: all.length,
      unread: all.filter((e) => !e.Read).length,
      count: page.length,
      messages_count: all.length,
      start,
      tags: [],
      messages: page.map(summary),
    })
  })
  app.get('/api/v1/message/:id', (c) => {
    const email = store.email(c.req.param('id'))
    if (!email) return c.text('message not found', 404)
    email.Read = true
    return c.json({
      ...summary(email),
      ReturnPath: email.From.Address,
      Date: email.Created,
      Text: email.Text,
      HTML: email.HTML,
      Inline: [],
      Attachments: [],
    })
  })
  app.delete('/api/v1/messages', (c) => {
    store.clearEmails()
    return c.text('ok')
  })
  app.get('/api/v1/sms', (c) => c.json({ total: store.sms().length, messages: store.sms() }))
  app.delete('/api/v1/sms', (c) => {
    store.clearSms()
    return c.text('ok')
  })

  // Twilio: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded.
  app.post('/2010-04-01/Accounts/:sid/Messages.json', async (c) => {
    const accountSid = c.req.param('sid')
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const to = field('To')
    const body = field('Body')
    const from = field('From') || field('MessagingServiceSid')
    const twilioError = (code: number, message: string) =>
      c.json(
        { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: 400 },
        400,
      )
    if (!to) return twilioError(21604, "A 'To' phone number is required.")
    if (!from) return twilioError(21603, "A 'From' phone number is required.")
    if (!body) return twilioError(21602, 'Message body is required.')
    const sms = store.addSms({ accountSid, from, to, body })
    return c.json(
      {
        ...twilioMessage(sms, 'queued'),
        messaging_service_sid: field('MessagingServiceSid') || null,
      },
      201,
    )
  })

  // Twilio: GET /2010-04-01/Accounts/{AccountSid}/Messages.json, newest first, with the
  // To, From and DateSent / DateSent> / DateSent< (YYYY-MM-DD, UTC) filters and paging.
  app.get('/2010-04-01/Accounts/:sid/Messages.json', (c) => {
    const accountSid = c.req.param('sid')
    const to = c.req.query('To')
    const from = c.req.query('From')
    const onDay = c.req.query('DateSent')
    const after = c.req.query('DateSent>')
    const before = c.req.query('DateSent<')
    const day = /^\d{4}-\d{2}-\d{2}$/
    for (const value of [onDay, after, before]) {
      if (value !== undefined && !day.test(value.slice(0, 10))) {
        return c.json(
          {
            code: 20001,
            message: 'Invalid DateSent',
            more_info: 'https://www.twilio.com/docs/errors/20001',
            status: 400,
          },
          400,
        )
      }
    }
    const pageSize = Math.min(1000, Math.max(1, Number(c.req.query('PageSize') ?? 50) || 50))
    const page = Math.max(0, Number(c.req.query('Page') ?? 0) || 0)
    const matching = store.sms().filter((sms) => {
      const sent = sms.Created.slice(0, 10)
      return (
        sms.AccountSid === accountSid &&
        (to === undefined || sms.To === to) &&
        (from === undefined || sms.From === from) &&
        (onDay === undefined || sent === onDay.slice(0, 10)) &&
        (after === undefined || sent >= after.slice(0, 10)) &&
        (before === undefined || sent <= before.slice(0, 10))
      )
    })
    const slice = matching.slice(page * pageSize, (page + 1) * pageSize)
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`
    const pageUri = (n: number) => {
      const query = new URLSearchParams(c.req.query())
      query.set('PageSize', String(pageSize))
      query.set('Page', String(n))
      return `${path}?${query.toString()}`
    }
    const hasNext = (page + 1) * pageSize < matching.length
    return c.json({
      messages: slice.map((sms) => twilioMessage(sms, 'sent')),
      end: page * pageSize + Math.max(slice.length - 1, 0),
      first_page_uri: pageUri(0),
      next_page_uri: hasNext ? pageUri(page + 1) : null,
      page,
      page_size: pageSize,
      previous_page_uri: page > 0 ? pageUri(page - 1) : null,
      start: page * pageSize,
      uri: pageUri(page),
    })
  })

  // Resend: POST /emails, JSON.
  app.post('/emails', async (c) => {
    const resendError = (statusCode: number, name: string, message: string) =>
      c.json({ statusCode, name, message }, statusCode as 401 | 422)
    if (!/^bearer\s+\S+/i.test(c.req.header('authorization') ?? '')) {
      return resendError(401, 'missing_api_key', 'Missing API key in the authorization header')
    }
    const body: unknown = await c.req.json().catch(() => null)
    if (typeof body !== 'object' || body === null)
      return resendError(422, 'validation_error', 'Invalid JSON body')
    const input = body as Record<string, unknown>
    const list = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : Array.isArray(value)
          ? value.filter((v) => typeof v === 'string')
          : []
    const to = list(input.to)
    if (typeof input.from !== 'string' || input.from === '') {
      return resendError(422, 'validation_error', 'The `from` field is required.')
    }
    if (to.length === 0) return resendError(422, 'validation_error', 'The `to` field is required.')
    if (typeof input.subject !== 'string') {
      return resendError(422, 'validation_error', 'The `subject` field is required.')
    }
    if (typeof input.html !== 'string' && typeof input.text !== 'string') {
      return resendError(422, 'validation_error', 'Either `html` or `text` must be provided.')
    }
    const key = c.req.header('idempotency-key')
    const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('hex')
    const earlier = key ? store.idempotentSend(key) : undefined
    if (key && earlier && Date.now() - earlier.at < IDEMPOTENCY_WINDOW_MS) {
      if (earlier.fingerprint !== fingerprint) {
        return c.json(
          {
            statusCode: 409,
            name: 'invalid_idempotent_request',
            message:
              'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
          },
          409,
        )
      }
      return c.json({ id: earlier.emailId })
    }
    const email = store.addEmail({
      from: input.from,
      to,
      subject: input.subject,
      html: typeof input.html === 'string' ? input.html : undefined,
      text: typeof input.text === 'string' ? input.text : undefined,
      cc: list(input.cc),
      bcc: list(input.bcc),
      replyTo: list(input.reply_to),
    })
    if (key) store.rememberSend(key, { fingerprint, emailId: email.ID, at: Date.now() })
    return c.json({ id: email.ID })
  })

  app.get('/', (c) => c.html(listPage(store)))
  app.get('/view/:id', (c) => {
    const email = store.email(c.req.param('id'))
    if (!email) return c.html(page('Not found', '<p>That message is not in the inbox.</p>'), 404)
    email.Read = true
    const body = email.HTML
      ? `<iframe title="Message body" sandbox srcdoc="${escapeHtml(email.HTML)}" style="width:100%;height:70vh;border:1px solid #ccc"></iframe>`
      : `<pre>${escapeHtml(email.Text)}</pre>`
    return c.html(
      page(
        email.Subject,
        `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(email.Subject)}</h1>
<p>From ${escapeHtml(email.From.Address)} to ${escapeHtml(email.To.map((t) => t.Address).join(', '))}, ${escapeHtml(email.Created)}</p>${body}`,
      ),
    )
  })
  return { app, store }
}

/** A message resource as Twilio shows it: 'queued' when just created, 'sent' in the list. */
function twilioMessage(sms: StoredSms, status: 'queued' | 'sent') {
  const date = new Date(sms.Created).toUTCString().replace('GMT', '+0000')
  return {
    account_sid: sms.AccountSid,
    api_version: '2010-04-01',
    body: sms.Body,
    date_created: date,
    date_sent: status === 'sent' ? date : null,
    date_updated: date,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: sms.From,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid: sms.Sid,
    status,
    subresource_uris: {
      media: `/2010-04-01/Accounts/${sms.AccountSid}/Messages/${sms.Sid}/Media.json`,
    },
    to: sms.To,
    uri: `/2010-04-01/Accounts/${sms.AccountSid}/Messages/${sms.Sid}.json`,
  }
}

function summary(email: StoredEmail) {
  return {
    ID: email.ID,
    MessageID: email.MessageID,
    Read: email.Read,
    From: email.From,
    To: email.To,
    Cc: email.Cc,
    Bcc: email.Bcc,
    ReplyTo: email.ReplyTo,
    Subject: email.Subject,
    Created: email.Created,
    Tags: [],
    Size: email.Size,
    Attachments: 0,
    Snippet: email.Text.slice(0, 250),
  }
}

function listPage(store: InboxStore): string {
  const emails = store
    .emails()
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.Created)}</td><td>${escapeHtml(e.To.map((t) => t.Address).join(', '))}</td><td><a href="/view/${e.ID}">${escapeHtml(e.Subject || '(no subject)')}</a></td></tr>`,
    )
    .join('')
  const texts = store
    .sms()
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.Created)}</td><td>${escapeHtml(s.To)}</td><td>${escapeHtml(s.Body)}</td></tr>`,
    )
    .join('')
  return page(
    'Dev inbox',
    `<h1>Dev inbox</h1>
<h2>E-mail (${store.emails().length})</h2>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${emails}</tbody></table>
<h2>Text messages (${store.sms().length})</h2>
<table><thead><tr><th>Sent</th><th>To</th><th>Message</th></tr></thead><tbody>${texts}</tbody></table>`,
  )
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · local Supabase inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}</style>
</head><body>${body}</body></html>`
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
