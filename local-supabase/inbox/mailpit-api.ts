/** Mailpit's JSON API for the captured e-mail, and the captured text messages (/api/v1). */
import type { Hono } from 'hono'
import type { InboxStore, StoredEmail } from './store.ts'

export function routeMailpitApi(app: Hono, store: InboxStore): void {
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
