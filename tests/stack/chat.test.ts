/**
 * Issue 8 at the stack level: an owner and a finder, each an unmodified
 * supabase-js client, chatting through the local stack (REST + Realtime
 * Broadcast from the database on private channels).
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, type RunningStack } from '../../local-supabase/stack.ts'
import { lastPosition, mergeMessages } from '../../src/features/conversation/message-list.ts'
import type { ChatMessage } from '../../src/lib/chat/types.ts'
import {
  activatedItem,
  MESSAGE_COLUMNS,
  reportFound,
  seededUser,
  sendMessage,
  type MessageRow,
  type Report,
} from '../../local-supabase/testing/chat-fixtures.ts'
import { client, serviceClient } from '../../local-supabase/testing/test-stack.ts'
import {
  eventually,
  mintToken,
  settle,
  subscribe,
  type UserClient,
} from '../../local-supabase/testing/realtime-support.ts'

let stack: RunningStack | null = null
let dataDir = ''
let apiPort = 0

function start(port: number): Promise<RunningStack> {
  return startStack({
    ports: { api: port, inbox: 0, db: 0 },
    dataDir,
    dbSocket: false,
    functions: false,
    scheduler: false,
    seed: false,
    config: { logLevel: 'silent' },
    env: {},
  })
}

function running(): RunningStack {
  if (!stack) throw new Error('the stack is not running')
  return stack
}

let owner: UserClient
let finder: UserClient
let item: { itemId: string; tagCode: string }
let report: Report
const ownerTopic: { event: string; payload: Record<string, unknown> }[] = []
let ownerTopicChannel: RealtimeChannel

/** What chat:<id> carries for a new message: a notice, never the row. */
type Notice = { chat_id: string; position: number }

const positionOf = (sent: { rows: MessageRow[] }) => Number(sent.rows[0]?.position)

/** Joins chat:<id> and collects the notices that arrive there. */
async function listen(user: { client: SupabaseClient }, chatId: string) {
  const received: Notice[] = []
  const statuses: string[] = []
  const channel = user.client
    .channel(`chat:${chatId}`, { config: { private: true } })
    .on('broadcast', { event: 'message' }, (message) => {
      received.push(message.payload as Notice)
    })
  const joined = new Promise<string>((resolve) => {
    channel.subscribe((status) => {
      statuses.push(status)
      if (status !== 'CLOSED') resolve(status)
    })
  })
  return { channel, received, statuses, status: await joined }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'homeward-chat-'))
  stack = await start(0)
  apiPort = Number(new URL(stack.apiUrl).port)
  owner = await seededUser(stack)
  finder = await seededUser(stack, { isAnonymous: true })
  item = await activatedItem(stack, owner.id, 'Blue rucksack')

  ownerTopicChannel = owner.client
    .channel(`owner:${owner.id}`, { config: { private: true } })
    .on('broadcast', { event: '*' }, (message) => {
      ownerTopic.push({
        event: String(message.event),
        payload: message.payload as Record<string, unknown>,
      })
    })
  const { status } = await subscribe(ownerTopicChannel)
  if (status !== 'SUBSCRIBED') throw new Error(`owner topic: ${status}`)
  report = await reportFound(serviceClient(stack), item.tagCode, finder.id)
})

afterAll(async () => {
  for (const user of [owner, finder]) await user?.client.removeAllChannels()
  await stack?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('chat between owner and finder through the local stack', () => {
  it('tells the owner of a new report on owner:<uid> at once', async () => {
    const got = await eventually(
      () => ownerTopic.find((e) => e.event === 'report'),
      'the report event on the owner topic',
    )
    expect(got.payload).toMatchObject({
      report_id: report.report_id,
      chat_id: report.chat_id,
      item_id: item.itemId,
      item_name: 'Blue rucksack',
    })
  })

  it('delivers messages live both ways, with the role set from membership', async () => {
    const ownerSide = await listen(owner, report.chat_id)
    const finderSide = await listen(finder, report.chat_id)
    expect([ownerSide.status, finderSide.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED'])

    const hello = await sendMessage(finder.client, report.chat_id, 'Hello, I have your rucksack.')
    expect(hello.rows[0]).toMatchObject({ sender_role: 'finder', sender_id: finder.id })
    const atOwner = await eventually(
      () => ownerSide.received.find((m) => m.position === positionOf(hello)),
      'the finder message at the owner',
    )
    // a notice: where to fetch from, none of the message itself
    expect(atOwner).toEqual({ chat_id: report.chat_id, position: positionOf(hello) })

    const reply = await sendMessage(owner.client, report.chat_id, 'Thank you! Tonight?')
    expect(reply.rows[0]).toMatchObject({ sender_role: 'owner', sender_id: owner.id })
    const atFinder = await eventually(
      () => finderSide.received.find((m) => m.position === positionOf(reply)),
      'the owner reply at the finder',
    )
    expect(atFinder).toEqual({ chat_id: report.chat_id, position: positionOf(reply) })

    const alert = await eventually(
      () =>
        ownerTopic.find((e) => e.event === 'message' && e.payload.position === positionOf(hello)),
      "the finder's message on the owner topic",
    )
    // what the dashboard acts on: that conversation's unread count and the toast's preview
    expect(alert.payload).toEqual({
      chat_id: report.chat_id,
      item_id: item.itemId,
      position: positionOf(hello),
      unread: 1,
      preview: 'Hello, I have your rucksack.',
      photos: 0,
      quiet_seconds: 10,
    })
    expect(
      ownerTopic.some((e) => e.event === 'message' && e.payload.position === positionOf(reply)),
    ).toBe(false)
    await owner.client.removeChannel(ownerSide.channel)
    await finder.client.removeChannel(finderSide.channel)
  })

  it('lets a finder with the e-mail link join anonymously with the token', async () => {
    const phone = client(running())
    const { data, error } = await phone.auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(true)
    const joined = await phone.rpc('join_chat', {
      chat_id: report.chat_id,
      token: report.invite_token,
    })
    expect(joined).toMatchObject({ data: 'finder', error: null })
    await phone.realtime.setAuth()
    const side = await listen({ client: phone }, report.chat_id)
    expect(side.status).toBe('SUBSCRIBED')
    const history = await phone
      .from('messages')
      .select(MESSAGE_COLUMNS)
      .eq('chat_id', report.chat_id)
    expect(history.data?.length).toBeGreaterThanOrEqual(2)
    await phone.removeAllChannels()
  })

  it('refuses a non-member: no join, no channel, no messages, no sending', async () => {
    const stranger = await seededUser(running(), { isAnonymous: true })
    const joined = await stranger.client.rpc('join_chat', {
      chat_id: report.chat_id,
      token: 'not-the-token',
    })
    expect(joined.error?.message).toBe('invalid_invite')
    const noToken = await stranger.client.rpc('join_chat', { chat_id: report.chat_id, token: '' })
    expect(noToken.error?.message).toBe('invalid_invite')

    const side = await listen(stranger, report.chat_id)
    expect(side.status).toBe('CHANNEL_ERROR')
    const other = stranger.client.channel(`owner:${owner.id}`, { config: { private: true } })
    expect((await subscribe(other)).status).toBe('CHANNEL_ERROR')

    const read = await stranger.client.from('messages').select('id').eq('chat_id', report.chat_id)
    expect(read).toMatchObject({ data: [], error: null })
    const write = await stranger.client
      .from('messages')
      .insert({ id: randomUUID(), chat_id: report.chat_id, body: 'let me in' })
    expect(write.error?.code).toBe('42501')
    await stranger.client.removeAllChannels()
  })

  it('never duplicates a retried send', async () => {
    const ownerSide = await listen(owner, report.chat_id)
    const id = randomUUID()
    const first = await sendMessage(finder.client, report.chat_id, 'Are you there?', id)
    const retry = await sendMessage(finder.client, report.chat_id, 'Are you there?', id)
    expect(first.rows).toHaveLength(1)
    expect(retry.rows).toHaveLength(0)
    const stored = await owner.client.from('messages').select('id').eq('id', id)
    expect(stored.data).toHaveLength(1)
    const position = positionOf(first)
    await eventually(
      () => ownerSide.received.some((m) => m.position === position),
      'the live message',
    )
    await settle()
    expect(ownerSide.received.filter((m) => m.position === position)).toHaveLength(1)
    await owner.client.removeChannel(ownerSide.channel)
  })

  it('fills the gap after the stack restarts mid-conversation, without duplicates', async () => {
    // The owner's phone reconnects slowly, so what the finder writes right after
    // the restart cannot arrive live: only the gap-fill can bring it.
    const token = await mintToken(running(), owner.id)
    // The phone stays away until the messages sent meanwhile are stored (its
    // attempts meanwhile go to a closed port): however long the restart takes,
    // it must not rejoin before them.
    let away = false
    class PhoneSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(away ? 'ws://127.0.0.1:9/' : address, protocols)
      }
    }
    const ownerPhone = createClient(running().apiUrl, running().config.publishableKey, {
      accessToken: async () => token,
      realtime: { transport: PhoneSocket as never, reconnectAfterMs: () => 500 },
    })
    const fetchAfter = async (after = 0) => {
      const { data, error } = await ownerPhone
        .from('messages')
        .select(MESSAGE_COLUMNS)
        .eq('chat_id', report.chat_id)
        .gt('position', after)
        .order('position')
      if (error) throw new Error(error.message)
      return (data ?? []) as MessageRow[]
    }
    let held: ChatMessage[] = mergeMessages([], await fetchAfter())
    const ownerSide = await listen({ client: ownerPhone }, report.chat_id)
    expect(ownerSide.status).toBe('SUBSCRIBED')
    const before = await sendMessage(finder.client, report.chat_id, 'Before the restart')
    await eventually(
      () => ownerSide.received.some((m) => m.position === positionOf(before)),
      'live message',
    )
    // each notice: fetch after the last position held, as the open chat does
    held = mergeMessages(held, await fetchAfter(lastPosition(held)))

    away = true
    await running().close()
    stack = null
    await eventually(() => !ownerPhone.realtime.isConnected(), 'the socket to drop')
    stack = await start(apiPort)

    const during = [
      await sendMessage(finder.client, report.chat_id, 'While you were away 1'),
      await sendMessage(finder.client, report.chat_id, 'While you were away 2'),
    ]
    away = false
    await eventually(
      () => ownerSide.statuses.slice(1).includes('SUBSCRIBED'),
      'the channel to subscribe again',
      25_000,
    )
    for (const sent of during) {
      expect(ownerSide.received.some((m) => m.position === positionOf(sent))).toBe(false)
      expect(held.some((m) => m.id === sent.id)).toBe(false)
    }

    // What the app does on SUBSCRIBED after a drop: fetch after the last position held.
    held = mergeMessages(held, await fetchAfter(lastPosition(held)))
    const after = await sendMessage(finder.client, report.chat_id, 'After the rejoin')
    await eventually(
      () => ownerSide.received.some((m) => m.position === positionOf(after)),
      'live again',
    )
    held = mergeMessages(held, await fetchAfter(lastPosition(held)))

    const all = await fetchAfter()
    expect(held.map((m) => m.id)).toEqual(all.map((m) => m.id))
    expect(new Set(held.map((m) => m.id)).size).toBe(held.length)
    await ownerPhone.removeAllChannels()
  }, 60_000)
})
