/**
 * Twilio's Programmable Messaging REST API (the dev inbox answers the same):
 * POST .../Messages.json to send (form-encoded, basic auth), and
 * GET .../Messages.json?To=&DateSent>= to find a message whose outcome we lost.
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

export type SmsMessage = { to: string; body: string }
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
     * Whether Twilio holds a message with exactly this body to this number, sent
     * since `since` (Twilio filters by UTC day). Throws when the lookup fails:
     * the outcome then stays unknown.
     */
    async findSms(message: SmsMessage, since: Date): Promise<SmsLookup> {
      const day = since.toISOString().slice(0, 10)
      const query = new URLSearchParams({ To: message.to, 'DateSent>': day, PageSize: '1000' })
      // Twilio's filter DateSent>=YYYY-MM-DD, sent as DateSent%3E=YYYY-MM-DD.
      let next: string | null = `${messagesPath}?${query.toString()}`
      for (let page = 0; next && page < MAX_LOOKUP_PAGES; page += 1) {
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
        const match = (body.messages ?? []).find(
          (listed) => listed.to === message.to && listed.body === message.body,
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
