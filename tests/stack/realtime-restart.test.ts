/**
 * supabase-js reconnects and rejoins its channels by itself after the local
 * stack restarts (same port, same persisted database).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startStack, type RunningStack } from '../../local-supabase/stack.ts'
import {
  createRoom,
  eventually,
  ROOM_SCHEMA,
  subscribe,
  userClient,
} from '../../local-supabase/testing/realtime-support.ts'

let stack: RunningStack | null = null
let dataDir = ''

function start(apiPort: number): Promise<RunningStack> {
  return startStack({
    ports: { api: apiPort, inbox: 0, db: 0 },
    dataDir,
    dbSocket: false,
    functions: false,
    scheduler: false,
    seed: false,
    config: { logLevel: 'silent' },
    env: {},
  })
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'homeward-realtime-restart-'))
  stack = await start(0)
  await stack.context.db.exec(ROOM_SCHEMA)
})

afterAll(async () => {
  await stack?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

it('reconnects and resubscribes a private channel after the stack restarts', async () => {
  if (!stack) throw new Error('the stack did not start')
  const port = Number(new URL(stack.apiUrl).port)
  const member = await userClient(stack)
  const room = await createRoom(stack.context.db, [member.id])
  const got: unknown[] = []
  const channel = member.client
    .channel(`room:${room}`, { config: { private: true } })
    .on('broadcast', { event: 'ping' }, (m) => got.push(m.payload))
  expect((await subscribe(channel)).status).toBe('SUBSCRIBED')

  await stack.close()
  stack = null
  await eventually(() => !member.client.realtime.isConnected(), 'the socket to drop')
  stack = await start(port)
  const restarted = stack

  // The client rejoins on its own; keep sending until a message gets through.
  await eventually(
    async () => {
      await restarted.context.db.query(`select realtime.send('{"n":1}', 'ping', $1, true)`, [
        `room:${room}`,
      ])
      await new Promise((resolve) => setTimeout(resolve, 200))
      return got.length > 0
    },
    'a message after the restart',
    25_000,
  )
  expect(channel.state).toBe('joined')
  await member.client.removeAllChannels()
}, 60_000)
