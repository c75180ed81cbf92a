/**
 * bench:fanout — report-to-all-notifications-accepted time through the real
 * report-found Edge Function (Deno) on the local stack, with the dev inbox as
 * Twilio and e-mail provider. Prints p50/p95 for 1 and 50 concurrent reports.
 * Each report has its own owner, tag and anonymous finder (the abuse limits
 * count per tag and per finder). Timed until every outbox row of the report is
 * 'sent' (accepted by the provider), polling the database every 5 ms.
 */
import { rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import WebSocket from 'ws'
import { createFunctionsGateway } from '../local-supabase/functions/gateway.ts'
import { writeProviderEnv } from '../tests/stack/provider-env.ts'
import { percentile } from './stats.ts'
import { startStack } from '../local-supabase/stack.ts'
import { activatedItem, seededUser } from '../tests/stack/chat-fixtures.ts'
import { solvedProof } from '../tests/stack/proof-of-work.ts'

const functionsDir = fileURLToPath(new URL('../supabase/functions', import.meta.url))
const configPath = fileURLToPath(new URL('../supabase/config.toml', import.meta.url))

async function main() {
  const stack = await startStack({
    ports: { api: 0, inbox: 0, db: 0 },
    dataDir: null,
    dbSocket: false,
    functions: false,
    scheduler: false,
    seed: false,
    // Many anonymous finders in seconds: lift the per-IP anonymous sign-in limit.
    config: {
      logLevel: 'silent',
      rateLimits: { anonymousUsers: { limit: 100_000, windowSeconds: 3600 } },
    },
    env: {},
  })
  const { envDir, envFile } = await writeProviderEnv(stack.inboxUrl, 'http://localhost:5173')
  const gateway = await createFunctionsGateway({
    ...stack.context,
    apiUrl: stack.apiUrl,
    functionsDir,
    configPath,
    envFile,
  })
  const app = new Hono()
  app.mount('/functions/v1', (request) => gateway.app.fetch(request))
  app.all('*', (c) => {
    const url = new URL(c.req.url)
    return fetch(`${stack.apiUrl}${url.pathname}${url.search}`, c.req.raw)
  })
  const server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  async function prepare() {
    const owner = await seededUser(stack)
    await stack.context.db.query(
      `insert into public.profiles (id, email, full_name, mobile_number) values ($1, $2, 'Olivia', '07700900123')`,
      [owner.id, `owner-${owner.id}@example.com`],
    )
    const { tagCode } = await activatedItem(stack, owner.id)
    const finder = createClient(apiUrl, stack.config.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    const { error } = await finder.auth.signInAnonymously()
    if (error) throw error
    // the bot check is solved up front: its time is the browser's (bench:pow), not the fan-out's
    return { tagCode, finder, ownerId: owner.id, proof: await solvedProof(finder) }
  }

  async function timedReport(prepared: Awaited<ReturnType<typeof prepare>>): Promise<number> {
    const started = performance.now()
    const { data, error } = await prepared.finder.functions.invoke<{ chatId: string }>(
      'report-found',
      {
        body: {
          tagCode: prepared.tagCode,
          name: 'Fiona',
          email: `finder-${prepared.ownerId}@example.com`,
          phone: '',
          address: '',
          foundLocation: 'Bench',
          proof: prepared.proof,
        },
      },
    )
    if (error || !data) throw new Error(`report-found failed: ${error?.message}`)
    // Under concurrency another invocation may hold some of this report's rows:
    // wait until every row is accepted by its provider.
    for (;;) {
      const rows = await stack.context.db.query<{ status: string }>(
        `select n.status from public.notifications n join public.chats c on c.report_id = n.report_id
         where c.id = $1`,
        [data.chatId],
      )
      if (rows.rows.length === 3 && rows.rows.every((row) => row.status === 'sent')) break
      if (rows.rows.some((row) => row.status === 'failed')) throw new Error('a notification failed')
      if (performance.now() - started > 60_000)
        throw new Error(`not accepted: ${JSON.stringify(rows.rows)}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const elapsed = performance.now() - started
    return elapsed
  }

  try {
    // Warm up: Deno boots the function and loads its npm dependencies.
    await timedReport(await prepare())
    for (const concurrency of [1, 50]) {
      const rounds = concurrency === 1 ? 20 : 1
      const samples: number[] = []
      for (let round = 0; round < rounds; round += 1) {
        const prepared = await Promise.all(Array.from({ length: concurrency }, () => prepare()))
        samples.push(...(await Promise.all(prepared.map(timedReport))))
      }
      samples.sort((a, b) => a - b)
      console.log(
        `report → all notifications accepted, ${concurrency} concurrent (${samples.length} reports): ` +
          `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`,
      )
    }
  } finally {
    await gateway.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await stack.close()
    await rm(envDir, { recursive: true, force: true })
  }
}

await main()
