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
 * Prints numbers only; nothing here is a pass/fail test.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stats, type Stats } from './stats.ts'
import { entryKey, readManifest, sizeOf, staticClosure } from '../scripts/lib/bundle-graph.ts'
import type { RunningStack } from '../local-supabase/stack.ts'
import {
  activatedItem,
  reportFound,
  seededUser,
  sendMessage,
  type MessageRow,
} from '../local-supabase/testing/chat-fixtures.ts'
import { serviceClient, startTestStack } from '../local-supabase/testing/test-stack.ts'
import { subscribe, type UserClient } from '../local-supabase/testing/realtime-support.ts'

function line(label: string, s: Stats): string {
  const f = (v: number) => `${v.toFixed(1)} ms`.padStart(9)
  return `${label.padEnd(46)} n=${String(s.n).padStart(4)}  p50 ${f(s.p50)}  p95 ${f(s.p95)}  p99 ${f(s.p99)}  max ${f(s.max)}`
}

type Chat = { chatId: string; owner: UserClient; finder: UserClient }

async function openChats(stack: RunningStack, count: number, onMessage: (id: string) => void) {
  const service = serviceClient(stack)
  const chats: Chat[] = []
  for (let i = 0; i < count; i++) {
    const owner = await seededUser(stack)
    const finder = await seededUser(stack, { isAnonymous: true })
    const item = await activatedItem(stack, owner.id, `Bench item ${i}`)
    const report = await reportFound(service, item.tagCode, finder.id)
    const channel = owner.client
      .channel(`chat:${report.chat_id}`, { config: { private: true } })
      .on('broadcast', { event: 'message' }, (message) => {
        onMessage((message.payload as MessageRow).id)
      })
    const { status } = await subscribe(channel)
    if (status !== 'SUBSCRIBED') throw new Error(`chat ${i} did not join: ${status}`)
    chats.push({ chatId: report.chat_id, owner, finder })
  }
  return chats
}

async function deliveryLatency(
  stack: RunningStack,
  chatCount: number,
  sequential: number,
  bursts: number,
) {
  const sentAt = new Map<string, number>()
  const samples: number[] = []
  const chats = await openChats(stack, chatCount, (id) => {
    const start = sentAt.get(id)
    if (start === undefined) return
    samples.push(performance.now() - start)
    sentAt.delete(id)
  })
  const send = async (chat: Chat, n: number) => {
    const id = randomUUID()
    sentAt.set(id, performance.now())
    await sendMessage(chat.finder.client, chat.chatId, `Bench message ${n}`, id)
  }
  const drain = async () => {
    const deadline = Date.now() + 15_000
    while (sentAt.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1))
  }
  let lost = 0
  for (let i = 0; i < sequential; i++) {
    await send(chats[i % chats.length] as Chat, i)
    await drain()
  }
  lost += sentAt.size
  sentAt.clear()
  const one = stats(samples.splice(0))
  for (let round = 0; round < bursts; round++) {
    await Promise.all(chats.map((chat, i) => send(chat, round * chats.length + i)))
    await drain()
  }
  lost += sentAt.size
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

async function main() {
  const args = new Set(process.argv.slice(2))
  console.log(`Homeward chat bench — ${new Date().toISOString()}, Node ${process.version}`)
  if (!args.has('--skip-latency')) await latencyReport()
  routeBundle(args.has('--skip-build'))
}

await main()
