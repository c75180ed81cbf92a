/**
 * The receiving end of Web Push, as a browser is (RFC 8291 over RFC 8188's
 * aes128gcm), for the dev inbox and tests only: make a subscription's keys (an
 * ECDH P-256 pair and a 16-byte auth secret) and open what was pushed to it.
 * The sending side is never written here: the functions send with
 * `npm:@block65/webcrypto-web-push`. WebCrypto only, so Node (the inbox) and
 * Deno (the function tests) share this file; its decryption is checked against
 * RFC 8291's published example in supabase/functions/_shared/providers/web-push.test.ts.
 */

export type ReceiverKeys = {
  /** The subscription's public key, base64url of the 65-byte uncompressed point. */
  p256dh: string
  /** The 16-byte auth secret, base64url. */
  auth: string
  /** The private key as a JWK (kty EC, crv P-256, d, x, y). */
  privateJwk: JsonWebKey
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const text = (value: string) => new TextEncoder().encode(value)

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) {
  const imported = await crypto.subtle.importKey(
    'raw',
    key,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, data))
}

/** A new subscription's keys, as PushManager.subscribe would make them. */
export async function generateReceiverKeys(): Promise<ReceiverKeys> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])
  const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
  return {
    p256dh: toBase64Url(publicRaw),
    auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
    privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
  }
}

/** The JWK of a receiver's key pair from its raw private scalar and public point (base64url). */
export function receiverJwk(privateKey: string, publicKey: string): JsonWebKey {
  const point = fromBase64Url(publicKey)
  return {
    kty: 'EC',
    crv: 'P-256',
    d: privateKey,
    x: toBase64Url(point.slice(1, 33)),
    y: toBase64Url(point.slice(33, 65)),
    ext: true,
  }
}

/** The parts of an aes128gcm body's header (RFC 8188 §2.1). */
export function readHeader(body: Uint8Array): {
  salt: Uint8Array<ArrayBuffer>
  recordSize: number
  senderKey: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
} {
  if (body.length < 21) throw new Error('too short for an aes128gcm header')
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength)
  const idLength = body[20] as number
  if (body.length < 21 + idLength + 17) throw new Error('too short for its key id and a record')
  return {
    salt: body.slice(0, 16),
    recordSize: view.getUint32(16),
    senderKey: body.slice(21, 21 + idLength),
    ciphertext: body.slice(21 + idLength),
  }
}

/** Opens a single-record aes128gcm Web Push body with the receiver's keys; throws if it does not open. */
export async function decryptPush(
  body: Uint8Array,
  keys: Pick<ReceiverKeys, 'p256dh' | 'auth' | 'privateJwk'>,
): Promise<Uint8Array<ArrayBuffer>> {
  const { salt, recordSize, senderKey, ciphertext } = readHeader(body)
  if (senderKey.length !== 65) throw new Error('the key id is not a P-256 public key')
  if (ciphertext.length > recordSize) throw new Error('more than one record')
  const receiverPublic = fromBase64Url(keys.p256dh)
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    keys.privateJwk,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  )
  const senderPublic = await crypto.subtle.importKey(
    'raw',
    senderKey,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  )
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: senderPublic }, privateKey, 256),
  )
  // RFC 8291 §3.3-3.4: the auth secret and both public keys go into the IKM.
  const prkKey = await hmac(fromBase64Url(keys.auth), shared)
  const ikm = await hmac(
    prkKey,
    concat(text('WebPush: info\0'), receiverPublic, senderKey, new Uint8Array([1])),
  )
  // RFC 8188 §2.2-2.3: the content encryption key and the nonce of record 0.
  const prk = await hmac(salt, ikm)
  const cek = (
    await hmac(prk, concat(text('Content-Encoding: aes128gcm\0'), new Uint8Array([1])))
  ).slice(0, 16)
  const nonce = (
    await hmac(prk, concat(text('Content-Encoding: nonce\0'), new Uint8Array([1])))
  ).slice(0, 12)
  const aesKey = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt'])
  const padded = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aesKey, ciphertext),
  )
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (end < 0 || padded[end] !== 2) throw new Error('the record is not marked as the last one')
  return padded.slice(0, end)
}
