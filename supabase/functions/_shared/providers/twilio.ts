/**
 * Twilio's Programmable Messaging REST API (the dev inbox answers the same):
 * POST .../Messages.json to send (form-encoded, basic auth), and
 * GET .../Messages.json?To= to find a message whose outcome we lost, by the
 * reference its text carries.
 */
import {
  callProvider,
  type Fetch,
  providerId,
  retryAfterSeconds,
  type SendOutcome,
} from './provider-call.ts'

export type TwilioConfig = {
  apiUrl: string
  accountSid: string
  authToken: string
  from: string
  /** The deadline of each call (10 s unless a test says otherwise). */
  timeoutMs?: number
}

/** `reference` is part of `body`: short, unique to this SMS, the same on every attempt. */
export type SmsMessage = { to: string; body: string; reference: string }
export type SmsLookup = { found: true; providerId: string } | { found: false }

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

type ListedMessage = { sid?: unknown; to?: unknown; from?: unknown; body?: unknown }
type ListPage = { messages?: ListedMessage[]; next_page_uri?: unknown }

const MAX_LOOKUP_PAGES = 5

export function twilioSms(config: TwilioConfig, fetchImpl: Fetch = fetch) {
  const base = config.apiUrl.replace(/\/$/, '')
  const messagesPath = `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  const authorization = `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`

  return {
    async sendSms(message: SmsMessage): Promise<SendOutcome> {
      const call = await callProvider(
        fetchImpl,
        `${base}${messagesPath}`,
        {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
        },
        config.timeoutMs,
      )
      if (call.kind === 'not_connected')
        return { outcome: 'refused', error: `SMS provider unreachable: ${call.error}` }
      if (call.kind === 'no_answer')
        return { outcome: 'unknown', error: `SMS provider: ${call.error}` }
      const detail = `SMS provider HTTP ${call.status}: ${call.text.slice(0, 200)}`
      if (call.status >= 200 && call.status < 300) {
        return { outcome: 'accepted', providerId: providerId(call.text) }
      }
      // 503 is Twilio saying it took nothing; another 5xx (500, 502, 504) may come from a
      // proxy after Twilio took the message: look it up before resending.
      if (call.status >= 500 && call.status !== 503) return { outcome: 'unknown', error: detail }
      return {
        outcome: 'refused',
        error: detail,
        retryAfterSeconds: retryAfterSeconds(call.headers),
      }
    },

    /**
     * Whether Twilio holds a message to this number whose text carries this SMS's
     * reference. Every message to the number is read (no DateSent filter: a message
     * still queued has no DateSent yet), up to MAX_LOOKUP_PAGES pages of 1000.
     * Throws when the look-up fails or cannot read the whole list: "not found" is
     * only ever a complete answer.
     */
    async findSms(message: SmsMessage): Promise<SmsLookup> {
      const query = new URLSearchParams({ To: message.to, PageSize: '1000' })
      let next: string | null = `${messagesPath}?${query.toString()}`
      for (let page = 0; next; page += 1) {
        if (page === MAX_LOOKUP_PAGES) {
          throw new Error(`SMS lookup: more than ${MAX_LOOKUP_PAGES} pages, not read to the end`)
        }
        const call = await callProvider(
          fetchImpl,
          `${base}${next}`,
          {
            method: 'GET',
            headers: { Authorization: authorization, Accept: 'application/json' },
          },
          config.timeoutMs,
        )
        if (call.kind !== 'answered') throw new Error(`SMS lookup: ${call.error}`)
        if (call.status !== 200) {
          throw new Error(`SMS lookup HTTP ${call.status}: ${call.text.slice(0, 200)}`)
        }
        const body = JSON.parse(call.text) as ListPage
        if (!Array.isArray(body.messages)) throw new Error('SMS lookup: no message list')
        const match = body.messages.find(
          (listed) =>
            listed.to === message.to &&
            typeof listed.body === 'string' &&
            listed.body.includes(message.reference),
        )
        if (match) {
          return { found: true, providerId: typeof match.sid === 'string' ? match.sid : 'accepted' }
        }
        next =
          typeof body.next_page_uri === 'string' && body.next_page_uri ? body.next_page_uri : null
      }
      return { found: false }
    },
  }
}
