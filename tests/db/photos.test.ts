/**
 * Photos: the policies on storage.objects for the chat-photos and item-photos
 * buckets, the messages that carry photos and reserve_photo_upload (what
 * check-photo asks before storing a photo), acted out role by role (the
 * chat's owner and finder, another owner, no session, the service role), as
 * the Storage API runs each call (the caller's role, storage.operation set).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../local-supabase/config.ts'
import type { Database, Row } from '../../local-supabase/db/types.ts'
import { withRole } from '../../local-supabase/roles.ts'
import { seedBuckets } from '../../local-supabase/storage/buckets.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  noSession,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  PERMISSION_DENIED,
  RLS_VIOLATION,
  serviceRole,
  type Actor,
  type ItemRow,
  type ReportResult,
} from './helpers.ts'

let db: Database
let owner: Actor
let otherOwner: Actor
let finder: Actor
let item: ItemRow
let report: ReportResult

beforeAll(async () => {
  db = await openTestDatabase()
  // the buckets config.toml declares, as the stack (or `supabase seed buckets`) creates them
  await seedBuckets(db, parseConfig({}).storage.buckets)
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
  otherOwner = await createUser(db, 'other owner', { metadata: registeredMetadata() })
  finder = await createUser(db, 'finder', { anonymous: true })
  item = await giveItem(db, owner, 'Red umbrella')
  report = await reportFound(db, item.tag_code, finder)
}, 180_000)

afterAll(async () => {
  await db?.close()
})

/** A statement as the Storage API runs it for the actor. */
function asStorage<R extends Row = Row>(
  actor: Actor,
  operation: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return withRole(
    db,
    {
      ...actor.context,
      settings: {
        ...actor.context.settings,
        'storage.operation': `storage.object.${operation}`,
        // what Storage sets for its own statements (storage.protect_delete)
        'storage.allow_delete_query': 'true',
      },
    },
    async (tx) => (await tx.query<R>(sql, params)).rows,
  )
}

const upload = (actor: Actor, bucket: string, name: string) =>
  asStorage(
    actor,
    'upload',
    'insert into storage.objects (bucket_id, name, owner_id, metadata) values ($1, $2, $3, $4) returning name',
    [bucket, name, actor.userId, JSON.stringify({ mimetype: 'image/jpeg', size: 10 })],
  )

/** What check-photo does after its checks: the service role stores the re-encoded photo (no owner). */
const store = (bucket: string, name: string) =>
  asStorage(
    serviceRole,
    'upload',
    'insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3) returning name',
    [bucket, name, JSON.stringify({ mimetype: 'image/jpeg', size: 10 })],
  )

const visible = async (actor: Actor, bucket: string, name: string, operation = 'get') =>
  (
    await asStorage(
      actor,
      operation,
      'select name from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    )
  ).length === 1

const chatPhoto = (actor: Actor) => `${report.chat_id}/${actor.userId}/${randomUUID()}.jpg`
const itemPhoto = () => `${item.id}/${randomUUID()}.webp`

const send = (actor: Actor, paths: string[], body = '') =>
  query(
    db,
    actor,
    'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3) returning id',
    [report.chat_id, body, paths],
  )

describe('chat photos', () => {
  it('nobody but the service role (check-photo) writes into the bucket, not even into their own folder', async () => {
    for (const actor of [finder, owner]) {
      await expectPgError(upload(actor, 'chat-photos', chatPhoto(actor)), {
        code: '42501',
        message: RLS_VIOLATION,
      })
    }
    await expectPgError(upload(otherOwner, 'chat-photos', chatPhoto(otherOwner)), {
      code: '42501',
      message: RLS_VIOLATION,
    })
    await expectPgError(
      upload(noSession, 'chat-photos', `${report.chat_id}/x/${randomUUID()}.jpg`),
      { code: '42501', message: RLS_VIOLATION },
    )
    expect(await store('chat-photos', chatPhoto(finder))).toHaveLength(1)
  })

  it('a photo is seen by the chat once a message carries it, by the sender before', async () => {
    const name = chatPhoto(finder)
    await store('chat-photos', name)
    expect(await visible(finder, 'chat-photos', name)).toBe(true)
    expect(await visible(owner, 'chat-photos', name)).toBe(false)

    await send(finder, [name], 'Is this yours?')
    expect(await visible(owner, 'chat-photos', name)).toBe(true)
    expect(await visible(otherOwner, 'chat-photos', name)).toBe(false)
    expect(await visible(noSession, 'chat-photos', name)).toBe(false)
    expect(await visible(serviceRole, 'chat-photos', name)).toBe(true)
    // a message may be photos alone
    const alone = chatPhoto(finder)
    await store('chat-photos', alone)
    expect(await send(finder, [alone])).toHaveLength(1)
  })

  it("a message carries only its sender's uploads in that chat, at most three", async () => {
    const theirs = chatPhoto(finder)
    await store('chat-photos', theirs)
    await expectPgError(send(owner, [theirs]), { code: '42501', message: RLS_VIOLATION })
    await expectPgError(send(finder, [`${report.chat_id}/${finder.userId}/${randomUUID()}.jpg`]), {
      code: '42501',
      message: RLS_VIOLATION,
    })
    const four = [chatPhoto(finder), chatPhoto(finder), chatPhoto(finder), chatPhoto(finder)]
    for (const name of four) await store('chat-photos', name)
    await expectPgError(send(finder, four), { code: '23514' })
    await expectPgError(send(finder, []), { code: '23514' })
  })

  it('nobody lists a bucket, not even a member', async () => {
    const name = chatPhoto(finder)
    await store('chat-photos', name)
    await send(finder, [name], 'Listed?')
    for (const actor of [owner, finder, otherOwner, noSession]) {
      expect(await visible(actor, 'chat-photos', name, 'list')).toBe(false)
    }
  })

  it('nobody deletes a photo by SQL; rows go through the Storage API only', async () => {
    const name = chatPhoto(finder)
    await store('chat-photos', name)
    const deleted = await asStorage(
      finder,
      'delete_many',
      'delete from storage.objects where bucket_id = $1 and name = $2 returning name',
      ['chat-photos', name],
    )
    expect(deleted).toEqual([])
    await expectPgError(
      db.query(`delete from storage.objects where bucket_id = 'chat-photos' and name = $1`, [name]),
      { code: '42501', message: /Use the Storage API instead/ },
    )
  })
})

describe('item photos', () => {
  const setItem = (actor: Actor, assignment: string, params: unknown[] = []) =>
    query(db, actor, `update public.items set ${assignment} where id = $1 returning id`, [
      item.id,
      ...params,
    ])

  it('the owner alone sets a photo of the item; only check-photo (the service role) stores it', async () => {
    const name = itemPhoto()
    expect(await store('item-photos', name)).toHaveLength(1)
    for (const actor of [owner, otherOwner, finder, noSession]) {
      await expectPgError(upload(actor, 'item-photos', itemPhoto()), {
        code: '42501',
        message: RLS_VIOLATION,
      })
    }
    expect(await setItem(owner, 'photo_path = $2', [name])).toHaveLength(1)
    expect(await setItem(otherOwner, 'photo_path = $2', [name])).toHaveLength(0)
    expect(await visible(owner, 'item-photos', name)).toBe(true)
    expect(await visible(otherOwner, 'item-photos', name)).toBe(false)
    // a photo of another item cannot be shown
    await expectPgError(
      setItem(owner, 'photo_path = $2', [`${randomUUID()}/${randomUUID()}.jpg`]),
      {
        code: '23514',
      },
    )
  })

  it('finders see the photo the item shows only while it is LOST', async () => {
    const name = itemPhoto()
    await store('item-photos', name)
    await setItem(owner, 'photo_path = $2, status = null', [name])
    const saysPhoto = async (actor: Actor) =>
      (
        await query<{ s: Record<string, unknown> }>(
          db,
          actor,
          'select public.tag_status($1) as s',
          [item.tag_code],
        )
      )[0]?.s.lost_photo
    const photoFor = async (actor: Actor) =>
      (
        await query<{ path: string | null }>(
          db,
          actor,
          'select public.lost_item_photo($1) as path',
          [item.tag_code.toLowerCase()],
        )
      )[0]?.path ?? null

    expect(await visible(noSession, 'item-photos', name)).toBe(false)
    expect(await visible(finder, 'item-photos', name)).toBe(false)
    expect(await photoFor(noSession)).toBeNull()
    for (const actor of [noSession, finder, otherOwner])
      expect(await saysPhoto(actor)).toBeUndefined()

    await setItem(owner, "status = 'LOST'")
    // the tag lookup says there is a photo (never its name), to anyone holding the tag
    for (const actor of [noSession, finder, otherOwner, owner])
      expect(await saysPhoto(actor)).toBe(true)
    expect(await visible(noSession, 'item-photos', name)).toBe(true)
    expect(await visible(finder, 'item-photos', name)).toBe(true)
    expect(await photoFor(noSession)).toBe(name)
    expect(await visible(noSession, 'item-photos', name, 'list')).toBe(false)
    // another photo in the item's folder, not the one it shows, stays private
    const spare = itemPhoto()
    await store('item-photos', spare)
    expect(await visible(noSession, 'item-photos', spare)).toBe(false)

    await setItem(owner, "status = 'FOUND'")
    expect(await visible(noSession, 'item-photos', name)).toBe(false)
    expect(await visible(finder, 'item-photos', name)).toBe(false)
    expect(await photoFor(finder)).toBeNull()
    for (const actor of [noSession, finder]) expect(await saysPhoto(actor)).toBeUndefined()
    expect(await visible(owner, 'item-photos', name)).toBe(true)

    // LOST again without a photo: the lookup says nothing of one
    await setItem(owner, "photo_path = null, status = 'LOST'")
    expect(await saysPhoto(noSession)).toBeUndefined()
    await setItem(owner, 'status = null')
  })
})

describe('photos_to_delete', () => {
  it('is the service role’s alone', async () => {
    for (const actor of [owner, finder, noSession]) {
      await expectPgError(query(db, actor, 'select * from public.photos_to_delete()'), {
        code: '42501',
      })
    }
  })

  it("lists every photo of a chat once its finder's data is purged, and nothing else in use", async () => {
    const ownItem = await giveItem(db, owner, 'Green scarf')
    const another = await createUser(db, 'another finder', { anonymous: true })
    const kept = await reportFound(db, ownItem.tag_code, another)
    const keptName = `${kept.chat_id}/${another.userId}/${randomUUID()}.jpg`
    await store('chat-photos', keptName)
    await query(
      db,
      another,
      'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3)',
      [kept.chat_id, 'kept', [keptName]],
    )

    const mine = chatPhoto(finder)
    await store('chat-photos', mine)
    await send(finder, [mine], 'before the purge')
    const toDelete = async () =>
      (
        await query<{ name: string }>(db, serviceRole, 'select name from public.photos_to_delete()')
      ).map((row) => row.name)
    expect(await toDelete()).not.toContain(mine)

    await db.query(
      `update public.found_reports set purge_after = now() - interval '1 minute' where id = $1`,
      [report.report_id],
    )
    await query(db, serviceRole, 'select public.purge_finder_data()')
    expect(await visible(owner, 'chat-photos', mine)).toBe(false)
    const due = await toDelete()
    const { rows } = await db.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'chat-photos' and name like $1`,
      [`${report.chat_id}/%`],
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(due).toContain(row.name)
    expect(due).not.toContain(keptName)
  })
})

describe('reserve_photo_upload (check-photo asks it as the caller before storing)', () => {
  const reserve = (actor: Actor, bucket: string, name: string, bytes = 200_000) =>
    query(db, actor, 'select public.reserve_photo_upload($1, $2, $3)', [bucket, name, bytes])
  const notAllowed = { code: 'P0001', message: 'photo_not_allowed' }

  it('lets a member of the open chat store in their own folder, and the owner for their item; nobody else', async () => {
    // a chat of its own (the one above was purged and closed)
    const lost = await giveItem(db, owner, 'Black wallet')
    const member = await createUser(db, 'new finder', { anonymous: true })
    const chat = (await reportFound(db, lost.tag_code, member)).chat_id
    const photoOf = (actor: Actor) => `${chat}/${actor.userId}/${randomUUID()}.jpg`
    expect(await reserve(member, 'chat-photos', photoOf(member))).toHaveLength(1)
    expect(await reserve(owner, 'chat-photos', photoOf(owner))).toHaveLength(1)
    await expectPgError(reserve(member, 'chat-photos', photoOf(owner)), notAllowed)
    await expectPgError(reserve(otherOwner, 'chat-photos', photoOf(otherOwner)), notAllowed)
    await expectPgError(reserve(finder, 'chat-photos', photoOf(finder)), notAllowed)
    await expectPgError(
      reserve(member, 'chat-photos', `${chat}/${member.userId}/photo.svg`),
      notAllowed,
    )
    // a closed chat (the first finder's, purged above) takes no more photos
    await expectPgError(reserve(finder, 'chat-photos', chatPhoto(finder)), notAllowed)
    expect(await reserve(owner, 'item-photos', itemPhoto())).toHaveLength(1)
    for (const actor of [otherOwner, finder]) {
      await expectPgError(reserve(actor, 'item-photos', itemPhoto()), notAllowed)
    }
    await expectPgError(reserve(owner, 'avatars', `${item.id}/${randomUUID()}.jpg`), notAllowed)
    await expectPgError(reserve(noSession, 'chat-photos', photoOf(member)), {
      code: '42501',
      message: PERMISSION_DENIED,
    })
  })

  it('holds a member to 20 unsent photos an hour; a sent photo no longer counts', async () => {
    const keeper = await giveItem(db, otherOwner, 'Blue bike lock')
    const member = await createUser(db, 'busy finder', { anonymous: true })
    const chat = (await reportFound(db, keeper.tag_code, member)).chat_id
    const name = () => `${chat}/${member.userId}/${randomUUID()}.jpg`
    const names: string[] = []
    for (let i = 0; i < 20; i += 1) {
      names.push(name())
      await reserve(member, 'chat-photos', names[i] as string, 1000)
    }
    const refused = await expectPgError(reserve(member, 'chat-photos', name(), 1000), {
      code: 'P0001',
      message: 'too_many_photos',
    })
    const wait = Number(refused.detail)
    expect(wait).toBeGreaterThan(3000)
    expect(wait).toBeLessThanOrEqual(3600)
    // sending three of them frees three places
    const sent = names.slice(0, 3)
    for (const each of sent) await store('chat-photos', each)
    await query(
      db,
      member,
      'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3)',
      [chat, '', sent],
    )
    for (let i = 0; i < 3; i += 1) await reserve(member, 'chat-photos', name(), 1000)
    await expectPgError(reserve(member, 'chat-photos', name(), 1000), {
      code: 'P0001',
      message: 'too_many_photos',
    })
  })

  it('holds a member to 20 MiB of unsent photos an hour', async () => {
    const keeper = await giveItem(db, otherOwner, 'Grey scarf')
    const member = await createUser(db, 'heavy finder', { anonymous: true })
    const chat = (await reportFound(db, keeper.tag_code, member)).chat_id
    const name = () => `${chat}/${member.userId}/${randomUUID()}.jpg`
    const fiveMiB = 5 * 1024 * 1024
    for (let i = 0; i < 4; i += 1) await reserve(member, 'chat-photos', name(), fiveMiB)
    await expectPgError(reserve(member, 'chat-photos', name(), 1), {
      code: 'P0001',
      message: 'too_many_photos',
    })
    // another member of the same chat is not held by this one's uploads
    expect(
      await reserve(
        otherOwner,
        'chat-photos',
        `${chat}/${otherOwner.userId}/${randomUUID()}.jpg`,
        fiveMiB,
      ),
    ).toHaveLength(1)
  })
})
