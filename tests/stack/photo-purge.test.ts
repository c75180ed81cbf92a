/**
 * Photos (stored through check-photo, as the app stores them) go with the
 * finder's data: after purge_finder_data, the purge-photos
 * Edge Function (real Deno, as the cron job calls it) removes every photo of
 * the purged chat through the Storage API, so no object of the finder's is
 * left, on disk or in storage.objects, and the signed URLs handed out before
 * answer Storage's 400 (statusCode 404). And delete-account, in real Deno: the
 * owner's item photo and both sides' chat photos are gone when it answers.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  activatedItem,
  reportFound,
  seededUser,
} from '../../local-supabase/testing/chat-fixtures.ts'
import { checkPhoto, SMALL_JPEG } from '../../local-supabase/testing/photo-fixtures.ts'
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

it("leaves no object of the finder's after the purge", async () => {
  const service = serviceClient(stack)
  const owner = await seededUser(stack)
  const finder = await seededUser(stack, { isAnonymous: true })
  const { tagCode } = await activatedItem(stack, owner.id)
  const report = await reportFound(service, tagCode, finder.id)

  const send = async (member: typeof owner, count: number) => {
    const paths: string[] = []
    for (let i = 0; i < count; i++) {
      const path = `${report.chat_id}/${member.id}/${randomUUID()}.jpg`
      expect((await checkPhoto(member.client, 'chat-photos', path, SMALL_JPEG)).status).toBe(200)
      paths.push(path)
    }
    const { error } = await member.client
      .from('messages')
      .insert({ chat_id: report.chat_id, body: '', photo_paths: paths })
    expect(error).toBeNull()
    return paths
  }
  const finderPaths = await send(finder, 2)
  const ownerPaths = await send(owner, 1)
  const signed = await owner.client.storage
    .from('chat-photos')
    .createSignedUrls([...finderPaths, ...ownerPaths], 600)
  const urls = signed.data!.map((entry) => entry.signedUrl!)
  for (const url of urls) expect((await fetch(url)).status).toBe(200)

  await stack.context.db.query(
    `update public.found_reports set purge_after = now() - interval '1 minute' where id = $1`,
    [report.report_id],
  )
  expect((await service.rpc('purge_finder_data')).error).toBeNull()
  const { data, error } = await service.functions.invoke('purge-photos', { body: {} })
  expect(error).toBeNull()
  expect(data).toEqual({ removed: 3, failed: 0 })

  const { rows } = await stack.context.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects
      where name like $1 or name like $2`,
    [`%/${finder.id}/%`, `${report.chat_id}/%`],
  )
  expect(rows[0]?.n).toBe(0)
  for (const url of urls) {
    const response = await fetch(url)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
  }
})

it("delete-account removes the owner's item photos and every photo of their chats at once", async () => {
  const service = serviceClient(stack)
  const owner = await seededUser(stack)
  const finder = await seededUser(stack, { isAnonymous: true })
  const { itemId, tagCode } = await activatedItem(stack, owner.id)
  const report = await reportFound(service, tagCode, finder.id)

  const itemPhoto = `${itemId}/${randomUUID()}.jpg`
  expect((await checkPhoto(owner.client, 'item-photos', itemPhoto, SMALL_JPEG)).status).toBe(200)
  for (const member of [owner, finder]) {
    const path = `${report.chat_id}/${member.id}/${randomUUID()}.jpg`
    expect((await checkPhoto(member.client, 'chat-photos', path, SMALL_JPEG)).status).toBe(200)
    const { error } = await member.client
      .from('messages')
      .insert({ chat_id: report.chat_id, body: '', photo_paths: [path] })
    expect(error).toBeNull()
  }

  const { data, error } = await owner.client.functions.invoke('delete-account', { body: {} })
  expect(error).toBeNull()
  expect(data).toEqual({ deleted: true })

  const { rows } = await stack.context.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects
      where name like $1 or name like $2 or name like $3`,
    [`%/${owner.id}/%`, `${report.chat_id}/%`, `${itemId}/%`],
  )
  expect(rows[0]?.n).toBe(0)
})
