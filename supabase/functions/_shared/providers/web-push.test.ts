import assert from 'node:assert/strict'
import { encryptNotification } from 'npm:@block65/webcrypto-web-push@2.0.0'
import { decodeProtectedHeader, importJWK, jwtVerify } from 'npm:jose@6.2.17'
import {
  decryptPush,
  fromBase64Url,
  generateReceiverKeys,
  readHeader,
  receiverJwk,
  toBase64Url,
} from '../../../../local-supabase/inbox/push-receiver.ts'
import { type PushMessage, webPush } from './web-push.ts'

// RFC 8291 Appendix A: the published example (user agent = receiver, application
// server = sender), plaintext, salt and the whole encrypted body.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPublic:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  asPublic:
    'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
    'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}

const rfcReceiver = {
  p256dh: RFC.uaPublic,
  auth: RFC.auth,
  privateJwk: receiverJwk(RFC.uaPrivate, RFC.uaPublic),
}

/**
 * Runs `body` with the library's two sources of randomness fixed to the RFC's
 * values: the 16-byte salt (crypto.getRandomValues) and the sender's ephemeral
 * ECDH key pair (crypto.subtle.generateKey). Everything else is the library's own.
 */
async function withRfcRandomness<T>(body: () => Promise<T>): Promise<T> {
  const senderPrivate = await crypto.subtle.importKey(
    'jwk',
    receiverJwk(RFC.asPrivate, RFC.asPublic),
    { name: 'ECDH', namedCurve: 'P-256' },
    true,
    ['deriveBits'],
  )
  const senderPublic = await crypto.subtle.importKey(
    'raw',
    fromBase64Url(RFC.asPublic),
    { name: 'ECDH', namedCurve: 'P-256' },
    true,
    [],
  )
  const originalRandom = crypto.getRandomValues
  const originalGenerate = crypto.subtle.generateKey
  const salts: number[] = []
  Object.defineProperty(crypto, 'getRandomValues', {
    configurable: true,
    value: <A extends ArrayBufferView | null>(array: A): A => {
      if (array instanceof Uint8Array && array.length === 16) {
        array.set(fromBase64Url(RFC.salt))
        salts.push(1)
        return array
      }
      return originalRandom.call(crypto, array as never) as A
    },
  })
  Object.defineProperty(crypto.subtle, 'generateKey', {
    configurable: true,
    value: (algorithm: { name?: string }, ...rest: unknown[]) =>
      algorithm?.name === 'ECDH'
        ? Promise.resolve({ privateKey: senderPrivate, publicKey: senderPublic })
        : (originalGenerate as (...args: unknown[]) => Promise<unknown>).call(
            crypto.subtle,
            algorithm,
            ...rest,
          ),
  })
  try {
    const result = await body()
    assert.equal(salts.length, 1, 'the library drew its salt from crypto.getRandomValues')
    return result
  } finally {
    Object.defineProperty(crypto, 'getRandomValues', { configurable: true, value: originalRandom })
    Object.defineProperty(crypto.subtle, 'generateKey', {
      configurable: true,
      value: originalGenerate,
    })
  }
}

Deno.test('the receiver opens RFC 8291 Appendix A’s body to its plaintext', async () => {
  const plain = await decryptPush(fromBase64Url(RFC.body), rfcReceiver)
  assert.equal(new TextDecoder().decode(plain), RFC.plaintext)
  const tampered = fromBase64Url(RFC.body)
  tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 0x40
  await assert.rejects(decryptPush(tampered, rfcReceiver))
})

Deno.test('the library encrypts RFC 8291 Appendix A’s example to its published body', async () => {
  const body = await withRfcRandomness(() =>
    encryptNotification(
      { endpoint: 'https://push.example.net/x', expirationTime: null, keys: rfcReceiver },
      new TextEncoder().encode(RFC.plaintext),
      { pad: false },
    ),
  )
  assert.equal(toBase64Url(body), RFC.body)
})

Deno.test('the library’s padded body (what is sent) opens with the receiver’s key', async () => {
  const body = await encryptNotification(
    { endpoint: 'https://push.example.net/x', expirationTime: null, keys: rfcReceiver },
    new TextEncoder().encode(RFC.plaintext),
  )
  const header = readHeader(body)
  assert.equal(header.recordSize, 4096)
  assert.notEqual(toBase64Url(header.salt), RFC.salt, 'a fresh salt each time')
  assert.equal(body.length, 4096, 'padded to the one record every push service takes')
  assert.equal(new TextDecoder().decode(await decryptPush(body, rfcReceiver)), RFC.plaintext)
})

async function vapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey)
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  return { publicKey: toBase64Url(raw), privateKey: jwk.d as string, jwk }
}

type Captured = { url: string; headers: Headers; body: Uint8Array }

function fakeService(status: number, headers: Record<string, string> = {}) {
  const calls: Captured[] = []
  const fetchImpl = (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(input),
      headers: new Headers(init?.headers),
      body: new Uint8Array(init?.body as Uint8Array),
    })
    return Promise.resolve(new Response(status === 201 ? '' : 'no', { status, headers }))
  }
  return { calls, fetchImpl: fetchImpl as typeof fetch }
}

async function message(
  endpoint: string,
): Promise<{ message: PushMessage; keys: Awaited<ReturnType<typeof generateReceiverKeys>> }> {
  const keys = await generateReceiverKeys()
  return {
    keys,
    message: {
      target: { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      content: {
        title: 'Homeward',
        body: 'Someone found your Red violin',
        url: 'https://homeward.example/chat?chatId=c1',
        tag: 'chat:c1',
      },
      ttlSeconds: 3600,
      urgency: 'high',
      topic: 'c1',
    },
  }
}

Deno.test(
  'a push is aes128gcm for the subscription, VAPID-signed, with TTL, Urgency and Topic',
  async () => {
    const vapid = await vapidKeys()
    const service = fakeService(201, { location: 'https://fcm.googleapis.com/m/1' })
    const sender = webPush(
      {
        publicKey: vapid.publicKey,
        privateKey: vapid.privateKey,
        subject: 'mailto:ops@homeward.example',
      },
      service.fetchImpl,
    )
    const { message: push, keys } = await message('https://fcm.googleapis.com/fcm/send/abc')
    const outcome = await sender.sendPush(push)
    assert.deepEqual(outcome, { outcome: 'accepted', providerId: 'https://fcm.googleapis.com/m/1' })
    const [call] = service.calls
    assert.ok(call)
    assert.equal(call.url, 'https://fcm.googleapis.com/fcm/send/abc')
    assert.equal(call.headers.get('content-encoding'), 'aes128gcm')
    assert.equal(call.headers.get('ttl'), '3600')
    assert.equal(call.headers.get('urgency'), 'high')
    assert.equal(call.headers.get('topic'), 'c1')
    const authorization = call.headers.get('authorization') ?? ''
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)
    assert.ok(match, authorization)
    assert.equal(match[2], vapid.publicKey)
    assert.equal(decodeProtectedHeader(match[1] as string).alg, 'ES256')
    const { d: _d, key_ops: _ops, ...publicJwk } = vapid.jwk
    const { payload } = await jwtVerify(match[1] as string, await importJWK(publicJwk, 'ES256'), {
      audience: 'https://fcm.googleapis.com',
    })
    assert.equal(payload.sub, 'mailto:ops@homeward.example')
    const opened = JSON.parse(new TextDecoder().decode(await decryptPush(call.body, keys)))
    assert.deepEqual(opened, push.content)
  },
)

Deno.test(
  '404 and 410 mean the subscription is gone; 429 is refused with its Retry-After',
  async () => {
    const vapid = await vapidKeys()
    const config = {
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      subject: 'mailto:a@b.example',
    }
    for (const status of [404, 410]) {
      const outcome = await webPush(config, fakeService(status).fetchImpl).sendPush(
        (await message('https://updates.push.services.mozilla.com/wpush/v2/x')).message,
      )
      assert.equal(outcome.outcome, 'gone', String(status))
    }
    const busy = await webPush(
      config,
      fakeService(429, { 'retry-after': '30' }).fetchImpl,
    ).sendPush((await message('https://web.push.apple.com/x')).message)
    assert.deepEqual(
      { outcome: busy.outcome, retry: 'retryAfterSeconds' in busy ? busy.retryAfterSeconds : null },
      { outcome: 'refused', retry: 30 },
    )
  },
)

Deno.test('plain http is allowed only for the configured local endpoint', async () => {
  const vapid = await vapidKeys()
  const service = fakeService(201)
  const config = {
    publicKey: vapid.publicKey,
    privateKey: vapid.privateKey,
    subject: 'mailto:a@b.example',
    localEndpointPrefix: 'http://127.0.0.1:54324/push/',
  }
  const local = await webPush(config, service.fetchImpl).sendPush(
    (await message('http://127.0.0.1:54324/push/s1')).message,
  )
  assert.equal(local.outcome, 'accepted')
  assert.equal(service.calls[0]?.url, 'http://127.0.0.1:54324/push/s1')
  const elsewhere = await webPush(config, service.fetchImpl).sendPush(
    (await message('http://127.0.0.1:9999/push/s1')).message,
  )
  assert.equal(elsewhere.outcome, 'refused')
  assert.equal(service.calls.length, 1, 'nothing is posted to an http endpoint elsewhere')
})
