/**
 * The local stack's Storage, driven by the unmodified supabase-js storage
 * client: uploads, downloads (authenticated and by signed URL), signed URLs,
 * remove, list, info/exists, the buckets' size and MIME limits, RLS on
 * storage.objects for each role, and Storage's error shapes (wire status 400,
 * the intended status in `statusCode`).
 */
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededUser } from '../../local-supabase/testing/chat-fixtures.ts'
import {
  client,
  serviceClient,
  startTestStack,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import type { UserClient } from '../../local-supabase/testing/realtime-support.ts'

let stack: TestStack
let alice: UserClient
let bob: UserClient

const BUCKET = 'conformance'
const png = (size = 64) => {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  for (let i = 8; i < size; i++) bytes[i] = i % 251
  return new Blob([bytes], { type: 'image/png' })
}

beforeAll(async () => {
  stack = await startTestStack({
    storage: {
      enabled: true,
      fileSizeLimit: 50 * 1024 * 1024,
      buckets: [
        {
          id: BUCKET,
          public: false,
          fileSizeLimit: 1024,
          allowedMimeTypes: ['image/png', 'image/jpeg'],
        },
      ],
    },
  })
  // An owner-folder policy set, written as an app would in a migration.
  await stack.context.db.exec(`
    create policy "conformance read own folder" on storage.objects for select to authenticated
      using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "conformance write own folder" on storage.objects for insert to authenticated
      with check (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "conformance replace own" on storage.objects for update to authenticated
      using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "conformance delete own" on storage.objects for delete to authenticated
      using (bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text);
  `)
  alice = await seededUser(stack)
  bob = await seededUser(stack)
}, 180_000)

afterAll(async () => {
  await stack?.close()
})

const files = () => alice.client.storage.from(BUCKET)

describe('Storage (local stack) with supabase-js', () => {
  it('uploads, downloads, describes and finds an object', async () => {
    const path = `${alice.id}/photo.png`
    const blob = png()
    const { data, error } = await files().upload(path, blob)
    expect(error).toBeNull()
    expect(data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` })
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)

    const downloaded = await files().download(path)
    expect(downloaded.error).toBeNull()
    expect(new Uint8Array(await downloaded.data!.arrayBuffer())).toEqual(
      new Uint8Array(await blob.arrayBuffer()),
    )

    const info = await files().info(path)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: path,
      bucketId: BUCKET,
      size: 64,
      contentType: 'image/png',
    })
    expect((await files().exists(path)).data).toBe(true)
    expect((await files().exists(`${alice.id}/missing.png`)).data).toBe(false)
  })

  it('refuses to overwrite without x-upsert and replaces with it', async () => {
    const path = `${alice.id}/again.png`
    expect((await files().upload(path, png(10))).error).toBeNull()
    const twice = await files().upload(path, png(20))
    expect(twice.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    const upserted = await files().upload(path, png(30), { upsert: true })
    expect(upserted.error).toBeNull()
    expect((await files().download(path)).data?.size).toBe(30)
  })

  it("answers the bucket's size and MIME limits with Storage's errors", async () => {
    const tooBig = await files().upload(`${alice.id}/big.png`, png(2048))
    expect(tooBig.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' })
    const wrongType = await files().upload(`${alice.id}/drawing.svg`, svg)
    expect(wrongType.error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type image/svg+xml is not supported',
    })
    const unknown = await alice.client.storage.from('no-such-bucket').upload('x.png', png())
    expect(unknown.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    // nothing of the refused uploads was kept
    expect((await files().exists(`${alice.id}/big.png`)).data).toBe(false)
    expect((await files().exists(`${alice.id}/drawing.svg`)).data).toBe(false)
  })

  it('refuses a 30 MB upload (a phone video chosen by mistake) with 413 and keeps nothing', async () => {
    const huge = await files().upload(`${alice.id}/video.jpg`, png(30 * 1024 * 1024), {
      contentType: 'image/jpeg',
    })
    expect(huge.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    expect((await files().exists(`${alice.id}/video.jpg`)).data).toBe(false)
    expect((await files().list(alice.id)).data?.map((f) => f.name)).not.toContain('video.jpg')
  })

  it('serves a signed URL without a session, and only for the object it names', async () => {
    const path = `${alice.id}/signed.png`
    await files().upload(path, png(40))
    const signed = await files().createSignedUrl(path, 60)
    expect(signed.error).toBeNull()
    const url = signed.data!.signedUrl
    expect(url).toContain(`/storage/v1/object/sign/${BUCKET}/${path}?token=`)
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    // the browser takes the stored type as it is, never sniffing the bytes as HTML or SVG
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await response.arrayBuffer()).byteLength).toBe(40)

    const other = url.replace('signed.png', 'photo.png')
    const misused = await fetch(other)
    expect(misused.status).toBe(400)
    expect(await misused.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })

    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ url: `${BUCKET}/${path}` })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(stack.config.jwtSecret))
    const late = await fetch(url.replace(/token=[^&]+/, `token=${expired}`))
    expect(late.status).toBe(400)
    expect(await late.json()).toMatchObject({ code: 'InvalidJWT' })

    const many = await files().createSignedUrls([path, `${bob.id}/not-mine.png`], 60)
    expect(many.error).toBeNull()
    expect(many.data?.[0]?.signedUrl).toContain('token=')
    expect(many.data?.[1]).toMatchObject({
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    })
  })

  it('removes objects, after which their signed URLs answer 400 with NoSuchKey', async () => {
    const path = `${alice.id}/gone.png`
    await files().upload(path, png())
    const url = (await files().createSignedUrl(path, 60)).data!.signedUrl
    const removed = await files().remove([path])
    expect(removed.error).toBeNull()
    expect(removed.data?.map((row) => row.name)).toEqual([path])
    const after = await fetch(url)
    expect(after.status).toBe(400)
    expect(await after.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    expect((await files().download(path)).error).toMatchObject({ statusCode: '404' })
  })

  it('lists one level: folders first by name, files with their metadata', async () => {
    await files().upload(`${alice.id}/album/a.png`, png())
    await files().upload(`${alice.id}/album/b.png`, png())
    const top = await files().list(alice.id)
    expect(top.error).toBeNull()
    const album = top.data?.find((entry) => entry.name === 'album')
    expect(album).toMatchObject({ id: null, metadata: null })
    const inside = await files().list(`${alice.id}/album`)
    expect(inside.data?.map((entry) => entry.name)).toEqual(['a.png', 'b.png'])
    expect(inside.data?.[0]?.metadata).toMatchObject({ mimetype: 'image/png', size: 64 })
  })

  it('lets RLS decide for each role: another user, anon and the service role', async () => {
    const path = `${alice.id}/private.png`
    await files().upload(path, png())
    const theirs = bob.client.storage.from(BUCKET)
    expect((await theirs.download(path)).error).toMatchObject({
      statusCode: '404',
      message: 'Object not found',
    })
    expect((await theirs.createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' })
    expect((await theirs.list(alice.id)).data).toEqual([])
    const intrusion = await theirs.upload(`${alice.id}/planted.png`, png())
    expect(intrusion.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect((await theirs.remove([path])).data).toEqual([])
    expect((await files().exists(path)).data).toBe(true)

    const anon = client(stack).storage.from(BUCKET)
    expect((await anon.list(alice.id)).data).toEqual([])
    expect((await anon.download(path)).error).toMatchObject({ statusCode: '404' })
    expect((await anon.upload(`${alice.id}/anon.png`, png())).error).toMatchObject({
      statusCode: '403',
    })

    const service = serviceClient(stack).storage.from(BUCKET)
    expect((await service.download(path)).error).toBeNull()
    expect((await service.list(alice.id)).data?.some((e) => e.name === 'private.png')).toBe(true)
  })

  it('refuses a key with a `..` segment and keeps nothing', async () => {
    // URLs resolve a plain `..` (even %2E%2E) before anything is sent; an encoded
    // slash keeps it inside one segment, which the key then holds after decoding
    const response = await fetch(
      `${stack.apiUrl}/storage/v1/object/${BUCKET}/${alice.id}/..%2F..%2Fescape.png`,
      {
        method: 'POST',
        headers: {
          apikey: stack.config.publishableKey,
          authorization: `Bearer ${stack.config.serviceRoleKey}`,
          'content-type': 'image/png',
        },
        body: new Uint8Array([1, 2, 3]),
      },
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidKey',
      message: `Invalid key: ${alice.id}/../../escape.png`,
    })
    const service = serviceClient(stack).storage.from(BUCKET)
    expect((await service.list('')).data?.some((entry) => entry.name === 'escape.png')).toBe(false)
  })

  it('refuses an over-long key with 400 as hosted Storage does (S3 KeyTooLongError), keeping nothing', async () => {
    const tooLong = {
      // one 300-character name: more than a file name on disk holds
      name: `${alice.id}/${'n'.repeat(296)}.png`,
      // 1,100 characters in short folders: more than S3's 1024 bytes
      path: `${alice.id}/${Array.from({ length: 54 }, () => 'folder-abcdefghijk').join('/')}/x.png`,
    }
    expect(tooLong.name.length).toBeGreaterThan(300)
    expect(tooLong.path.length).toBeGreaterThan(1_000)
    for (const [what, key] of Object.entries(tooLong)) {
      const { data, error } = await files().upload(key, png())
      expect(data, what).toBeNull()
      expect(error, what).toMatchObject({
        status: 400,
        statusCode: '400',
        message: 'KeyTooLongError',
      })
    }
    const service = serviceClient(stack).storage.from(BUCKET)
    const { data: listed } = await service.list(alice.id, { limit: 1000 })
    expect(
      listed?.some((entry) => entry.name.startsWith('nnnn') || entry.name === 'folder-abcdefghijk'),
    ).toBe(false)
  })

  it("says what the local stack does not support, in Storage's format", async () => {
    await files().upload(`${alice.id}/t.png`, png())
    const transformed = await files().download(`${alice.id}/t.png`, { transform: { width: 10 } })
    expect(transformed.error).toMatchObject({
      statusCode: '501',
      message: 'Image transformation is not supported by the local Supabase stack',
    })
    const resumable = await fetch(`${stack.apiUrl}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { apikey: stack.config.publishableKey },
    })
    expect(resumable.status).toBe(400)
    expect(await resumable.json()).toMatchObject({ code: 'NotSupported' })
  })

  it("refuses managing buckets with a status that is not 409, which an idempotent createBucket takes for 'already exists'", async () => {
    const { error } = await serviceClient(stack).storage.createBucket('made-by-api')
    expect(error).toMatchObject({ status: 400, statusCode: '501' })
    expect(error?.message).toMatch(/is not supported by the local Supabase stack/)
  })

  it('refuses a request with no key at all, as storage-api does ("Invalid Compact JWS")', async () => {
    const refused = {
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
    }
    const buckets = await fetch(`${stack.apiUrl}/storage/v1/bucket`)
    expect(buckets.status).toBe(400)
    expect(await buckets.json()).toEqual(refused)
    const list = await fetch(`${stack.apiUrl}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    expect(list.status).toBe(400)
    expect(await list.json()).toEqual(refused)
    // the publishable key alone is the anon role, as the platform's gateway makes it
    const anon = await fetch(`${stack.apiUrl}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: { apikey: stack.config.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    expect(anon.status).toBe(200)
    expect(await anon.json()).toEqual([])
  })

  it("answers buckets with storage-api's columns and JavaScript timestamps", async () => {
    const service = serviceClient(stack).storage
    const listed = await service.listBuckets()
    expect(listed.error).toBeNull()
    const bucket = listed.data?.find((b) => b.id === BUCKET)
    expect(Object.keys(bucket ?? {}).sort()).toEqual(
      [
        'allowed_mime_types',
        'created_at',
        'file_size_limit',
        'id',
        'name',
        'owner',
        'public',
        'type',
        'updated_at',
      ].sort(),
    )
    expect(bucket).toMatchObject({ id: BUCKET, name: BUCKET, public: false, type: 'STANDARD' })
    const one = await service.getBucket(BUCKET)
    expect(one.error).toBeNull()
    expect(Object.keys(one.data ?? {}).sort()).toEqual(
      [
        'allowed_mime_types',
        'created_at',
        'file_size_limit',
        'id',
        'name',
        'owner',
        'public',
        'updated_at',
      ].sort(),
    )
    for (const time of [bucket?.created_at, bucket?.updated_at, one.data?.created_at]) {
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    }
  })

  it('refuses deleting rows of storage.objects outside the Storage API, as hosted Supabase does', async () => {
    await expect(stack.context.db.exec(`delete from storage.objects`)).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    )
  })
})
