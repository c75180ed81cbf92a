/**
 * `npm run bench:stack`: numbers for the local Supabase stack (not a test).
 * Cold start (new in-memory database: platform objects + migrations), warm
 * start (persisted data folder), sign-in p50/p95, REST select p50/p95 and
 * memory at rest. Ports are picked free, so it runs beside a developer's stack.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { percentile } from './stats.ts'
import { startStack, type StartStackOptions } from '../local-supabase/stack.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100)
const options: StartStackOptions = {
  ports: { api: 0, inbox: 0, db: 0 },
  dbSocket: false,
  scheduler: false,
  functions: process.env.BENCH_FUNCTIONS === '1',
  config: {
    logLevel: 'silent',
    rateLimits: { tokenRefresh: { limit: 1_000_000, windowSeconds: 300 } },
  },
  env: {},
}

const ms = (v: number) => `${v.toFixed(1)} ms`

async function timed(fn: () => PromiseLike<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stack-bench-'))
try {
  let coldStack: Awaited<ReturnType<typeof startStack>> | null = null
  const cold = await timed(async () => {
    coldStack = await startStack({ ...options, dataDir })
  })
  await coldStack!.close()
  let stack: Awaited<ReturnType<typeof startStack>> | null = null
  const warm = await timed(async () => {
    stack = await startStack({ ...options, dataDir })
  })
  const running = stack!
  const sb = () =>
    createClient(running.apiUrl, running.config.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
  const owner = sb()
  const email = `bench-${Date.now()}@example.com`
  const service = createClient(running.apiUrl, running.config.secretKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  })
  // A confirmed owner (config.toml has confirmations on: sign-up alone signs nobody in).
  await service.auth.admin.createUser({ email, password: 'bench-password-1', email_confirm: true })
  await owner.auth.signInWithPassword({ email, password: 'bench-password-1' })
  await service.rpc('mint_tags', { count: 50, batch: 'bench' })

  const signIns: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    signIns.push(
      await timed(() => sb().auth.signInWithPassword({ email, password: 'bench-password-1' })),
    )
  }
  const selects: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    selects.push(await timed(() => owner.from('profiles').select('*').eq('email', email)))
  }
  const serviceSelects: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    serviceSelects.push(
      await timed(() => service.from('tags').select('code,status').eq('batch', 'bench').limit(20)),
    )
  }
  global.gc?.()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const memory = process.memoryUsage()
  const cpus = os.cpus()
  console.log(
    `Local Supabase stack bench (${ROUNDS} rounds each; Edge Functions ${options.functions ? 'on' : 'off'})`,
  )
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
  )
  console.log(`Cold start (new database, migrations): ${ms(cold)}`)
  console.log(`Warm start (persisted data):          ${ms(warm)}`)
  console.log(
    `Sign-in (password grant, bcrypt cost 10): p50 ${ms(percentile(signIns, 50))}, p95 ${ms(percentile(signIns, 95))}`,
  )
  console.log(
    `REST select as owner (RLS):           p50 ${ms(percentile(selects, 50))}, p95 ${ms(percentile(selects, 95))}`,
  )
  console.log(
    `REST select as service role:          p50 ${ms(percentile(serviceSelects, 50))}, p95 ${ms(percentile(serviceSelects, 95))}`,
  )
  console.log(
    `Memory at rest: RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
  )
  await running.close()
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
