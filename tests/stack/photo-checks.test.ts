/**
 * Photos checked on the server, on the local stack with the Edge Functions in
 * real Deno (check-photo decoding with ImageMagick's wasm build): bytes that
 * are not an image are refused whatever type is declared, and members cannot
 * write into the buckets past check-photo; a JPEG carrying an Exif GPS block
 * reaches the other side re-encoded without it; the finder's deletion stops the
 * signed URLs handed out before in the same request; and the unsent-photo
 * limit per member holds, parallel uploads included.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  activatedItem,
  reportFound,
  seededUser,
} from '../../local-supabase/testing/chat-fixtures.ts'
import {
  checkPhoto,
  jpegSegments,
  METADATA_MARKERS,
  SMALL_JPEG,
  withExifGps,
} from '../../local-supabase/testing/photo-fixtures.ts'
import type { UserClient } from '../../local-supabase/testing/realtime-support.ts'
import {
  serviceClient,
  startTestStack,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({}, { functions: true })
}, 180_000)

afterAll(async () => {
  await stack?.close()
})

/** An owner, an anonymous finder and the chat of the finder's report. */
async function conversation(): Promise<{ owner: UserClient; finder: UserClient; chatId: string }> {
  const owner = await seededUser(stack)
  const finder = await seededUser(stack, { isAnonymous: true })
  const { tagCode } = await activatedItem(stack, owner.id)
  const report = await reportFound(serviceClient(stack), tagCode, finder.id)
  return { owner, finder, chatId: report.chat_id }
}

const photoName = (chatId: string, member: UserClient) =>
  `${chatId}/${member.id}/${randomUUID()}.jpg`

async function sendPhotos(member: UserClient, chatId: string, paths: string[]) {
  const { error } = await member.client
    .from('messages')
    .insert({ chat_id: chatId, body: '', photo_paths: paths })
  expect(error).toBeNull()
}

describe('photos checked on the server (local stack, real Deno)', () => {
  it('refuses HTML declared image/png and an SVG declared image/webp; nobody writes into the bucket directly', async () => {
    const { finder, chatId } = await conversation()
    const html = Buffer.from('<!doctype html><script>alert(document.domain)</script>')
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    for (const [bytes, type] of [
      [html, 'image/png'],
      [svg, 'image/webp'],
      [html, 'image/jpeg'],
    ] as const) {
      const refused = await checkPhoto(
        finder.client,
        'chat-photos',
        photoName(chatId, finder),
        bytes,
        type,
      )
      expect(refused.status).toBe(415)
      expect(refused.body).toEqual({
        error: {
          code: 'not_an_image',
          message: 'not_an_image',
        },
      })
    }
    // straight to Storage, in the member's own folder: refused by the policies
    for (const [bytes, type] of [
      [html, 'image/jpeg'],
      [SMALL_JPEG, 'image/jpeg'],
    ] as const) {
      const { error } = await finder.client.storage
        .from('chat-photos')
        .upload(photoName(chatId, finder), new Blob([new Uint8Array(bytes)], { type }))
      expect(error).toMatchObject({ statusCode: '403' })
    }
    const { rows } = await stack.context.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where name like $1`,
      [`${chatId}/%`],
    )
    expect(rows[0]?.n).toBe(0)
  })

  it('a JPEG with an Exif GPS block reaches the other side re-encoded, without it', async () => {
    const { owner, finder, chatId } = await conversation()
    const original = withExifGps(SMALL_JPEG)
    expect(jpegSegments(original)).toContain(0xe1)
    const path = photoName(chatId, finder)
    // declared as a PNG: the bytes decide, and what is stored is a JPEG
    expect(await checkPhoto(finder.client, 'chat-photos', path, original, 'image/png')).toEqual({
      status: 200,
      body: { path },
      retryAfter: null,
    })
    await sendPhotos(finder, chatId, [path])

    const signed = await owner.client.storage.from('chat-photos').createSignedUrl(path, 300)
    expect(signed.error).toBeNull()
    const response = await fetch(signed.data!.signedUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const received = Buffer.from(await response.arrayBuffer())
    const segments = jpegSegments(received)
    expect(segments).toContain(0xc0) // a baseline frame: it decodes as a JPEG
    for (const marker of METADATA_MARKERS) expect(segments).not.toContain(marker)
    expect(received.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false)
  })

  it("a deleted finder's photo URLs answer 4xx as soon as the deletion answers", async () => {
    const { owner, finder, chatId } = await conversation()
    const path = photoName(chatId, finder)
    expect((await checkPhoto(finder.client, 'chat-photos', path, SMALL_JPEG)).status).toBe(200)
    await sendPhotos(finder, chatId, [path])
    const urls = await Promise.all(
      [owner, finder].map(async (member) => {
        const { data } = await member.client.storage.from('chat-photos').createSignedUrl(path, 300)
        return data!.signedUrl
      }),
    )
    for (const url of urls) expect((await fetch(url)).status).toBe(200)

    const { data, error } = await finder.client.functions.invoke('delete-my-details', {
      body: { chat_id: chatId },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ deleted: true })
    for (const url of urls) {
      const response = await fetch(url)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    }
  })

  it('holds each member to 20 unsent photos an hour, parallel uploads too, in our words', async () => {
    const { owner, finder, chatId } = await conversation()
    const names = Array.from({ length: 24 }, () => photoName(chatId, finder))
    const answers = await Promise.all(
      names.map((name) => checkPhoto(finder.client, 'chat-photos', name, SMALL_JPEG)),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(refused).toHaveLength(4)
    for (const answer of refused) {
      expect(answer.status).toBe(429)
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
      expect(answer.body).toEqual({
        error: {
          code: 'too_many_photos',
          message: 'too_many_photos',
        },
      })
    }
    const { rows } = await stack.context.db.query<{ n: number }>(
      `select count(*)::int as n from storage.objects where name like $1`,
      [`${chatId}/${finder.id}/%`],
    )
    expect(rows[0]?.n).toBe(20)
    // the other member of the chat is not held by the finder's uploads
    expect(
      (await checkPhoto(owner.client, 'chat-photos', photoName(chatId, owner), SMALL_JPEG)).status,
    ).toBe(200)
  })
})
