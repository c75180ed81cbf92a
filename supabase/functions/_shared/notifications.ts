/**
 * The notification outbox: render a row's template, send it through the SMS or
 * e-mail provider, and record the result (complete/fail in SQL). Providers and
 * the database are injected so `deno test` can drive every case.
 */

export type NotificationRow = {
  id: string
  dedupe_key: string
  channel: 'sms' | 'email'
  template: 'found_sms' | 'owner_found_email' | 'finder_thanks_email' | 'finder_new_link_email'
  recipient: string
  payload: Record<string, unknown>
  attempts: number
}

export type SendResult = { ok: true; providerId: string } | { ok: false; error: string }

export type SmsMessage = { to: string; body: string }
export type EmailMessage = {
  to: string
  subject: string
  html: string
  text: string
  idempotencyKey: string
}

export type Providers = {
  sendSms(message: SmsMessage): Promise<SendResult>
  sendEmail(message: EmailMessage): Promise<SendResult>
}

export type OutboxDb = {
  claim(maxRows: number): Promise<NotificationRow[]>
  complete(id: string, providerId: string): Promise<void>
  fail(id: string, error: string): Promise<void>
}

export const SMS_BODY = 'Your item was found!'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character)
}

function field(payload: Record<string, unknown>, name: string): string {
  const value = payload[name]
  return typeof value === 'string' ? value : ''
}

/** UK numbers to E.164: 07700 900123 → +447700900123; +44 (0)7700… kept; #ext dropped. */
export function toE164(raw: string): string {
  const withoutExtension = raw.split('#')[0] ?? ''
  let digits = withoutExtension.replace(/[^\d+]/g, '').replace(/^\+44\(?0\)?/, '+44')
  digits = digits.replace(/^\+440/, '+44')
  if (digits.startsWith('+')) return digits
  if (digits.startsWith('0044')) return `+44${digits.slice(4).replace(/^0/, '')}`
  if (digits.startsWith('44')) return `+${digits}`
  if (digits.startsWith('0')) return `+44${digits.slice(1)}`
  return `+44${digits}`
}

function detailRows(payload: Record<string, unknown>): Array<[string, string]> {
  return [
    ['Name', field(payload, 'finder_name')],
    ['Email', field(payload, 'finder_email')],
    ['Phone number', field(payload, 'finder_phone')],
    ['Address', field(payload, 'finder_address')],
    ['Where it was found', field(payload, 'found_location')],
  ]
}

export function renderEmail(row: NotificationRow): EmailMessage {
  const payload = row.payload
  const itemName = field(payload, 'item_name') || 'your item'
  const chatUrl = field(payload, 'chat_url')
  const link = `<p><a href="${escapeHtml(chatUrl)}">Open the chat</a></p>`
  if (row.template === 'owner_found_email') {
    const rows = detailRows(payload)
    return {
      to: row.recipient,
      idempotencyKey: row.dedupe_key,
      subject: `Your item was found: ${itemName}`,
      html:
        `<h1>Your item was found!</h1><p>Someone found <strong>${escapeHtml(itemName)}</strong>.</p>` +
        `<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` +
        `<p>Talk to the finder in the chat:</p>${link}`,
      text:
        `Your item was found!\nSomeone found ${itemName}.\n\n` +
        rows.map(([label, value]) => `${label}: ${value}`).join('\n') +
        `\n\nTalk to the finder in the chat: ${chatUrl}\n`,
    }
  }
  if (row.template === 'finder_new_link_email') {
    // "Send me a new link" (request_chat_link): the old link no longer works.
    return {
      to: row.recipient,
      idempotencyKey: row.dedupe_key,
      subject: 'Your new chat link',
      html:
        `<h1>Your new chat link</h1><p>Here is a new link to your chat about ` +
        `<strong>${escapeHtml(itemName)}</strong>. Earlier links no longer work.</p>${link}`,
      text: `Your new chat link\nHere is a new link to your chat about ${itemName}. Earlier links no longer work.\n${chatUrl}\n`,
    }
  }
  const promise =
    'Your details are deleted once the item is returned, or after 30 days if it is not.'
  return {
    to: row.recipient,
    idempotencyKey: row.dedupe_key,
    subject: 'Thank you for reporting a found item',
    html:
      `<h1>Thank you, ${escapeHtml(field(payload, 'finder_name'))}!</h1>` +
      `<p>The owner has been informed. You can talk to them in the chat:</p>${link}<p>${promise}</p>`,
    text:
      `Thank you, ${field(payload, 'finder_name')}!\nThe owner has been informed. ` +
      `You can talk to them in the chat: ${chatUrl}\n\n${promise}\n`,
  }
}

function sendRow(row: NotificationRow, providers: Providers): Promise<SendResult> {
  if (row.channel === 'sms') return providers.sendSms({ to: toE164(row.recipient), body: SMS_BODY })
  return providers.sendEmail(renderEmail(row))
}

export type DispatchSummary = { claimed: number; sent: number; failed: number }

/** Claims due rows (each row by one dispatcher only), sends them, records each result. */
export async function dispatchOutbox(
  db: OutboxDb,
  providers: Providers,
  maxRows = 20,
): Promise<DispatchSummary> {
  const rows = await db.claim(maxRows)
  const results = await Promise.all(
    rows.map(async (row) => {
      let result: SendResult
      try {
        result = await sendRow(row, providers)
      } catch (error) {
        result = { ok: false, error: error instanceof Error ? error.message : String(error) }
      }
      if (result.ok) await db.complete(row.id, result.providerId)
      else await db.fail(row.id, result.error)
      return result.ok
    }),
  )
  const sent = results.filter(Boolean).length
  return { claimed: rows.length, sent, failed: rows.length - sent }
}

type Fetch = typeof fetch

async function readProviderAnswer(response: Response, name: string): Promise<SendResult> {
  const text = await response.text()
  if (!response.ok)
    return { ok: false, error: `${name} HTTP ${response.status}: ${text.slice(0, 200)}` }
  try {
    const body = JSON.parse(text) as { sid?: unknown; id?: unknown }
    const id = typeof body.sid === 'string' ? body.sid : typeof body.id === 'string' ? body.id : ''
    return { ok: true, providerId: id || 'accepted' }
  } catch {
    return { ok: true, providerId: 'accepted' }
  }
}

export type ProviderConfig = {
  twilioApiUrl: string
  twilioAccountSid: string
  twilioAuthToken: string
  twilioFrom: string
  emailApiUrl: string
  emailApiKey: string
  emailFrom: string
}

export function readProviderConfig(source: {
  get(name: string): string | undefined
}): ProviderConfig {
  const names = [
    'TWILIO_API_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM_NUMBER',
    'EMAIL_API_URL',
    'EMAIL_API_KEY',
    'EMAIL_FROM',
  ] as const
  const missing = names.filter((name) => !source.get(name))
  if (missing.length > 0) throw new Error(`Missing function configuration: ${missing.join(', ')}`)
  const get = (name: (typeof names)[number]) => source.get(name) as string
  return {
    twilioApiUrl: get('TWILIO_API_URL').replace(/\/$/, ''),
    twilioAccountSid: get('TWILIO_ACCOUNT_SID'),
    twilioAuthToken: get('TWILIO_AUTH_TOKEN'),
    twilioFrom: get('TWILIO_FROM_NUMBER'),
    emailApiUrl: get('EMAIL_API_URL').replace(/\/$/, ''),
    emailApiKey: get('EMAIL_API_KEY'),
    emailFrom: get('EMAIL_FROM'),
  }
}

/** Twilio REST (form-encoded, basic auth) and a Resend-shaped e-mail API over fetch. */
export function httpProviders(config: ProviderConfig, fetchImpl: Fetch = fetch): Providers {
  return {
    async sendSms(message) {
      const url = `${config.twilioApiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.twilioAccountSid)}/Messages.json`
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa(`${config.twilioAccountSid}:${config.twilioAuthToken}`)}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: message.to, From: config.twilioFrom, Body: message.body }),
      })
      return readProviderAnswer(response, 'SMS provider')
    },
    async sendEmail(message) {
      const response = await fetchImpl(`${config.emailApiUrl.replace(/\/$/, '')}/emails`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${config.emailApiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': message.idempotencyKey,
        },
        body: JSON.stringify({
          from: config.emailFrom,
          to: [message.to],
          subject: message.subject,
          html: message.html,
          text: message.text,
        }),
      })
      return readProviderAnswer(response, 'E-mail provider')
    },
  }
}
