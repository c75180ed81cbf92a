/**
 * Issue 13 at the stack level, with unmodified supabase-js clients: a member's
 * forged broadcast is refused and never shown; both sides send while the
 * other's socket is down and, after reconnecting, each holds every stored
 * message exactly once (60/60), caught up by position with the app's own
 * catch-up (src/features/conversation/catch-up.ts) and merge.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, type RunningStack } from '../../local-supabase/stack.ts'
import { createCatchUp } from '../../src/features/conversation/catch-up.ts'
import { mergeMessages } from '../../src/features/conversation/message-list.ts'
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
import { serviceClient } from '../../local-supabase/testing/test-stack.ts'
import { eventually, mintToken, settle } from '../../local-supabase/testing/realtime-support.ts'

let stack: RunningStack
let dataDir = ''

/** A WebSocket the test can cut, and keep cut: reconnects fail until it is restored. */
function droppableTransport() {
  const sockets = new Set<WebSocket>()
  let isDown = false
  class DroppableWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(isDown ? 'ws://127.0.0.1:9/unreachable' : url, protocols)
      sockets.add(this)
      this.on('close', () => sockets.delete(this))
      this.on('error', () => undefined)
    }
  }
  return {
    transport: DroppableWebSocket,
    cut() {
      isDown = true
      for (const socket of sockets) socket.terminate()
    },
    restore() {
      isDown = false
    },
  }
}

type Side = {
  label: string
  client: SupabaseClient
  network: ReturnType<typeof droppableTransport>
  held: () => ChatMessage[]
  statuses: string[]
  /** Every broadcast payload that arrived, kept to prove none is shown unverified. */
  notices: unknown[]
  send: (body: string) => Promise<void>
  catchUp: () => Promise<void>
}

/** One person's chat screen, as the app's hooks drive it, on its own supabase-js client. */
async function openSide(label: string, userId: string, chatId: string): Promise<Side> {
  const token = await mintToken(stack, userId)
  const network = droppableTransport()
  const client = createClient(stack.apiUrl, stack.config.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: network.transport as never, reconnectAfterMs: () => 150 },
  })
  let held: ChatMessage[] = []
  const catchUp = createCatchUp({
    fetchAfter: async (after) => {
      const { data, error } = await client
        .from('messages')
        .select(MESSAGE_COLUMNS)
        .eq('chat_id', chatId)
        .gt('position', after)
        .order('position')
      if (error) throw new Error(error.message)
      return (data ?? []) as MessageRow[]
    },
    apply: (rows) => {
      held = mergeMessages(held, rows)
    },
  })
  const statuses: string[] = []
  const notices: unknown[] = []
  let hasDropped = false
  await client.realtime.setAuth(token)
  const channel = client
    .channel(`chat:${chatId}`, { config: { private: true, broadcast: { ack: true } } })
    .on('broadcast', { event: 'message' }, (message) => {
      notices.push(message.payload)
      void catchUp()
    })
  await new Promise<void>((resolve) => {
    channel.subscribe((status) => {
      statuses.push(status)
      if (status === 'SUBSCRIBED') {
        if (hasDropped) void catchUp()
        hasDropped = false
        resolve()
      } else {
        hasDropped = true
      }
    })
  })
  await catchUp()
  return {
    label,
    client,
    network,
    held: () => held,
    statuses,
    notices,
    catchUp,
    async send(body) {
      const sent = await sendMessage(client, chatId, body)
      held = mergeMessages(held, sent.rows)
    },
  }
}

let report: Report
let ownerId: string
let finderId: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'homeward-chat-identity-'))
  stack = await startStack({
    ports: { api: 0, inbox: 0, db: 0 },
    dataDir,
    dbSocket: false,
    functions: false,
    scheduler: false,
    seed: false,
    config: { logLevel: 'silent' },
    env: {},
  })
  const owner = await seededUser(stack)
  const finder = await seededUser(stack, { isAnonymous: true })
  ownerId = owner.id
  finderId = finder.id
  const item = await activatedItem(stack, owner.id, 'Blue rucksack')
  report = await reportFound(serviceClient(stack), item.tagCode, finder.id)
}, 60_000)

afterAll(async () => {
  await stack?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('nothing forged', () => {
  it("refuses a member's broadcast on chat:<id>, and the other side never shows it", async () => {
    const ownerSide = await openSide('owner', ownerId, report.chat_id)
    const finderSide = await openSide('finder', finderId, report.chat_id)
    const forged = {
      id: randomUUID(),
      chat_id: report.chat_id,
      sender_id: ownerId,
      sender_role: 'owner',
      body: 'Forged: the owner says meet me elsewhere',
      created_at: '2099-01-01T00:00:00Z',
      position: Number.MAX_SAFE_INTEGER,
    }
    const [channel] = finderSide.client.getChannels()
    expect(await channel?.send({ type: 'broadcast', event: 'message', payload: forged })).toBe(
      'error',
    )
    // A real message afterwards still arrives (a forged position could not stop catch-up).
    await finderSide.send('A real message')
    await eventually(
      () => ownerSide.held().some((m) => m.body === 'A real message'),
      'the real message at the owner',
    )
    await settle()
    expect(ownerSide.notices.some((n) => (n as { id?: string }).id === forged.id)).toBe(false)
    expect(ownerSide.held().some((m) => m.id === forged.id)).toBe(false)

    const ownerTopic = finderSide.client.channel(`owner:${ownerId}`, { config: { private: true } })
    const status = await new Promise<string>((resolve) => ownerTopic.subscribe(resolve))
    expect(status).toBe('CHANNEL_ERROR')
    for (const side of [ownerSide, finderSide]) await side.client.removeAllChannels()
  }, 30_000)
})

describe('nothing missed', () => {
  it('both send while the other is offline; after reconnecting each holds all 60 exactly once', async () => {
    const ownerSide = await openSide('owner', ownerId, report.chat_id)
    const finderSide = await openSide('finder', finderId, report.chat_id)
    const { data: before } = await serviceClient(stack)
      .from('messages')
      .select('id')
      .eq('chat_id', report.chat_id)
    const startCount = before?.length ?? 0
    // 30 messages each within the minute: above the 20 a member may send (docs/limits-and-settings.md
    // "Limits"), raised here through the documented setting.
    await stack.context.db.query(
      `update app_private.limits set max_count = 100 where name = 'messages_per_member'`,
    )

    const burst = async (round: string) => {
      for (let i = 0; i < 15; i += 1) {
        await ownerSide.send(`${round} owner ${i}`)
        await finderSide.send(`${round} finder ${i}`)
      }
    }
    const reconnected = async (side: Side) => {
      const subscribedBefore = side.statuses.filter((s) => s === 'SUBSCRIBED').length
      side.network.restore()
      await eventually(
        () => side.statuses.filter((s) => s === 'SUBSCRIBED').length > subscribedBefore,
        `${side.label} to subscribe again`,
        20_000,
      )
    }

    ownerSide.network.cut()
    await eventually(() => !ownerSide.client.realtime.isConnected(), 'the owner socket to drop')
    await burst('first')
    await reconnected(ownerSide)

    finderSide.network.cut()
    await eventually(() => !finderSide.client.realtime.isConnected(), 'the finder socket to drop')
    await burst('second')
    await reconnected(finderSide)

    const { data: stored } = await serviceClient(stack)
      .from('messages')
      .select('id,position')
      .eq('chat_id', report.chat_id)
      .order('position')
    const storedIds = (stored ?? []).map((row: { id: string }) => row.id)
    expect(storedIds).toHaveLength(startCount + 60)
    for (const side of [ownerSide, finderSide]) {
      await eventually(
        () => side.held().length === storedIds.length,
        `${side.label} to hold every stored message`,
        20_000,
      )
      await settle()
      const ids = side.held().map((m) => m.id)
      expect(ids, `${side.label} holds each stored message once, in order`).toEqual(storedIds)
      expect(side.held().every((m) => m.status === 'sent')).toBe(true)
    }
    for (const side of [ownerSide, finderSide]) await side.client.removeAllChannels()
  }, 90_000)
})
