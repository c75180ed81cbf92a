/**
 * Web Push (RFC 8030) to a browser's push service: the payload encrypted for
 * the subscription (RFC 8291, aes128gcm) and the request signed with our VAPID
 * key (RFC 8292), with TTL, Urgency and Topic set, all by
 * `@block65/webcrypto-web-push` (WebCrypto, runs in Deno). Nothing here does
 * cryptography itself.
 *
 * Outcomes for the outbox: accepted (201), gone (404/410: the subscription has
 * expired or was revoked, so it is removed and never tried again), refused
 * (anything else the service answered: retry with backoff) or unknown (no
 * answer: sent again later; the notification's tag makes a repeat replace the
 * first on the device).
 */
import { buildPushPayload } from 'npm:@block65/webcrypto-web-push@2.0.0'
import { callProvider, type Fetch, retryAfterSeconds, type SendOutcome } from './provider-call.ts'

export type VapidConfig = {
  /** base64url of the 65-byte uncompressed P-256 point (the app subscribes with it). */
  publicKey: string
  /** base64url of the 32-byte private scalar. */
  privateKey: string
  /** RFC 8292 §2.1: a mailto: or https: contact for the push services. */
  subject: string
  /**
   * The local stack's own push endpoint (e.g. http://127.0.0.1:54324/push/): the
   * only place an endpoint may be plain http. Unset in production.
   */
  localEndpointPrefix?: string
  timeoutMs?: number
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string }

/** What the service worker shows: never a finder's contact details. */
export type PushContent = { title: string; body: string; url: string; tag: string }

export type PushMessage = {
  target: PushTarget
  content: PushContent
  /** How long the push service keeps it for an offline device (seconds). */
  ttlSeconds: number
  urgency: 'low' | 'normal' | 'high'
  /** RFC 8030 §5.4: a newer push with the same topic replaces an undelivered one. */
  topic?: string
}

export type PushOutcome = SendOutcome | { outcome: 'gone'; error: string }

/** Whether a push service answer means the subscription no longer exists. */
export function isGone(status: number): boolean {
  return status === 404 || status === 410
}

export function webPush(config: VapidConfig, fetchImpl: Fetch = fetch) {
  const vapid = {
    subject: config.subject,
    publicKey: config.publicKey,
    privateKey: config.privateKey,
  }
  return {
    async sendPush(message: PushMessage): Promise<PushOutcome> {
      const endpoint = message.target.endpoint
      // The library signs for https origins only (RFC 8030 §2); the local endpoint
      // is plain http, so it is signed for its https twin and posted as it is.
      const isLocal =
        !!config.localEndpointPrefix &&
        endpoint.startsWith(config.localEndpointPrefix) &&
        endpoint.startsWith('http:')
      const signedFor = isLocal ? `https:${endpoint.slice('http:'.length)}` : endpoint
      let request: Awaited<ReturnType<typeof buildPushPayload>>
      try {
        request = await buildPushPayload(
          {
            data: message.content,
            options: {
              ttl: message.ttlSeconds,
              urgency: message.urgency,
              ...(message.topic ? { topic: message.topic } : {}),
            },
          },
          {
            endpoint: signedFor,
            expirationTime: null,
            keys: { p256dh: message.target.p256dh, auth: message.target.auth },
          },
          vapid,
        )
      } catch (error) {
        // Our VAPID configuration or the stored keys are unusable (SQL checks the
        // keys' shape when a device is added): nothing was sent; retry, then give up.
        return {
          outcome: 'refused',
          error: `Web Push: cannot build the request (${error instanceof Error ? error.message : String(error)})`,
        }
      }
      const call = await callProvider(
        fetchImpl,
        endpoint,
        { method: 'POST', headers: request.headers, body: request.body },
        config.timeoutMs,
      )
      if (call.kind === 'not_connected') {
        return { outcome: 'refused', error: `Push service unreachable: ${call.error}` }
      }
      if (call.kind === 'no_answer')
        return { outcome: 'unknown', error: `Push service: ${call.error}` }
      const detail = `Push service HTTP ${call.status}: ${call.text.slice(0, 200)}`
      if (call.status >= 200 && call.status < 300) {
        return { outcome: 'accepted', providerId: call.headers.get('location') ?? 'accepted' }
      }
      if (isGone(call.status)) return { outcome: 'gone', error: detail }
      return {
        outcome: 'refused',
        error: detail,
        retryAfterSeconds: retryAfterSeconds(call.headers),
      }
    },
  }
}
