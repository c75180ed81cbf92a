/**
 * The report fan-out on the local stack, for the stack tests and bench:fanout:
 * the stack, the real Edge Functions in Deno, one origin for clients, and a
 * fault proxy between the functions and the dev inbox that can answer like a
 * provider that is down (503), rate-limiting (429) or slow (the message is
 * taken, the answer held back; or the request held for `slowMs` and only then
 * taken, or dropped), whose message list lags (`listLagMs`), and tell which
 * process is waiting on it.
 */
import { execFileSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import WebSocket from 'ws'
import { createFunctionsGateway } from '../functions/gateway.ts'
import { activatedItem, seededUser } from './chat-fixtures.ts'
import { eventually } from './realtime-support.ts'
import { startTestStack, type TestStack } from './test-stack.ts'
import { writeProviderEnv } from './provider-env.ts'

const functionsDir = fileURLToPath(new URL('../../supabase/functions', import.meta.url))
const configPath = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url))
export const SITE = 'http://localhost:5173'

/**
 * hold: the inbox takes the message at once, the answer is held until released.
 * slow_accept: the request is held for slowMs, then the inbox takes it and it is
 * answered (after the functions' 10 s deadline). slow_drop: held for slowMs, then
 * a 503 and nothing is taken.
 */
export type Fault = 'pass' | 'down' | 'rate_limit' | 'hold' | 'slow_accept' | 'slow_drop'
type Held = { release(): void; remotePort: number }

/** A proxy to the inbox that applies the next planned fault to each provider POST. */
export class FaultProxy {
  smsPlan: Fault[] = []
  emailPlan: Fault[] = []
  held: Held[] = []
  /** How long slow_accept and slow_drop hold a request. */
  slowMs = 15_000
  /** The message list leaves out SMS the inbox took less than this long ago. */
  listLagMs = 0
  /** SMS requests held by slow_accept or slow_drop right now. */
  slowInFlight = 0
  /** When the inbox took each SMS that passed through here, by sid. */
  private takenAt = new Map<string, number>()
  private server: Server
  private waiters: Array<() => void> = []
  url = ''

  constructor(private readonly inboxUrl: string) {
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  /** Resolves once `count` answers are being held back. */
  async waitForHeld(count: number): Promise<void> {
    while (this.held.length < count)
      await new Promise<void>((resolve) => this.waiters.push(resolve))
  }

  releaseAll(): void {
    for (const held of this.held.splice(0)) held.release()
  }

  /** The process whose connection waits on a held answer (the functions' Deno process). */
  heldProcessId(): number {
    const port = this.held[0]?.remotePort
    if (!port) throw new Error('nothing is held')
    const out = execFileSync('ss', ['-Htnp', 'state', 'established', `( sport = :${port} )`], {
      encoding: 'utf8',
    })
    const pid = /pid=(\d+)/.exec(out)?.[1]
    if (!pid) throw new Error(`no process found on port ${port}: ${out}`)
    return Number(pid)
  }

  async close(): Promise<void> {
    this.releaseAll()
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    const isSms = req.method === 'POST' && /\/Messages\.json$/.test(req.url ?? '')
    const isEmail = req.method === 'POST' && req.url === '/emails'
    const fault =
      (isSms ? this.smsPlan.shift() : isEmail ? this.emailPlan.shift() : 'pass') ?? 'pass'
    if (fault === 'down') {
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Service Unavailable', status: 503 }))
      return
    }
    if (fault === 'rate_limit') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
      res.end(
        JSON.stringify({
          statusCode: 429,
          name: 'rate_limit_exceeded',
          message: 'Too many requests',
        }),
      )
      return
    }
    if (fault === 'slow_accept' || fault === 'slow_drop') {
      this.slowInFlight += 1
      await new Promise((resolve) => setTimeout(resolve, this.slowMs))
      this.slowInFlight -= 1
      if (fault === 'slow_drop') {
        if (!res.destroyed) {
          res.writeHead(503, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ message: 'Service Unavailable', status: 503 }))
        }
        return
      }
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    )
    const upstream = await fetch(`${this.inboxUrl}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    })
    let text = await upstream.text()
    if (isSms && upstream.ok) {
      const sid = (JSON.parse(text) as { sid?: string }).sid
      if (sid) this.takenAt.set(sid, Date.now())
    }
    const isSmsList = req.method === 'GET' && /\/Messages\.json(\?|$)/.test(req.url ?? '')
    if (isSmsList && upstream.ok && this.listLagMs > 0) {
      const list = JSON.parse(text) as { messages: Array<{ sid: string }> }
      const listedBy = Date.now() - this.listLagMs
      list.messages = list.messages.filter((m) => (this.takenAt.get(m.sid) ?? 0) <= listedBy)
      text = JSON.stringify(list)
    }
    const answer = () => {
      if (res.destroyed) return
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
      })
      res.end(text)
    }
    if (fault === 'hold') {
      this.held.push({ release: answer, remotePort: req.socket.remotePort ?? 0 })
      for (const wake of this.waiters.splice(0)) wake()
      return
    }
    answer()
  }
}

export type FanoutStack = {
  stack: TestStack
  proxy: FaultProxy
  /** One origin: /functions/v1 to the gateway, everything else to the stack. */
  apiUrl: string
  finder(): Promise<SupabaseClient>
  service: SupabaseClient
  owner(options?: { mobile?: string | null; itemName?: string }): Promise<{
    id: string
    email: string
    client: SupabaseClient
    tagCode: string
    itemId: string
  }>
  sms(to?: string): Promise<Array<{ To: string; Body: string; Sid: string }>>
  emailsTo(address: string): Promise<Array<{ ID: string; Subject: string }>>
  dispatch(): Promise<Record<string, number>>
  close(): Promise<void>
}

export async function startFanoutStack({
  anonymousLimit = 1000,
}: { anonymousLimit?: number } = {}): Promise<FanoutStack> {
  const stack = await startTestStack({
    rateLimits: { anonymousUsers: { limit: anonymousLimit, windowSeconds: 3600 } },
    // every finder here is this machine: keep its proofs at the base difficulty and
    // lift the per-address backstop (docs/limits-and-settings.md "Limits")
    limits: { proof_free_per_address: 100_000, challenges_per_address: 100_000 },
  })
  const proxy = new FaultProxy(stack.inboxUrl)
  await proxy.listen()
  // Pushes go straight to the inbox's push endpoint (the stack's local push prefix).
  const { envDir, envFile } = await writeProviderEnv(proxy.url, SITE, stack.inboxUrl)
  const gateway = await createFunctionsGateway({
    ...stack.context,
    apiUrl: stack.apiUrl,
    functionsDir,
    configPath,
    envFile,
  })
  const app = new Hono()
  app.mount('/functions/v1', (request, env) => gateway.app.fetch(request, env))
  app.all('*', (c) => {
    const url = new URL(c.req.url)
    return fetch(`${stack.apiUrl}${url.pathname}${url.search}`, c.req.raw)
  })
  const server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  }
  const service = createClient(apiUrl, stack.config.secretKey, clientOptions)

  return {
    stack,
    proxy,
    apiUrl,
    service,
    async finder() {
      const finder = createClient(apiUrl, stack.config.publishableKey, clientOptions)
      const { error } = await finder.auth.signInAnonymously()
      if (error) throw error
      return finder
    },
    async owner({ mobile = '07700900123', itemName = 'Blue rucksack' } = {}) {
      const owner = await seededUser(stack)
      const email = `owner-${owner.id}@example.com`
      await stack.context.db.query(
        `insert into public.profiles (id, email, full_name, mobile_number) values ($1, $2, 'Olivia', $3)`,
        [owner.id, email, mobile],
      )
      // An owner who has entered the code texted to the number (report texts go only to verified numbers).
      await stack.context.db.query(
        `insert into public.mobile_verifications (owner_id, mobile_number, verified_at)
         select id, mobile_number, now() from public.profiles where id = $1 and mobile_number is not null`,
        [owner.id],
      )
      const { tagCode, itemId } = await activatedItem(stack, owner.id, itemName)
      return { id: owner.id, email, client: owner.client, tagCode, itemId }
    },
    async sms(to) {
      const list = (await (await fetch(`${stack.inboxUrl}/api/v1/sms`)).json()) as {
        messages: Array<{ To: string; Body: string; Sid: string }>
      }
      return to ? list.messages.filter((m) => m.To === to) : list.messages
    },
    async emailsTo(address) {
      const list = (await (await fetch(`${stack.inboxUrl}/api/v1/messages?limit=1000`)).json()) as {
        messages: Array<{ ID: string; Subject: string; To: Array<{ Address: string }> }>
      }
      return list.messages.filter((m) => m.To.some((t) => t.Address === address))
    },
    async dispatch() {
      const { data, error } = await service.functions.invoke<Record<string, number>>(
        'dispatch-notifications',
        { body: {} },
      )
      if (error || !data) throw new Error(`dispatch-notifications: ${error?.message}`)
      return data
    },
    async close() {
      await proxy.close()
      await gateway.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await stack.close()
      await rm(envDir, { recursive: true, force: true })
    },
  }
}

/** The statuses of a report's outbox rows, by template. */
export async function outboxOf(
  stack: TestStack,
  reportId: string,
): Promise<Record<string, string>> {
  const { rows } = await stack.context.db.query<{ template: string; status: string }>(
    'select template, status from public.notifications where report_id = $1',
    [reportId],
  )
  return Object.fromEntries(rows.map((row) => [row.template, row.status]))
}

/** Polls until check() is truthy (the outbox is worked off after the answer); 30 s by default. */
export function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  return eventually(check, what, timeoutMs)
}
