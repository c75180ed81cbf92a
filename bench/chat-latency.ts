/**
 * `npm run bench:chat`: issue 8's numbers, measured in one run on this machine.
 *
 * - finder → owner delivery latency through the local stack: the finder's
 *   supabase-js upsert of a message (REST, as the app sends it) until the
 *   owner's supabase-js callback on the private channel `chat:<id>` (Broadcast
 *   from the database trigger), with 1, 50 and 200 concurrent chats, each with
 *   its own owner and finder: one message at a time round-robin, then bursts of
 *   one message per chat at once;
 * - the chat route's JavaScript from a production build, gzipped: its own chunk
 *   and everything a phone downloads to open /chat cold.
 *
 * Flags: --skip-build (reuse the last build in the temp dir), --skip-latency.
 *
 * `npm run bench:chat -- --steady`: the national steady load instead (issue 46):
 * 2,000 open chats, each with its owner and finder listening on `chat:<id>` as
 * the open chat page does, each chat sending 3 messages a minute (100 msg/s in
 * all, the two sides taking turns, at random phases) for 5 minutes. For every
 * message: send → notice (the other side's broadcast callback) and send → seen
 * (that side's catch-up fetch, as the app makes on a notice, has returned the
 * row); then how many stored messages were never seen within 15 s of the end
 * (lost) and how many were noticed or fetched twice (duplicated). Options:
 * --chats N (2000), --per-minute N (3), --duration SECONDS (300; e.g. 60 for a
 * shorter run). With DATABASE_URL set the stack runs on that PostgreSQL
 * server (a scratch database of its own), else on PGlite in memory.
 *
 * Prints numbers only; nothing here is a pass/fail test.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { isMainThread, Worker, workerData } from 'node:worker_threads'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stats, type Stats } from './stats.ts'
import { entryKey, readManifest, sizeOf, staticClosure } from '../scripts/lib/bundle-graph.ts'
import type { RunningStack } from '../local-supabase/stack.ts'
import {
  activatedItem,
  MESSAGE_COLUMNS,
  reportFound,
  seededUser,
  sendMessage,
  type MessageRow,
} from '../local-supabase/testing/chat-fixtures.ts'
import { serviceClient, startTestStack } from '../local-supabase/testing/test-stack.ts'
import {
  mintToken,
  subscribe,
  type UserClient,
} from '../local-supabase/testing/realtime-support.ts'

function line(label: string, s: Stats): string {
  const f = (v: number) => `${v.toFixed(1)} ms`.padStart(9)
  return `${label.padEnd(46)} n=${String(s.n).padStart(4)}  p50 ${f(s.p50)}  p95 ${f(s.p95)}  p99 ${f(s.p99)}  max ${f(s.max)}`
}

type Chat = { chatId: string; owner: UserClient; finder: UserClient }

/** What `chat:<id>` carries for a new message: a notice, never the row. */
type Notice = { chat_id: string; position: number }

/** A chat message's key across the send's answer and the notice: chat and position. */
const keyOf = (chatId: string, position: number) => `${chatId}:${position}`

async function openChat(
  stack: RunningStack,
  i: number,
  onNotice: (side: 'owner' | 'finder', notice: Notice) => void,
  sides: readonly ('owner' | 'finder')[],
): Promise<Chat> {
  const owner = await seededUser(stack)
  const finder = await seededUser(stack, { isAnonymous: true })
  const item = await activatedItem(stack, owner.id, `Bench item ${i}`)
  const report = await reportFound(serviceClient(stack), item.tagCode, finder.id)
  for (const side of sides) {
    const user = side === 'owner' ? owner : finder
    const channel = user.client
      .channel(`chat:${report.chat_id}`, { config: { private: true } })
      .on('broadcast', { event: 'message' }, (message) => {
        onNotice(side, message.payload as Notice)
      })
    const { status } = await subscribe(channel)
    if (status !== 'SUBSCRIBED') throw new Error(`chat ${i} (${side}) did not join: ${status}`)
  }
  return { chatId: report.chat_id, owner, finder }
}

async function openChats(
  stack: RunningStack,
  count: number,
  onNotice: (side: 'owner' | 'finder', notice: Notice) => void,
  sides: readonly ('owner' | 'finder')[] = ['owner'],
  parallel = 1,
) {
  const chats: Chat[] = []
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      chats[i] = await openChat(stack, i, onNotice, sides)
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return chats
}

async function deliveryLatency(
  stack: RunningStack,
  chatCount: number,
  sequential: number,
  bursts: number,
) {
  // A notice can arrive before the send's answer names the position: keep both sides.
  const sentAt = new Map<string, number>()
  const noticedAt = new Map<string, number>()
  const samples: number[] = []
  let pending = 0
  const chats = await openChats(stack, chatCount, (_side, notice) => {
    const key = keyOf(notice.chat_id, notice.position)
    const start = sentAt.get(key)
    if (start === undefined) {
      noticedAt.set(key, performance.now())
      return
    }
    samples.push(performance.now() - start)
    sentAt.delete(key)
    pending -= 1
  })
  const send = async (chat: Chat, n: number) => {
    const start = performance.now()
    pending += 1
    const sent = await sendMessage(
      chat.finder.client,
      chat.chatId,
      `Bench message ${n}`,
      randomUUID(),
    )
    const key = keyOf(chat.chatId, Number(sent.rows[0]?.position))
    const noticed = noticedAt.get(key)
    if (noticed === undefined) {
      sentAt.set(key, start)
      return
    }
    samples.push(noticed - start)
    noticedAt.delete(key)
    pending -= 1
  }
  const drain = async () => {
    const deadline = Date.now() + 15_000
    while (pending > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1))
  }
  let lost = 0
  for (let i = 0; i < sequential; i++) {
    await send(chats[i % chats.length] as Chat, i)
    await drain()
  }
  lost += pending
  pending = 0
  sentAt.clear()
  const one = stats(samples.splice(0))
  for (let round = 0; round < bursts; round++) {
    await Promise.all(chats.map((chat, i) => send(chat, round * chats.length + i)))
    await drain()
  }
  lost += pending
  const burst = stats(samples.splice(0))
  for (const chat of chats) await chat.owner.client.removeAllChannels()
  return { one, burst, lost }
}

async function latencyReport() {
  const stack = await startTestStack()
  // One finder per chat sends up to 200 messages here: above the 20 a minute a
  // member may send (docs/limits-and-settings.md "Limits"), so the bench raises that limit.
  await stack.context.db.query(
    `update app_private.limits set max_count = 100000 where name = 'messages_per_member'`,
  )
  try {
    for (const [chats, sequential, bursts] of [
      [1, 100, 0],
      [50, 200, 4],
      [200, 200, 2],
    ] as const) {
      const result = await deliveryLatency(stack, chats, sequential, bursts)
      console.log(line(`finder→owner, ${chats} chat(s), one at a time`, result.one))
      if (bursts > 0) {
        console.log(line(`finder→owner, ${chats} chats, all at once ×${bursts}`, result.burst))
      }
      if (result.lost > 0) console.log(`  lost (not delivered within 15 s): ${result.lost}`)
    }
  } finally {
    await stack.close()
  }
}

/** The module src/app/router.tsx loads for /chat. */
const CHAT_ROUTE_MODULE = 'src/app/routes/chat.tsx'

function routeBundle(skipBuild: boolean) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const outDir = join(tmpdir(), 'homeward-bench-chat-dist')
  if (!skipBuild || !existsSync(join(outDir, '.vite/manifest.json'))) {
    execFileSync(
      'npx',
      ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    )
  }
  const manifest = readManifest(outDir)
  const kb = (files: string[]) =>
    `${(files.reduce((sum, file) => sum + sizeOf(outDir, file).gzipBytes, 0) / 1024).toFixed(1)} kB`
  const chatFile = manifest[CHAT_ROUTE_MODULE]?.file
  if (!chatFile) throw new Error(`${CHAT_ROUTE_MODULE} is not in the build manifest`)
  const appShell = new Set(staticClosure(manifest, [entryKey(manifest)]))
  const onlyChat = staticClosure(manifest, [CHAT_ROUTE_MODULE]).filter(
    (file) => !appShell.has(file),
  )
  const coldChat = staticClosure(manifest, [entryKey(manifest), CHAT_ROUTE_MODULE])
  console.log(`chat route chunk (${chatFile}), gzipped: ${kb([chatFile])}`)
  console.log(
    `chat route JS beyond the app shell (${onlyChat.length} chunks), gzipped: ${kb(onlyChat)}`,
  )
  console.log(
    `cold /chat total (app shell + chat route, ${coldChat.length} chunks), gzipped: ${kb(coldChat)}`,
  )
}

type SteadyOptions = { chats: number; perMinute: number; durationSeconds: number }

/** One listening side of a chat: what it holds, as the chat page does (catch-up.ts). */
type Listener = {
  cursor: number
  fetching: boolean
  wanted: boolean
  held: Set<string>
}

async function steadyLoad(options: SteadyOptions, sameProcess: boolean) {
  const { chats: chatCount, perMinute, durationSeconds } = options
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  console.log(
    `steady load on ${engine}: ${chatCount} open chats (owner and finder listening), ` +
      `${perMinute} messages a minute each (${((chatCount * perMinute) / 60).toFixed(1)} msg/s), ` +
      `${durationSeconds} s; load average before: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
  )
  const setupStart = performance.now()
  const stack = await startTestStack()
  try {
    const chats = await prepareChats(stack, chatCount)
    const input: SteadyInput = {
      apiUrl: stack.apiUrl,
      publishableKey: stack.config.publishableKey,
      chats,
      options,
      setupStartedSecondsAgo: (performance.now() - setupStart) / 1000,
    }
    if (sameProcess) await steadyClients(input)
    else await inWorker(input)
  } finally {
    await stack.close()
  }
}

/** A chat the clients open: its id, and each side's user id and access token. */
type ChatSpec = {
  chatId: string
  owner: { id: string; token: string }
  finder: { id: string; token: string }
}

type SteadyInput = {
  apiUrl: string
  publishableKey: string
  chats: ChatSpec[]
  options: SteadyOptions
  setupStartedSecondsAgo: number
}

/** The rows behind each chat, made in the database (no clients here). */
async function prepareChats(stack: RunningStack, count: number): Promise<ChatSpec[]> {
  const service = serviceClient(stack)
  const specs: ChatSpec[] = []
  const user = async (isAnonymous: boolean) => {
    const id = randomUUID()
    await stack.context.db.query(
      `insert into auth.users (id, aud, role, email, is_anonymous, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
      [id, isAnonymous ? null : `owner-${id}@example.com`, isAnonymous],
    )
    // Tokens for the whole run and its drain.
    return { id, token: await mintToken(stack, id) }
  }
  for (let i = 0; i < count; i++) {
    const owner = await user(false)
    const finder = await user(true)
    const item = await activatedItem(stack, owner.id, `Bench item ${i}`)
    const report = await reportFound(service, item.tagCode, finder.id)
    specs.push({ chatId: report.chat_id, owner, finder })
  }
  return specs
}

/**
 * The 4,000 clients in a thread of their own: in the stack's thread their
 * WebSockets and fetches would take the CPU time the stack is being timed on.
 */
function inWorker(input: SteadyInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { steady: input } })
    worker.once('error', reject)
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the clients' thread exited with ${code}`)),
    )
  })
}

async function steadyClients(input: SteadyInput) {
  const { options } = input
  const { perMinute, durationSeconds } = options
  const setupStart = performance.now() - input.setupStartedSecondsAgo * 1000
  {
    const listeners = new Map<string, Listener>()
    const listenerOf = (chatId: string, side: 'owner' | 'finder') => {
      const key = `${chatId}:${side}`
      let listener = listeners.get(key)
      if (!listener) {
        listener = { cursor: 0, fetching: false, wanted: false, held: new Set() }
        listeners.set(key, listener)
      }
      return listener
    }
    // Per message (chat:position): when it was sent, by which side, and when the other side noticed / saw it.
    type Sent = { at: number; by: 'owner' | 'finder'; id: string }
    const sent = new Map<string, Sent>()
    const earlyNotices = new Map<string, number>()
    const noticeSamples: number[] = []
    const seenSamples: number[] = []
    const seenAt = new Map<string, number>()
    let duplicated = 0
    let sendErrors = 0
    let fetchErrors = 0
    // What the failures said, counted (the first words of each message).
    const failures = new Map<string, number>()
    const failed = (what: string, error: unknown) => {
      const text =
        `${what}: ${error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error)}`.slice(
          0,
          120,
        )
      failures.set(text, (failures.get(text) ?? 0) + 1)
    }
    const noticesSeen = new Set<string>()
    const byChat = new Map<string, Chat>()

    const catchUp = async (chatId: string, side: 'owner' | 'finder') => {
      const listener = listenerOf(chatId, side)
      listener.wanted = true
      if (listener.fetching) return
      listener.fetching = true
      const chat = byChat.get(chatId)
      try {
        while (listener.wanted && chat) {
          listener.wanted = false
          const user = side === 'owner' ? chat.owner : chat.finder
          const { data, error } = await user.client
            .from('messages')
            .select(MESSAGE_COLUMNS)
            .eq('chat_id', chatId)
            .gt('position', listener.cursor)
            .order('position')
          if (error) {
            fetchErrors += 1
            failed('fetch', error)
            continue
          }
          const now = performance.now()
          for (const row of (data ?? []) as MessageRow[]) {
            listener.cursor = Math.max(listener.cursor, row.position)
            if (listener.held.has(row.id)) {
              duplicated += 1
              continue
            }
            listener.held.add(row.id)
            const key = keyOf(chatId, row.position)
            const message = sent.get(key)
            if (message && message.by !== side && !seenAt.has(key)) {
              seenAt.set(key, now)
              seenSamples.push(now - message.at)
            }
          }
        }
      } finally {
        listener.fetching = false
      }
    }

    const onNotice = (side: 'owner' | 'finder', notice: Notice) => {
      const now = performance.now()
      const key = keyOf(notice.chat_id, notice.position)
      const seenKey = `${key}:${side}`
      if (noticesSeen.has(seenKey)) duplicated += 1
      noticesSeen.add(seenKey)
      const message = sent.get(key)
      if (!message) earlyNotices.set(seenKey, now)
      else if (message.by !== side) noticeSamples.push(now - message.at)
      const listener = listenerOf(notice.chat_id, side)
      if (notice.position > listener.cursor) void catchUp(notice.chat_id, side)
    }
    const clientFor = ({ id, token }: { id: string; token: string }): UserClient => ({
      id,
      client: createClient(input.apiUrl, input.publishableKey, {
        accessToken: () => Promise.resolve(token),
        realtime: { transport: WebSocket as never, reconnectAfterMs: () => 200 },
      }),
      setToken: () => undefined,
    })
    const chats: Chat[] = []
    let next = 0
    const join = async () => {
      while (next < input.chats.length) {
        const spec = input.chats[next++] as ChatSpec
        const chat = {
          chatId: spec.chatId,
          owner: clientFor(spec.owner),
          finder: clientFor(spec.finder),
        }
        for (const side of ['owner', 'finder'] as const) {
          // supabase-js hands Realtime the access token asynchronously: join only once it has
          await chat[side].client.realtime.setAuth(spec[side].token)
          const channel = chat[side].client
            .channel(`chat:${chat.chatId}`, { config: { private: true } })
            .on('broadcast', { event: 'message' }, (message) => {
              onNotice(side, message.payload as Notice)
            })
          const { status, error } = await subscribe(channel)
          if (status !== 'SUBSCRIBED') {
            throw new Error(`chat ${chat.chatId} (${side}): ${status} ${error?.message ?? ''}`)
          }
        }
        chats.push(chat)
        byChat.set(chat.chatId, chat)
      }
    }
    await Promise.all(Array.from({ length: 8 }, join))
    console.log(
      `  set up ${chats.length} chats (${chats.length * 2} channels) in ${((performance.now() - setupStart) / 1000).toFixed(0)} s`,
    )

    // Each chat sends every 60/perMinute s, at a random phase, the two sides taking turns.
    const interval = 60_000 / perMinute
    const start = performance.now()
    const end = start + durationSeconds * 1000
    const due = chats.map(() => start + Math.random() * interval)
    const turns = chats.map(() => 0)
    let inFlight = 0
    let sentCount = 0
    let maxLagMs = 0
    const sendOne = async (chat: Chat, turn: number) => {
      const by = turn % 2 === 0 ? 'finder' : 'owner'
      const user = by === 'finder' ? chat.finder : chat.owner
      const at = performance.now()
      inFlight += 1
      try {
        const answer = await sendMessage(user.client, chat.chatId, `Steady ${turn}`, randomUUID())
        const row = answer.rows[0]
        if (!row) throw new Error('not stored')
        const key = keyOf(chat.chatId, row.position)
        sent.set(key, { at, by, id: row.id })
        sentCount += 1
        const other = by === 'finder' ? 'owner' : 'finder'
        const early = earlyNotices.get(`${key}:${other}`)
        if (early !== undefined) {
          noticeSamples.push(early - at)
          earlyNotices.delete(`${key}:${other}`)
        }
        // the other side may have fetched it before the answer came back
        if (listenerOf(chat.chatId, other).held.has(row.id) && !seenAt.has(key)) {
          const now = performance.now()
          seenAt.set(key, now)
          seenSamples.push(now - at)
        }
      } catch (error) {
        sendErrors += 1
        failed('send', error)
      } finally {
        inFlight -= 1
      }
    }
    let lastReport = start
    while (performance.now() < end) {
      const now = performance.now()
      for (let i = 0; i < chats.length; i++) {
        if ((due[i] as number) <= now) {
          maxLagMs = Math.max(maxLagMs, now - (due[i] as number))
          void sendOne(chats[i] as Chat, turns[i] as number)
          turns[i] = (turns[i] as number) + 1
          due[i] = (due[i] as number) + interval
        }
      }
      if (now - lastReport >= 30_000) {
        lastReport = now
        const s = stats(seenSamples)
        console.log(
          `  ${((now - start) / 1000).toFixed(0)} s: ${sentCount} sent, ${inFlight} in flight, seen p50 ${s.p50.toFixed(0)} ms p95 ${s.p95.toFixed(0)} ms`,
        )
      }
      await new Promise((r) => setTimeout(r, 5))
    }
    const drainDeadline = performance.now() + 15_000
    while ((inFlight > 0 || seenAt.size < sent.size) && performance.now() < drainDeadline) {
      await new Promise((r) => setTimeout(r, 10))
    }
    const elapsed = (performance.now() - start) / 1000
    const lost = [...sent.keys()].filter((key) => !seenAt.has(key)).length
    console.log(line('send → notice at the other side', stats(noticeSamples)))
    console.log(line('send → seen (notice + catch-up fetch)', stats(seenSamples)))
    console.log(
      `  sent ${sentCount} (${(sentCount / durationSeconds).toFixed(1)} msg/s achieved), ` +
        `send errors ${sendErrors}, fetch errors ${fetchErrors}, lost ${lost}, duplicated ${duplicated}, ` +
        `scheduler lag max ${maxLagMs.toFixed(0)} ms, run ${elapsed.toFixed(0)} s; load average after: ${loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')}`,
    )
    for (const [text, count] of [...failures].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
      console.log(`  ${count} × ${text}`)
    }
    // Hang up at once: leaving 4,000 channels one by one, each waiting for its reply
    // from a stack still catching up, took longer than the run.
    for (const chat of chats) {
      void chat.owner.client.realtime.disconnect()
      void chat.finder.client.realtime.disconnect()
    }
  }
}

function numberOption(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name)
  if (index === -1) return fallback
  const value = Number(args[index + 1])
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} needs a positive number (got ${args[index + 1] ?? 'nothing'})`)
  }
  return value
}

async function main() {
  const argv = process.argv.slice(2)
  const args = new Set(argv)
  console.log(`Homeward chat bench — ${new Date().toISOString()}, Node ${process.version}`)
  if (args.has('--steady')) {
    await steadyLoad(
      {
        chats: Math.round(numberOption(argv, '--chats', 2000)),
        perMinute: numberOption(argv, '--per-minute', 3),
        durationSeconds: numberOption(argv, '--duration', 300),
      },
      args.has('--same-process'),
    )
    return
  }
  if (!args.has('--skip-latency')) await latencyReport()
  routeBundle(args.has('--skip-build'))
}

if (isMainThread) {
  await main()
} else {
  const { steady } = workerData as { steady: SteadyInput }
  await steadyClients(steady)
  process.exit(0)
}
