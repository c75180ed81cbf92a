/**
 * The dev inbox's push service (RFC 8030's receiving end, as FCM or Mozilla's
 * autopush would be): POST /push/<id> records each delivery (its TTL, Urgency,
 * Topic, Content-Encoding, VAPID signature check and size) and answers 201, or
 * 410 for a subscription marked gone. Subscriptions the inbox made itself
 * (POST /push/subscriptions: an endpoint here and fresh keys) are ones whose
 * private key it holds, so it shows what the phone would show: the decrypted
 * payload. GET /api/v1/push lists deliveries; DELETE clears them.
 */
import type { Hono } from 'hono'
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose'
import { decryptPush, fromBase64Url, generateReceiverKeys, toBase64Url } from './push-receiver.ts'
import type { InboxStore } from './store.ts'

/** Mozilla autopush and FCM refuse bodies over 4096 bytes (RFC 8030 §7.2 lets them). */
export const MAX_PUSH_BYTES = 4096

/** Checks RFC 8292's `vapid t=<jwt>, k=<key>`: an ES256 JWT signed by k, for this origin, not expired. */
export async function checkVapid(authorization: string, origin: string): Promise<string | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization.trim())
  if (!match) return 'no VAPID Authorization header (vapid t=…, k=…)'
  const [, token, key] = match as unknown as [string, string, string]
  try {
    if (decodeProtectedHeader(token).alg !== 'ES256') return 'the VAPID JWT is not ES256'
    const point = fromBase64Url(key)
    if (point.length !== 65 || point[0] !== 4) return 'k is not a P-256 public key'
    const publicKey = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: toBase64Url(point.slice(1, 33)),
        y: toBase64Url(point.slice(33, 65)),
      },
      'ES256',
    )
    const { payload } = await jwtVerify(token, publicKey)
    // The sender signs for the https twin of this http endpoint (RFC 8030 push resources are https).
    const audience = String(payload.aud ?? '')
    if (audience !== origin && audience !== origin.replace(/^http:/, 'https:')) {
      return `the VAPID audience is ${audience}, not ${origin}`
    }
    if (!payload.sub) return 'the VAPID JWT has no sub (contact)'
    return null
  } catch (error) {
    return `the VAPID JWT does not verify: ${error instanceof Error ? error.message : String(error)}`
  }
}

export function routePushApi(app: Hono, store: InboxStore): void {
  app.post('/push/subscriptions', async (c) => {
    const keys = await generateReceiverKeys()
    const origin = new URL(c.req.url).origin
    const subscription = store.addPushSubscription(keys)
    return c.json(
      {
        id: subscription.id,
        endpoint: `${origin}/push/${subscription.id}`,
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
      201,
    )
  })
  // Makes the push service answer 410 Gone for this subscription from now on.
  app.post('/push/subscriptions/:id/gone', (c) => {
    const subscription = store.pushSubscription(c.req.param('id'))
    if (!subscription) return c.json({ error: 'no such subscription' }, 404)
    subscription.gone = true
    return c.json({ id: subscription.id, gone: true })
  })
  app.post('/push/:id', async (c) => {
    const id = c.req.param('id')
    const body = new Uint8Array(await c.req.arrayBuffer())
    const header = (name: string) => c.req.header(name) ?? ''
    const subscription = store.pushSubscription(id)
    const problems: string[] = []
    const vapidProblem = await checkVapid(header('authorization'), new URL(c.req.url).origin)
    if (vapidProblem) problems.push(vapidProblem)
    if (header('content-encoding').toLowerCase() !== 'aes128gcm') {
      problems.push('Content-Encoding is not aes128gcm')
    }
    if (!/^\d+$/.test(header('ttl'))) problems.push('no TTL header')
    if (body.length > MAX_PUSH_BYTES) problems.push(`${body.length} bytes, over ${MAX_PUSH_BYTES}`)
    let payload: string | null = null
    if (subscription && problems.length === 0) {
      try {
        payload = new TextDecoder().decode(await decryptPush(body, subscription.keys))
      } catch (error) {
        problems.push(`does not decrypt: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    const status = subscription?.gone ? 410 : problems.length > 0 ? 400 : 201
    const delivery = store.addPush({
      subscriptionId: id,
      status,
      ttl: header('ttl'),
      urgency: header('urgency') || 'normal',
      topic: header('topic'),
      contentEncoding: header('content-encoding'),
      size: body.length,
      payload,
      problems,
    })
    if (status === 410) return c.text('subscription gone', 410)
    if (status === 400) return c.json({ errors: problems }, 400)
    c.header('location', `${new URL(c.req.url).origin}/api/v1/push/${delivery.ID}`)
    return c.body(null, 201)
  })
  app.get('/api/v1/push', (c) => c.json({ total: store.pushes().length, pushes: store.pushes() }))
  app.delete('/api/v1/push', (c) => {
    store.clearPushes()
    return c.text('ok')
  })
}
