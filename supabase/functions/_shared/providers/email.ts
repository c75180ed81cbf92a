/**
 * A Resend-shaped e-mail API (the dev inbox answers the same): POST /emails,
 * JSON, bearer key, and an Idempotency-Key so a resend of the same row is
 * answered with the first send's result instead of a second e-mail.
 */
import {
  callProvider,
  type Fetch,
  providerId,
  retryAfterSeconds,
  type SendOutcome,
} from './provider-call.ts'

export type EmailConfig = { apiUrl: string; apiKey: string; from: string; timeoutMs?: number }

export type EmailMessage = {
  to: string
  subject: string
  html: string
  text: string
  idempotencyKey: string
}

export function resendEmail(config: EmailConfig, fetchImpl: Fetch = fetch) {
  const url = `${config.apiUrl.replace(/\/$/, '')}/emails`
  return {
    async sendEmail(message: EmailMessage): Promise<SendOutcome> {
      const call = await callProvider(
        fetchImpl,
        url,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${config.apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': message.idempotencyKey,
          },
          body: JSON.stringify({
            from: config.from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            text: message.text,
          }),
        },
        config.timeoutMs,
      )
      if (call.kind === 'not_connected') {
        return { outcome: 'refused', error: `E-mail provider unreachable: ${call.error}` }
      }
      if (call.kind === 'no_answer')
        return { outcome: 'unknown', error: `E-mail provider: ${call.error}` }
      const detail = `E-mail provider HTTP ${call.status}: ${call.text.slice(0, 200)}`
      if (call.status >= 200 && call.status < 300) {
        return { outcome: 'accepted', providerId: providerId(call.text) }
      }
      // The same key is still being processed: it may well be sent; ask again later.
      if (call.status === 409 && call.text.includes('concurrent_idempotent_requests')) {
        return { outcome: 'unknown', error: detail }
      }
      return {
        outcome: 'refused',
        error: detail,
        retryAfterSeconds: retryAfterSeconds(call.headers),
      }
    },
  }
}
