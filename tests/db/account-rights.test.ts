/**
 * People's rights over their data, in SQL: an owner's export holds exactly their
 * rows; deleting an owner's auth user (what the delete-account function's Auth
 * admin call does) removes every trace of them from every table, or, when any
 * step fails, changes nothing; a finder's "Delete my details now" purges their
 * report at once.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../local-supabase/config.ts'
import type { Database } from '../../local-supabase/db/types.ts'
import { withRole } from '../../local-supabase/roles.ts'
import { seedBuckets } from '../../local-supabase/storage/buckets.ts'
import {
  createUser,
  expectPgError,
  giveItem,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  type Actor,
} from './helpers.ts'

let db: Database

beforeAll(async () => {
  db = await openTestDatabase()
  // the buckets config.toml declares, as the stack (or `supabase seed buckets`) creates them
  await seedBuckets(db, parseConfig({}).storage.buckets)
}, 180_000)

afterAll(async () => {
  await db?.close()
})

let owners = 0

/** A registered owner whose every personal detail is a string found nowhere else. */
async function distinctOwner(label: string) {
  owners += 1
  const mobileEnd = String(310 + owners)
  const tag = label.replace(/\W/g, '').toLowerCase()
  const details = {
    email: `${tag}.quill@owner.example`,
    full_name: `Ottoline ${tag} Quillfeather`,
    mobile_number: `07700 900 ${mobileEnd}`,
    address: `${tag} Marrowbone Mews, Little Snoring`,
  }
  const actor = await createUser(db, label, {
    email: details.email,
    metadata: registeredMetadata({ ...details }),
  })
  await db.query(
    `insert into public.profiles (id, email, full_name, dob, address, county, country, mobile_number)
     values ($1, $2, $3, '1980-01-01', $4, 'Norfolk', 'United Kingdom', $5)
     on conflict (id) do update set email = excluded.email, full_name = excluded.full_name,
       address = excluded.address, mobile_number = excluded.mobile_number`,
    [actor.userId, details.email, details.full_name, details.address, details.mobile_number],
  )
  return {
    actor,
    details,
    traces: [
      details.email,
      details.full_name,
      details.address,
      details.mobile_number,
      `07700900${mobileEnd}`,
      actor.userId as string,
    ],
  }
}

/** An owner with an item, a finder's report, messages both ways and the outbox rows. */
async function ownerWithConversation(label: string) {
  const owner = await distinctOwner(label)
  const item = await giveItem(db, owner.actor, 'Cello')
  const finder = await createUser(db, `${label} finder`, { anonymous: true })
  const tag = label.replace(/\W/g, '').toLowerCase()
  const finderDetails = { name: `Fenella ${tag} Finder`, email: `${tag}.fenella@finder.example` }
  const report = await reportFound(db, item.tag_code, finder, finderDetails)
  await query(db, owner.actor, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    `Thank you! I'm ${owner.details.full_name}, ring me on ${owner.details.mobile_number}`,
  ])
  await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'Happy to help',
  ])
  return { ...owner, item, finder, report, finderTraces: [finderDetails.name, finderDetails.email] }
}

/** A statement as the Storage API runs it: as the caller's role, its own deletes allowed. */
async function asStorage(actor: Actor, sql: string, params: unknown[]): Promise<void> {
  const settings = { ...actor.context.settings, 'storage.allow_delete_query': 'true' }
  await withRole(db, { ...actor.context, settings }, (tx) => tx.query(sql, params))
}

/** Stores a photo as check-photo does: the service role writes the row (no owner); the path names the sender. */
const store = (bucket: string, name: string) =>
  asStorage(
    serviceRole,
    'insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3)',
    [bucket, name, JSON.stringify({ mimetype: 'image/jpeg', size: 10 })],
  )

/** The owner's item photo, and a photo each side sent in the chat (their paths hold both ids). */
async function withPhotos(owner: Awaited<ReturnType<typeof ownerWithConversation>>) {
  const itemPhoto = `${owner.item.id}/${randomUUID()}.jpg`
  await store('item-photos', itemPhoto)
  await query(db, owner.actor, 'update public.items set photo_path = $1 where id = $2', [
    itemPhoto,
    owner.item.id,
  ])
  for (const sender of [owner.actor, owner.finder]) {
    const name = `${owner.report.chat_id}/${sender.userId}/${randomUUID()}.jpg`
    await store('chat-photos', name)
    await query(
      db,
      sender,
      'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3)',
      [owner.report.chat_id, 'A photo', [name]],
    )
  }
}

/** What purge-photos does: removes what photos_to_delete() lists, through Storage. */
async function purgePhotos(): Promise<string[]> {
  const due = await query<{ bucket_id: string; name: string }>(
    db,
    serviceRole,
    'select bucket_id, name from public.photos_to_delete()',
  )
  for (const photo of due) {
    await asStorage(serviceRole, 'delete from storage.objects where bucket_id = $1 and name = $2', [
      photo.bucket_id,
      photo.name,
    ])
  }
  return due.map((photo) => `${photo.bucket_id}/${photo.name}`)
}

async function allTables(): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name
       from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  )
  return rows.map((row) => row.name)
}

/** Tables (and how many rows) whose whole row, as text, contains any of the traces. */
async function rowsHolding(traces: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {}
  for (const table of await allTables()) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${table} t where t::text ilike any ($1)`,
      [traces.map((trace) => `%${trace}%`)],
    )
    const n = rows[0]?.n ?? 0
    if (n > 0) found[table] = n
  }
  return found
}

/** Every row of every table holding any trace, as text: to compare before and after. */
async function snapshotOf(traces: string[]): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {}
  for (const table of await allTables()) {
    const { rows } = await db.query<{ row: string }>(
      `select t::text as row from ${table} t where t::text ilike any ($1) order by 1`,
      [traces.map((trace) => `%${trace}%`)],
    )
    if (rows.length > 0) snapshot[table] = rows.map((row) => row.row)
  }
  return snapshot
}

/** What the Auth admin delete does to the database: the user's row goes. */
const deleteAuthUser = (userId: string) =>
  db.query('delete from auth.users where id = $1', [userId])

/** The dispatcher sends the queued e-mails (claim, then complete each). */
async function sendOutbox(): Promise<{ template: string; recipient: string }[]> {
  const claimed = await query<{
    id: string
    lease_id: string
    template: string
    recipient: string
  }>(
    db,
    serviceRole,
    'select id, lease_id, template, recipient from public.claim_notifications(100)',
  )
  for (const row of claimed) {
    await query(db, serviceRole, 'select public.complete_notification($1, $2, $3)', [
      row.id,
      `provider-${row.id}`,
      row.lease_id,
    ])
  }
  return claimed.map(({ template, recipient }) => ({ template, recipient }))
}

describe('export_my_data', () => {
  it("holds exactly the owner's rows and nothing of another owner's", async () => {
    const mine = await ownerWithConversation('exporter')
    const theirs = await ownerWithConversation('other exporter')

    const [row] = await query<{
      data: Record<string, unknown[]> & { profile: Record<string, unknown> }
    }>(db, mine.actor, 'select public.export_my_data() as data')
    const data = row!.data
    expect(data.profile).toMatchObject({
      id: mine.actor.userId,
      email: mine.details.email,
      full_name: mine.details.full_name,
    })
    expect(data.items).toEqual([
      expect.objectContaining({ id: mine.item.id, owner_id: mine.actor.userId }),
    ])
    expect(data.reports_about_your_items).toEqual([
      expect.objectContaining({
        id: mine.report.report_id,
        finder_name: 'Fenella exporter Finder',
      }),
    ])
    expect(data.reports_you_made).toEqual([])
    expect(data.chats).toEqual([expect.objectContaining({ id: mine.report.chat_id })])
    expect((data.messages as { body: string }[]).map((message) => message.body)).toEqual([
      expect.stringContaining(mine.details.full_name),
      'Happy to help',
    ])
    const alerts = data.alerts_sent_to_you as { template: string; report_id: string }[]
    expect(alerts.map((alert) => alert.template).sort()).toEqual(['found_sms', 'owner_found_email'])
    expect(alerts.every((alert) => alert.report_id === mine.report.report_id)).toBe(true)

    const text = JSON.stringify(data)
    for (const trace of [
      ...theirs.traces,
      theirs.item.id,
      theirs.report.report_id,
      theirs.report.chat_id,
    ]) {
      expect(text).not.toContain(trace)
    }
  })

  it('includes how the item was to go back: the postal address the owner shared', async () => {
    const mine = await ownerWithConversation('posting exporter')
    await query(db, mine.finder, 'select public.ask_for_postal_address($1)', [mine.report.chat_id])
    await query(db, mine.actor, 'select public.share_postal_address($1, $2)', [
      mine.report.chat_id,
      '1 Export Row, Leeds',
    ])

    const [row] = await query<{ data: { ways_back: unknown[] } }>(
      db,
      mine.actor,
      'select public.export_my_data() as data',
    )
    expect(row!.data.ways_back).toEqual([
      expect.objectContaining({
        chat_id: mine.report.chat_id,
        postal_address: '1 Export Row, Leeds',
      }),
    ])
  })

  it('includes the devices with notifications and the finders the owner blocked, not the push keys', async () => {
    const mine = await ownerWithConversation('device exporter')
    const theirs = await ownerWithConversation('other device exporter')
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`
    await query(db, mine.actor, 'select public.save_push_subscription($1, $2, $3, $4)', [
      endpoint,
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      'BTBZMqHH6r4Tts7J_aSIgg',
      'Chrome on Android',
    ])
    await query(db, mine.actor, 'select public.block_finder($1)', [mine.report.chat_id])
    await query(db, theirs.actor, 'select public.block_finder($1)', [theirs.report.chat_id])

    const [row] = await query<{ data: { devices: unknown[]; finders_you_blocked: unknown[] } }>(
      db,
      mine.actor,
      'select public.export_my_data() as data',
    )
    expect(row!.data.devices).toEqual([
      { browser: 'Chrome on Android', created_at: expect.any(String), last_used_at: null },
    ])
    expect(row!.data.finders_you_blocked).toEqual([
      {
        item_id: mine.item.id,
        chat_id: mine.report.chat_id,
        created_at: expect.any(String),
        lifted_at: null,
      },
    ])
    const text = JSON.stringify(row!.data)
    expect(text).not.toContain(endpoint)
    expect(text).not.toContain('BTBZMqHH6r4Tts7J_aSIgg')
    expect(text).not.toContain(theirs.report.chat_id)
  })

  it('is refused without a session', async () => {
    await expectPgError(
      query(
        db,
        { label: 'anon', context: { role: 'anon' }, userId: null },
        'select public.export_my_data()',
      ),
      { code: '42501' },
    )
  })
})

describe('deleting an account', () => {
  it('leaves no table holding the owner’s e-mail, name, mobile, address or user id', async () => {
    const owner = await ownerWithConversation('leaver')
    const bystander = await ownerWithConversation('stayer')
    // the owner also found someone else's item, and sent a photo in that chat
    const asFinder = await reportFound(db, bystander.item.tag_code, owner.actor, {
      name: owner.details.full_name,
      email: owner.details.email,
      address: owner.details.address,
    })
    const sentAsFinder = `${asFinder.chat_id}/${owner.actor.userId}/${randomUUID()}.jpg`
    await store('chat-photos', sentAsFinder)
    await query(
      db,
      owner.actor,
      'insert into public.messages (chat_id, body, photo_paths) values ($1, $2, $3)',
      [asFinder.chat_id, 'Is this yours?', [sentAsFinder]],
    )
    await withPhotos(owner)
    const before = await rowsHolding(owner.traces)
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'storage.objects',
        'auth.users',
        'public.profiles',
        'public.items',
        'public.found_reports',
        'public.messages',
        'public.notifications',
        'realtime.messages',
      ]),
    )
    const bystanderBefore = await snapshotOf([bystander.details.email, bystander.details.full_name])

    await deleteAuthUser(owner.actor.userId!)

    // The photos are due: Storage removes them (delete-account calls purge-photos at once;
    // its schedule retries what fails). The owner's two chat photos hold their id in their
    // folder (check-photo stores them with no Storage owner; the item photo is named by the
    // item); the finder's photo in the owner's chat goes as well.
    expect(await rowsHolding(owner.traces)).toEqual({
      'public.notifications': 1,
      'storage.objects': 2,
    })
    const purged = await purgePhotos()
    expect(purged).toContain(`chat-photos/${sentAsFinder}`)
    expect(purged.filter((path) => path.includes(owner.item.id))).toHaveLength(1)
    expect(purged.filter((path) => path.includes(owner.report.chat_id))).toHaveLength(2)
    const photosLeft = await rowsHolding([owner.item.id, owner.report.chat_id])
    expect(photosLeft['storage.objects']).toBeUndefined()
    // Only the confirmation e-mail still holds the address, until it is sent.
    expect(await rowsHolding(owner.traces)).toEqual({ 'public.notifications': 1 })
    const sent = await sendOutbox()
    expect(sent).toEqual(
      expect.arrayContaining([
        { template: 'account_deleted_email', recipient: owner.details.email },
        { template: 'chat_closed_email', recipient: owner.finderTraces[1] },
      ]),
    )
    expect(await rowsHolding(owner.traces)).toEqual({})
    // the finder's details about the owner's item went too
    expect(await rowsHolding(owner.finderTraces)).toEqual({})

    // the tag is deactivated, not deleted; the other owner's data is untouched
    const { rows: tags } = await db.query<{ status: string }>(
      'select status from public.tags where code = $1',
      [owner.item.tag_code],
    )
    expect(tags).toEqual([{ status: 'deactivated' }])
    const bystanderAfter = await snapshotOf([bystander.details.email, bystander.details.full_name])
    expect(Object.keys(bystanderAfter)).toEqual(Object.keys(bystanderBefore))
  })

  it('a deletion that fails half-way leaves everything as it was', async () => {
    const owner = await ownerWithConversation('half leaver')
    await withPhotos(owner)
    const before = await snapshotOf(owner.traces)
    expect(Object.keys(before)).toContain('storage.objects')
    const { rows: tagBefore } = await db.query('select status from public.tags where code = $1', [
      owner.item.tag_code,
    ])
    // the last step (queueing the confirmation) fails
    await db.query(`
      create function public.fail_goodbye() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end; $$`)
    await db.query(`
      create trigger fail_goodbye before insert on public.notifications
        for each row when (new.template = 'account_deleted_email')
        execute function public.fail_goodbye()`)
    try {
      await expectPgError(deleteAuthUser(owner.actor.userId!), {
        code: 'P0001',
        message: 'outbox unavailable',
      })
    } finally {
      await db.query('drop trigger fail_goodbye on public.notifications')
      await db.query('drop function public.fail_goodbye()')
    }
    expect(await snapshotOf(owner.traces)).toEqual(before)
    // nothing of theirs became due for the photo purge either
    expect((await purgePhotos()).filter((path) => path.includes(owner.report.chat_id))).toEqual([])
    const { rows: tagAfter } = await db.query('select status from public.tags where code = $1', [
      owner.item.tag_code,
    ])
    expect(tagAfter).toEqual(tagBefore)
    const { rows: report } = await db.query<{ purged_at: string | null }>(
      'select purged_at from public.found_reports where id = $1',
      [owner.report.report_id],
    )
    expect(report).toEqual([{ purged_at: null }])
  })
})

describe("a finder's Delete my details now", () => {
  it('purges that report at once, and only for the finder of that chat', async () => {
    const owner = await ownerWithConversation('kept owner')
    await expectPgError(
      query(db, owner.actor, 'select public.delete_my_finder_details($1)', [owner.report.chat_id]),
      { code: '42501', message: 'not_the_finder' },
    )
    const [row] = await query<{ purged: boolean }>(
      db,
      owner.finder,
      'select public.delete_my_finder_details($1) as purged',
      [owner.report.chat_id],
    )
    expect(row).toEqual({ purged: true })
    expect(await rowsHolding(owner.finderTraces)).toEqual({})
    const { rows } = await db.query<{ finder_name: string | null; purged: boolean }>(
      'select finder_name, purged_at is not null as purged from public.found_reports where id = $1',
      [owner.report.report_id],
    )
    expect(rows).toEqual([{ finder_name: null, purged: true }])
    const { rows: finderUser } = await db.query('select id from auth.users where id = $1', [
      owner.finder.userId,
    ])
    expect(finderUser).toEqual([])
  })
})
