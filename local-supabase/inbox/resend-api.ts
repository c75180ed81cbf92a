/** Resend's POST /emails, honouring Idempotency-Key for 24 hours as Resend does. */
import { createHash } from 'node:crypto'
import type { Hono } from 'hono'
import type { InboxStore } from './store.ts'

/** Resend keeps an idempotency key for 24 hours. */
const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000

export function routeResendApi(app: Hono, store: InboxStore): void {
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
}
