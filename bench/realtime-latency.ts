/**
 * `npm run bench:realtime`: numbers for the local stack's Realtime and Edge
 * Functions, measured in one run on this machine.
 *
 * - floor: raw WebSocket echo round trip on loopback (ws server + ws client);
 * - broadcast delivery latency, database insert (`realtime.send`) → supabase-js
 *   subscriber callback, with 1, 50 and 200 concurrent private channels (one
 *   client and one member per channel): one message at a time round-robin, and
 *   bursts of one message per channel at once;
 * - Edge Function invocation through the gateway (supabase-js `functions.invoke`);
 * - memory of this process (stack + clients) and of the Deno process.
 *
 * Prints numbers only; nothing here is a pass/fail test.
 */
import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import WebSocket, { WebSocketServer } from 'ws'
import { createFunctionsGateway } from '../local-supabase/functions/gateway.ts'
import { stats, type Stats } from './stats.ts'
import type { RunningStack } from '../local-supabase/stack.ts'
import { startTestStack } from '../local-supabase/testing/test-stack.ts'
import {
  createRoom,
  ROOM_SCHEMA,
  subscribe,
  userClient,
  type UserClient,
} from '../local-supabase/testing/realtime-support.ts'

function line(label: string, s: Stats): string {
  const f = (v: number) => `${v.toFixed(2)} ms`
  return `${label.padEnd(56)} n=${String(s.n).padStart(5)}  p50 ${f(s.p50)}  p95 ${f(s.p95)}  p99 ${f(s.p99)}  max ${f(s.max)}`
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

async function rawEchoFloor(rounds: number): Promise<Stats> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(data)))
  await new Promise((resolve) => wss.once('listening', resolve))
  const { port } = wss.address() as AddressInfo
  const ws = new WebSocket(`ws://127.0.0.1:${port}`)
  await new Promise((resolve) => ws.once('open', resolve))
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    await new Promise<void>((resolve) => {
      ws.once('message', () => resolve())
      ws.send(JSON.stringify([null, String(i), 'realtime:echo', 'broadcast', { i }]))
    })
    samples.push(performance.now() - start)
  }
  ws.close()
  await new Promise((resolve) => wss.close(resolve))
  return stats(samples)
}

async function broadcastLatency(
  stack: RunningStack,
  channels: number,
  sequential: number,
  bursts: number,
) {
  const users: UserClient[] = []
  const pending = new Map<string, number>()
  const samples: number[] = []
  const rooms: string[] = []
  for (let i = 0; i < channels; i++) {
    const user = await userClient(stack)
    const room = await createRoom(stack.context.db, [user.id])
    const channel = user.client
      .channel(`room:${room}`, { config: { private: true } })
      .on('broadcast', { event: 'bench' }, (message) => {
        const key = (message.payload as { key: string }).key
        const start = pending.get(key)
        if (start !== undefined) {
          samples.push(performance.now() - start)
          pending.delete(key)
        }
      })
    const { status } = await subscribe(channel)
    if (status !== 'SUBSCRIBED') throw new Error(`channel ${i} did not join: ${status}`)
    users.push(user)
    rooms.push(room)
  }
  const waitForAll = async () => {
    const deadline = Date.now() + 10_000
    while (pending.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1))
  }
  const send = (room: string, key: string) => {
    pending.set(key, performance.now())
    return stack.context.db.query(`select realtime.send($1::jsonb, 'bench', $2, true)`, [
      JSON.stringify({ key }),
      `room:${room}`,
    ])
  }
  // One message at a time, round-robin over the joined channels.
  for (let i = 0; i < sequential; i++) {
    await send(rooms[i % rooms.length] as string, `s${i}`)
    await waitForAll()
  }
  const one = stats(samples.splice(0))
  // Bursts: one message per channel at once (all queued behind each other in the database).
  for (let round = 0; round < bursts; round++) {
    await Promise.all(rooms.map((room, i) => send(room, `b${round}:${i}`)))
    await waitForAll()
  }
  const burst = stats(samples.splice(0))
  const lost = pending.size
  const memory = process.memoryUsage()
  for (const user of users) await user.client.removeAllChannels()
  return { one, burst, lost, memory }
}

async function functionLatency(stack: RunningStack, invocations: number) {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const fixtures = fileURLToPath(new URL('../local-supabase/testing/fixtures', import.meta.url))
  const gateway = await createFunctionsGateway({
    ...stack.context,
    apiUrl,
    functionsDir: `${fixtures}/functions`,
    configPath: `${fixtures}/config.toml`,
  })
  const app = new Hono()
  app.mount('/functions/v1', (request) => gateway.app.fetch(request))
  server.on('request', getRequestListener(app.fetch))
  const client = createClient(apiUrl, stack.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  })
  const cold = performance.now()
  const first = await client.functions.invoke('echo', { body: { warm: true } })
  const coldMs = performance.now() - cold
  if (first.error) throw first.error
  const samples: number[] = []
  for (let i = 0; i < invocations; i++) {
    const start = performance.now()
    const { error } = await client.functions.invoke('echo', { body: { i } })
    if (error) throw error
    samples.push(performance.now() - start)
  }
  const denoRss = childRss()
  await gateway.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return { coldMs, stats: stats(samples), denoRss }
}

/** Resident memory of this process's children (the Deno process), in bytes. */
function childRss(): number {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    })
    return out
      .split('\n')
      .map((v) => Number(v.trim()) * 1024)
      .filter((v) => Number.isFinite(v))
      .reduce((a, b) => a + b, 0)
  } catch {
    return NaN
  }
}

async function main() {
  console.log(`Homeward local stack bench — ${new Date().toISOString()}, Node ${process.version}`)
  console.log(line('raw WebSocket echo round trip (floor)', await rawEchoFloor(2000)))

  const stack = await startTestStack()
  try {
    await stack.context.db.exec(ROOM_SCHEMA)
    for (const [channels, bursts] of [
      [1, 0],
      [50, 10],
      [200, 4],
    ] as const) {
      const result = await broadcastLatency(stack, channels, 500, bursts)
      console.log(
        line(`broadcast insert→subscriber, ${channels} channel(s), 1 at a time`, result.one),
      )
      if (bursts > 0) {
        console.log(line(`  burst of ${channels} (one per channel at once)`, result.burst))
      }
      console.log(
        `  lost ${result.lost}, node rss ${mb(result.memory.rss)}, heap ${mb(result.memory.heapUsed)}`,
      )
    }
    const fn = await functionLatency(stack, 300)
    console.log(`Edge Function cold start (first invoke)          ${fn.coldMs.toFixed(1)} ms`)
    console.log(line('Edge Function invoke (warm, supabase-js)', fn.stats))
    const memory = process.memoryUsage()
    console.log(
      `memory: node rss ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}; deno rss ${mb(fn.denoRss)}`,
    )
  } finally {
    await stack.close()
  }
}

await main()
