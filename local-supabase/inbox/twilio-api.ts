/**
 * Twilio's Messages resource, as the Edge Functions use it: send one
 * (form-encoded POST) and the message list a look-up reads (GET, paged).
 */
import type { Hono } from 'hono'
import type { InboxStore, StoredSms } from './store.ts'

export function routeTwilioApi(app: Hono, store: InboxStore): void {
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
