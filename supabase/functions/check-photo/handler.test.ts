import assert from 'node:assert/strict'
import { ImageMagick, MagickColor, MagickFormat } from 'npm:@imagemagick/magick-wasm@0.0.43'
import { testCallers } from '../_shared/testing/callers.ts'
import { createHandler, MAX_UPLOAD_BYTES, MESSAGES, type RpcError } from './handler.ts'
import { reencodePhoto } from './photo-codec.ts'

const callers = await testCallers()
const CHAT = crypto.randomUUID()

type Stored = { bucket: string; name: string; jpeg: Uint8Array }

function harness(reserveError: RpcError | null = null) {
  const stored: Stored[] = []
  const reserved: { authorization: string; bytes: number }[] = []
  const handler = createHandler({
    allowedOrigins: [],
    callerEnv: callers.env,
    reserve: (authorization, args) => {
      reserved.push({ authorization, bytes: args.bytes })
      return Promise.resolve({ error: reserveError })
    },
    store: (bucket, name, jpeg) => {
      if (stored.some((s) => s.bucket === bucket && s.name === name)) {
        return Promise.resolve('exists' as const)
      }
      stored.push({ bucket, name, jpeg })
      return Promise.resolve('stored' as const)
    },
  })
  return { handler, stored, reserved }
}

async function send(
  handler: (request: Request) => Promise<Response>,
  photo: Uint8Array,
  declaredType: string,
  options: { name?: string; bucket?: string; authorization?: string | null } = {},
) {
  const userId = crypto.randomUUID()
  const query = new URLSearchParams({
    bucket: options.bucket ?? 'chat-photos',
    name: options.name ?? `${CHAT}/${userId}/${crypto.randomUUID()}.jpg`,
  })
  const authorization =
    options.authorization === undefined
      ? await callers.user({ sub: userId, isAnonymous: true })
      : options.authorization
  return handler(
    new Request(`http://localhost/check-photo?${query}`, {
      method: 'POST',
      headers: { 'content-type': declaredType, ...(authorization ? { authorization } : {}) },
      body: photo.slice(),
    }),
  )
}

/** A JPEG of width x height, drawn by ImageMagick. */
async function drawnJpeg(width: number, height: number): Promise<Uint8Array> {
  await reencodePhoto(await drawnPng(1, 1), 'png') // loads the wasm
  return ImageMagick.read(new MagickColor('#3a6'), width, height, (image) =>
    image.write(MagickFormat.Jpeg, (out) => Uint8Array.from(out)),
  )
}

async function drawnPng(width: number, height: number): Promise<Uint8Array> {
  // a 1 x 1 PNG by hand first (no wasm needed), then ImageMagick for larger ones
  if (width === 1 && height === 1) {
    return Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    )
  }
  await drawnJpeg(1, 1)
  return ImageMagick.read(new MagickColor('#c33'), width, height, (image) =>
    image.write(MagickFormat.Png, (out) => Uint8Array.from(out)),
  )
}

/** An APP1 Exif segment holding a GPS IFD (GPSLatitudeRef N), as a phone writes one. */
function exifGpsSegment(): Uint8Array {
  const tiff = new Uint8Array(56)
  const view = new DataView(tiff.buffer)
  tiff.set([0x4d, 0x4d], 0) // MM
  view.setUint16(2, 42)
  view.setUint32(4, 8)
  view.setUint16(8, 1) // IFD0: one entry, GPSInfo
  view.setUint16(10, 0x8825)
  view.setUint16(12, 4)
  view.setUint32(14, 1)
  view.setUint32(18, 26)
  view.setUint32(22, 0)
  view.setUint16(26, 2) // GPS IFD: GPSVersionID, GPSLatitudeRef
  view.setUint16(28, 0x0000)
  view.setUint16(30, 1)
  view.setUint32(32, 4)
  tiff.set([2, 2, 0, 0], 36)
  view.setUint16(40, 0x0001)
  view.setUint16(42, 2)
  view.setUint32(44, 2)
  tiff.set([0x4e, 0], 48)
  view.setUint32(52, 0)
  const body = new Uint8Array([...new TextEncoder().encode('Exif\0\0'), ...tiff])
  return new Uint8Array([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body])
}

const withExif = (jpeg: Uint8Array) =>
  new Uint8Array([...jpeg.subarray(0, 2), ...exifGpsSegment(), ...jpeg.subarray(2)])

const contains = (haystack: Uint8Array, needle: Uint8Array) => {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}
const EXIF = new TextEncoder().encode('Exif\0\0')
const APP1 = new Uint8Array([0xff, 0xe1])

Deno.test('HTML declared image/png is refused (415) and nothing is stored', async () => {
  const { handler, stored, reserved } = harness()
  const html = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>')
  const response = await send(handler, html, 'image/png')
  assert.equal(response.status, 415)
  assert.deepEqual(await response.json(), {
    error: { code: 'not_an_image', message: MESSAGES.notAnImage },
  })
  assert.equal(stored.length, 0)
  assert.equal(reserved.length, 0)
})

Deno.test('an SVG with a script declared image/webp is refused (415)', async () => {
  const { handler, stored } = harness()
  const svg = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  )
  assert.equal((await send(handler, svg, 'image/webp')).status, 415)
  assert.equal(stored.length, 0)
})

Deno.test('bytes that start like a JPEG but do not decode are refused (422)', async () => {
  const { handler, stored } = harness()
  const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode('<html>')])
  const response = await send(handler, fake, 'image/jpeg')
  assert.equal(response.status, 422)
  assert.equal((await response.json()).error.code, 'unreadable')
  assert.equal(stored.length, 0)
})

Deno.test(
  'a JPEG with an Exif GPS block is stored re-encoded, without Exif, at most 1600 px',
  async () => {
    const { handler, stored, reserved } = harness()
    const original = withExif(await drawnJpeg(2400, 1800))
    assert.ok(contains(original, EXIF))
    ImageMagick.read(original, MagickFormat.Jpeg, (image) => {
      assert.notEqual(image.getProfile('exif'), null, 'the test photo carries Exif')
    })
    const response = await send(handler, original, 'image/jpeg')
    assert.equal(response.status, 200)
    const [photo] = stored
    assert.ok(photo)
    assert.deepEqual((await response.json()).path, photo.name)
    assert.deepEqual([...photo.jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff])
    assert.equal(contains(photo.jpeg, EXIF), false)
    assert.equal(contains(photo.jpeg, APP1), false)
    // decoded again: no Exif profile, the long side capped
    ImageMagick.read(photo.jpeg, MagickFormat.Jpeg, (image) => {
      assert.equal(image.getProfile('exif'), null)
      assert.equal(image.width, 1600)
      assert.equal(image.height, 1200)
    })
    assert.equal(reserved[0]?.bytes, photo.jpeg.byteLength)
    assert.match(reserved[0]?.authorization ?? '', /^Bearer /)
  },
)

Deno.test('a PNG (declared as anything) becomes a JPEG', async () => {
  const { handler, stored } = harness()
  const response = await send(handler, await drawnPng(40, 30), 'text/plain')
  assert.equal(response.status, 200)
  assert.deepEqual([...(stored[0]?.jpeg.subarray(0, 3) ?? [])], [0xff, 0xd8, 0xff])
})

Deno.test('the unsent-photo limit answers 429 with Retry-After; a stranger 403', async () => {
  const jpeg = await drawnJpeg(20, 20)
  const limited = harness({ message: 'too_many_photos', details: '1200' })
  const response = await send(limited.handler, jpeg, 'image/jpeg')
  assert.equal(response.status, 429)
  assert.equal(response.headers.get('retry-after'), '1200')
  assert.deepEqual(await response.json(), {
    error: { code: 'too_many_photos', message: MESSAGES.tooMany },
  })
  assert.equal(limited.stored.length, 0)
  const stranger = harness({ message: 'photo_not_allowed' })
  assert.equal((await send(stranger.handler, jpeg, 'image/jpeg')).status, 403)
  assert.equal(stranger.stored.length, 0)
})

Deno.test(
  'bad names, buckets, sizes and callers are refused before anything is stored',
  async () => {
    const { handler, stored } = harness()
    const jpeg = await drawnJpeg(20, 20)
    const id = () => crypto.randomUUID()
    for (const name of [`${id()}/${id()}/${id()}.png`, `${id()}/x/${id()}.jpg`, `../${id()}.jpg`]) {
      assert.equal((await send(handler, jpeg, 'image/jpeg', { name })).status, 400, name)
    }
    assert.equal((await send(handler, jpeg, 'image/jpeg', { bucket: 'avatars' })).status, 400)
    assert.equal(
      (await send(handler, jpeg, 'image/jpeg', { bucket: 'item-photos' })).status,
      400,
      'an item photo is <item>/<uuid>.jpg',
    )
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(jpeg)
    assert.equal((await send(handler, big, 'image/jpeg')).status, 413)
    assert.equal((await send(handler, jpeg, 'image/jpeg', { authorization: null })).status, 401)
    assert.equal(
      (await send(handler, jpeg, 'image/jpeg', { authorization: await callers.otherKey() })).status,
      401,
    )
    assert.equal(stored.length, 0)
  },
)

Deno.test('a name already taken is a 409, never an overwrite', async () => {
  const { handler, stored } = harness()
  const jpeg = await drawnJpeg(20, 20)
  const name = `${CHAT}/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`
  assert.equal((await send(handler, jpeg, 'image/jpeg', { name })).status, 200)
  assert.equal((await send(handler, jpeg, 'image/jpeg', { name })).status, 409)
  assert.equal(stored.length, 1)
})

/** A PNG that claims width x height pixels (a decompression bomb's header), with no real picture. */
function pngClaiming(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (bytes: Uint8Array) => {
    let c = 0xffffffff
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data])
    const out = new Uint8Array(12 + data.length)
    const view = new DataView(out.buffer)
    view.setUint32(0, data.length)
    out.set(body, 4)
    view.setUint32(8 + data.length, crc32(body))
    return out
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  return new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk('IHDR', header),
    ...chunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    ...chunk('IEND', new Uint8Array()),
  ])
}

Deno.test(
  'an image claiming more pixels than allowed is refused from its header (422)',
  async () => {
    const { handler, stored } = harness()
    for (const [width, height] of [
      [20_000, 20_000],
      [13_000, 10],
    ] as const) {
      const response = await send(handler, pngClaiming(width, height), 'image/png')
      assert.equal(response.status, 422, `${width} x ${height}`)
      // refused by the size limits at the header, not for the missing picture data after it
      await assert.rejects(reencodePhoto(pngClaiming(width, height), 'png'), /IHDR/)
    }
    await assert.rejects(reencodePhoto(pngClaiming(100, 10), 'png'), /Not enough image data/)
    assert.equal(stored.length, 0)
  },
)
