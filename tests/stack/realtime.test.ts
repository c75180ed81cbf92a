/**
 * Realtime conformance: private channels authorised by RLS on realtime.messages,
 * database broadcasts, client broadcast, presence, postgres_changes with RLS,
 * token refresh — all driven by unmodified supabase-js over WebSocket.
 */
import { randomUUID } from 'node:crypto'
import type { RealtimeChannel } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { withRole } from '../../local-supabase/roles.ts'
import { startTestStack, type TestStack } from '../../local-supabase/testing/test-stack.ts'
import {
  createRoom,
  eventually,
  mintToken,
  ROOM_SCHEMA,
  settle,
  subscribe,
  userClient,
  type UserClient,
} from '../../local-supabase/testing/realtime-support.ts'

let stack: TestStack
const clients: UserClient[] = []

beforeAll(async () => {
  stack = await startTestStack()
  await stack.context.db.exec(ROOM_SCHEMA)
})

afterEach(async () => {
  for (const { client } of clients.splice(0)) await client.removeAllChannels()
})

afterAll(async () => {
  await stack?.close()
})

async function newUser(expiresInSeconds = 3600): Promise<UserClient> {
  const user = await userClient(stack, { expiresInSeconds })
  clients.push(user)
  return user
}

function privateChannel(user: UserClient, room: string, config: Record<string, unknown> = {}) {
  return user.client.channel(`room:${room}`, { config: { private: true, ...config } })
}

describe('private channels', () => {
  it('refuses a non-member and lets a member join', async () => {
    const member = await newUser()
    const stranger = await newUser()
    const room = await createRoom(stack.context.db, [member.id])

    const refused = await subscribe(privateChannel(stranger, room))
    expect(refused.status).toBe('CHANNEL_ERROR')
    expect(refused.error?.message).toContain(
      `Unauthorized: You do not have permissions to read from this Channel topic: room:${room}`,
    )

    const joined = await subscribe(privateChannel(member, room))
    expect(joined.status).toBe('SUBSCRIBED')
  })

  it('delivers a row inserted by one member (realtime.send in a trigger) to another member', async () => {
    const writer = await newUser()
    const reader = await newUser()
    const stranger = await newUser()
    const room = await createRoom(stack.context.db, [writer.id, reader.id])
    const otherRoom = await createRoom(stack.context.db, [stranger.id])
    const received: { payload: { body?: string; room_id?: string } }[] = []
    const channel = privateChannel(reader, room).on('broadcast', { event: 'post' }, (m) =>
      received.push({ payload: m.payload as { body?: string; room_id?: string } }),
    )
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')

    await withRole(
      stack.context.db,
      { role: 'authenticated', claims: { sub: writer.id } },
      async (tx) => {
        await tx.query('insert into public.rt_posts (room_id, body) values ($1, $2)', [
          room,
          'hello',
        ])
      },
    )
    await withRole(
      stack.context.db,
      { role: 'authenticated', claims: { sub: stranger.id } },
      async (tx) => {
        await tx.query('insert into public.rt_posts (room_id, body) values ($1, $2)', [
          otherRoom,
          'elsewhere',
        ])
      },
    )
    const message = await eventually(() => received[0], 'the post broadcast')
    expect(message.payload).toMatchObject({ body: 'hello', room_id: room })
    await settle()
    expect(received).toHaveLength(1)
  })

  it('delivers a message inserted through the REST API by one client to another member', async () => {
    const writer = await newUser()
    const reader = await newUser()
    const room = await createRoom(stack.context.db, [writer.id, reader.id])
    const received: { payload: { body?: string } }[] = []
    const channel = privateChannel(reader, room).on('broadcast', { event: 'post' }, (m) =>
      received.push({ payload: m.payload as { body?: string } }),
    )
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')

    const { error } = await writer.client
      .from('rt_posts')
      .insert({ room_id: room, body: 'via rest' })
    expect(error).toBeNull()
    const message = await eventually(() => received[0], 'the post broadcast')
    expect(message.payload.body).toBe('via rest')
  })
})

describe('client broadcast', () => {
  it('acknowledges, echoes to self when asked, and reaches the other member', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const room = await createRoom(stack.context.db, [alice.id, bob.id])
    const aliceGot: unknown[] = []
    const bobGot: unknown[] = []
    const aliceChannel = privateChannel(alice, room, {
      broadcast: { self: true, ack: true },
    }).on('broadcast', { event: 'typing' }, (m) => aliceGot.push(m.payload))
    const bobChannel = privateChannel(bob, room).on('broadcast', { event: 'typing' }, (m) =>
      bobGot.push(m.payload),
    )
    expect((await subscribe(aliceChannel)).status).toBe('SUBSCRIBED')
    expect((await subscribe(bobChannel)).status).toBe('SUBSCRIBED')

    const result = await aliceChannel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { n: 1 },
    })
    expect(result).toBe('ok')
    await eventually(() => aliceGot.length === 1 && bobGot.length === 1, 'both copies')
    expect(aliceGot).toEqual([{ n: 1 }])
    expect(bobGot).toEqual([{ n: 1 }])

    // Without self, the sender does not get its own message back.
    await bobChannel.send({ type: 'broadcast', event: 'typing', payload: { n: 2 } })
    await eventually(() => aliceGot.length === 2, 'alice receiving bob')
    await settle()
    expect(bobGot).toEqual([{ n: 1 }])
  })

  it('refuses a broadcast on a topic the member may read but not write', async () => {
    const member = await newUser()
    const room = await createRoom(stack.context.db, [member.id])
    const channel = member.client.channel(`announce:${room}`, {
      config: { private: true, broadcast: { ack: true } },
    })
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    expect(await channel.send({ type: 'broadcast', event: 'x', payload: {} })).toBe('error')
  })
})

describe('presence', () => {
  it('shows a join and a leave to the other side', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const room = await createRoom(stack.context.db, [alice.id, bob.id])
    const joins: string[] = []
    const leaves: string[] = []
    const aliceChannel = privateChannel(alice, room, { presence: { key: 'alice' } })
      .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
    expect((await subscribe(aliceChannel)).status).toBe('SUBSCRIBED')
    const bobChannel = privateChannel(bob, room, { presence: { key: 'bob' } }).on(
      'presence',
      { event: 'sync' },
      () => {},
    )
    expect((await subscribe(bobChannel)).status).toBe('SUBSCRIBED')

    expect(await bobChannel.track({ name: 'Bob' })).toBe('ok')
    await eventually(() => joins.includes('bob'), 'bob joining')
    expect(aliceChannel.presenceState().bob?.[0]).toMatchObject({ name: 'Bob' })
    await eventually(() => bobChannel.presenceState().bob, 'bob seeing himself')

    await bob.client.removeChannel(bobChannel)
    await eventually(() => leaves.includes('bob'), 'bob leaving')
    expect(aliceChannel.presenceState().bob).toBeUndefined()
  })
})

describe('postgres_changes', () => {
  it('delivers an insert the subscriber may see and not one it may not', async () => {
    const reader = await newUser()
    const stranger = await newUser()
    const room = await createRoom(stack.context.db, [reader.id])
    const hidden = await createRoom(stack.context.db, [stranger.id])
    const changes: { eventType: string; new: { body?: string } }[] = []
    const channel = reader.client
      .channel(`changes-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_posts' }, (p) =>
        changes.push(p as (typeof changes)[number]),
      )
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')

    await stack.context.db.query(
      'insert into public.rt_posts (room_id, author, body) values ($1, $2, $3), ($4, $5, $6)',
      [hidden, stranger.id, 'secret', room, reader.id, 'visible'],
    )
    await eventually(() => changes.length > 0, 'the visible insert')
    await settle()
    expect(changes.map((c) => c.new.body)).toEqual(['visible'])
    expect(changes[0]?.eventType).toBe('INSERT')
  })

  it('delivers updates and deletes with the old row cut to its primary key, as Realtime does for RLS tables', async () => {
    const reader = await newUser()
    const room = await createRoom(stack.context.db, [reader.id])
    const changes: { eventType: string; new: { body?: string }; old: Record<string, unknown> }[] =
      []
    const channel = reader.client
      .channel(`lifecycle-${randomUUID()}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'rt_posts', filter: `room_id=eq.${room}` },
        (p) => changes.push(p as (typeof changes)[number]),
      )
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    const { rows } = await stack.context.db.query<{ id: string }>(
      'insert into public.rt_posts (room_id, author, body) values ($1, $2, $3) returning id',
      [room, reader.id, 'first'],
    )
    const id = rows[0]!.id
    await stack.context.db.query('update public.rt_posts set body = $2 where id = $1', [
      id,
      'edited',
    ])
    // the local stack checks an update's visibility by reading the row again: let it arrive first
    await eventually(() => changes.length >= 2, 'the insert and update')
    await stack.context.db.query('delete from public.rt_posts where id = $1', [id])
    await eventually(() => changes.length >= 3, 'the insert, update and delete')
    await settle()
    expect(changes.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE'])
    expect(changes[1]).toMatchObject({ new: { body: 'edited' }, old: { id } })
    // without REPLICA IDENTITY FULL the old row is its primary key only
    expect(Object.keys(changes[1]!.old)).toEqual(['id'])
    expect(changes[2]!.old).toEqual({ id })
  })

  it('applies filters and reports a table outside the publication', async () => {
    const reader = await newUser()
    const roomA = await createRoom(stack.context.db, [reader.id])
    const roomB = await createRoom(stack.context.db, [reader.id])
    const bodies: string[] = []
    const channel = reader.client
      .channel(`filtered-${randomUUID()}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'rt_posts', filter: `room_id=eq.${roomB}` },
        (p) => bodies.push((p.new as { body: string }).body),
      )
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    await stack.context.db.query(
      'insert into public.rt_posts (room_id, author, body) values ($1, $3, $4), ($2, $3, $5)',
      [roomA, roomB, reader.id, 'in A', 'in B'],
    )
    await eventually(() => bodies.length > 0, 'the filtered insert')
    await settle()
    expect(bodies).toEqual(['in B'])

    const systemMessages: { status?: string; message?: string }[] = []
    const notPublished = reader.client
      .channel(`unpublished-${randomUUID()}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_members' }, () => {})
      .on('system', {}, (m) => systemMessages.push(m as (typeof systemMessages)[number]))
    await subscribe(notPublished)
    const failure = await eventually(() => systemMessages[0], 'the system error')
    expect(failure.status).toBe('error')
    expect(failure.message).toContain('Unable to subscribe to changes with given parameters')
  })
})

describe('access tokens', () => {
  async function join(user: UserClient, room: string) {
    const events: { status?: string; message?: string }[] = []
    const channel: RealtimeChannel = privateChannel(user, room).on('system', {}, (m) =>
      events.push(m as (typeof events)[number]),
    )
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    return { channel, events }
  }

  it('closes a channel when its token expires, and a refreshed token keeps it alive', async () => {
    const expiring = await newUser(2)
    const refreshed = await newUser(2)
    const room = await createRoom(stack.context.db, [expiring.id, refreshed.id])
    const dying = await join(expiring, room)
    const living = await join(refreshed, room)

    refreshed.setToken(await mintToken(stack, refreshed.id, 3600))
    await refreshed.client.realtime.setAuth()

    const expiry = await eventually(
      () => dying.events.find((e) => e.status === 'error'),
      'the expiry notice',
    )
    expect(expiry.message).toMatch(/Token has expired/)
    await settle(1200)
    expect(living.events.filter((e) => e.status === 'error')).toEqual([])

    const got: unknown[] = []
    living.channel.on('broadcast', { event: 'still-here' }, (m) => got.push(m.payload))
    await stack.context.db.query(`select realtime.send('{"ok":true}', 'still-here', $1, true)`, [
      `room:${room}`,
    ])
    await eventually(() => got.length === 1, 'a message after the first token expired')
  })
})
