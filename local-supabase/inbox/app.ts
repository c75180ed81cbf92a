/**
 * The dev inbox (port 54324): a Mailpit-compatible JSON API for e-mail, captured
 * text messages, a Twilio-shaped SMS endpoint, a Resend-shaped e-mail endpoint,
 * and a small HTML page listing both.
 */
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { createInboxStore, type InboxStore, type StoredEmail } from './store.ts'

export type Inbox = { app: Hono; store: InboxStore }

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
    const date = new Date(sms.Created).toUTCString().replace('GMT', '+0000')
    return c.json(
      {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: date,
        date_sent: null,
        date_updated: date,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: field('MessagingServiceSid') || null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: sms.Sid,
        status: 'queued',
        subresource_uris: {
          media: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.Sid}/Media.json`,
        },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.Sid}.json`,
      },
      201,
    )
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
