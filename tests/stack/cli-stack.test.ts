/**
 * `npm run stack` as a process: it stops cleanly on SIGTERM (within its
 * 4.5 s stop deadline, else it says so and exits 1), on PGlite and, with
 * DATABASE_URL, on real Postgres; and `--reset` starts from an empty database
 * (a new data folder, or the DATABASE_URL database dropped and recreated).
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import {
  scratchDatabase,
  type ScratchDatabase,
} from '../../local-supabase/testing/scratch-database.ts'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 })

const root = fileURLToPath(new URL('../..', import.meta.url))
let dataDir: string
let scratch: ScratchDatabase | null

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'homeward-cli-'))
  scratch = await scratchDatabase()
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
  await scratch?.drop()
})

type Run = {
  apiUrl: string
  dbUrl: string
  output: () => string
  stop(signal: NodeJS.Signals): Promise<number | null>
}

/** Starts `local-supabase/cli.ts` on free ports and waits until it is ready. */
async function startCli(args: string[] = []): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local-supabase/cli.ts', ...args], {
    cwd: root,
    env: {
      ...process.env,
      LOCAL_SUPABASE_API_PORT: '0',
      LOCAL_SUPABASE_DB_PORT: '0',
      LOCAL_SUPABASE_INBOX_PORT: '0',
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_LOG_LEVEL: 'error',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('Press Ctrl-C to stop.')) {
        clearInterval(check)
        resolve()
      }
    }, 50)
    void exited.then((code) => {
      clearInterval(check)
      reject(new Error(`the stack exited (${code}) before it was ready:\n${output}`))
    })
  })
  const apiUrl = /API URL: (\S+)/.exec(output)?.[1] ?? ''
  const dbUrl = /DB URL: (postgresql:\S+)/.exec(output)?.[1] ?? ''
  return {
    apiUrl,
    dbUrl: scratch?.url ?? dbUrl,
    output: () => output,
    async stop(signal) {
      child.kill(signal)
      return exited
    },
  }
}

async function sql<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

/** The other sessions connected to the database, as "application (state): query". */
async function connectedBackends(url: string): Promise<string[]> {
  const rows = await sql<{ who: string }>(
    url,
    `select format('%s (%s): %s', application_name, state, left(query, 80)) as who
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  )
  return rows.map((row) => row.who)
}

async function hasLeftOver(url: string): Promise<boolean> {
  const rows = await sql<{ found: boolean }>(
    url,
    `select to_regclass('public.left_over') is not null as found`,
  )
  return rows[0]?.found === true
}

it('stops cleanly on SIGTERM and SIGINT with every connection released; --reset starts from an empty database', async () => {
  const first = await startCli()
  expect(first.output()).toContain('Schedule: dispatch-notifications: every 10 s')
  expect((await fetch(`${first.apiUrl}/rest/v1/`)).status).toBeLessThan(500)
  await sql(first.dbUrl, 'create table public.left_over (id int)')
  expect(await first.stop('SIGTERM')).toBe(0)
  expect(first.output()).toContain('Local Supabase stack stopped.')
  expect(first.output()).not.toContain('did not stop within')
  if (scratch) {
    // Nothing of the stack is left connected to the database (its LISTEN connections included).
    // A backend leaves pg_stat_activity a moment after its client has closed the socket
    // (this test's own `create table` connection included), so allow it a few seconds.
    await expect.poll(() => connectedBackends(scratch!.url), { timeout: 5_000 }).toEqual([])
  }

  // Data is kept from one run to the next…
  const second = await startCli()
  expect(await hasLeftOver(second.dbUrl)).toBe(true)
  expect(await second.stop('SIGINT')).toBe(0)
  expect(second.output()).toContain('Local Supabase stack stopped.')

  // …until --reset: an empty database with the migrations applied and the jobs scheduled.
  const reset = await startCli(['--reset'])
  expect(await hasLeftOver(reset.dbUrl)).toBe(false)
  expect(
    await sql(
      reset.dbUrl,
      `select count(*)::int as n from cron.job where jobname = 'dispatch-notifications'`,
    ),
  ).toEqual([{ n: 1 }])
  expect(await reset.stop('SIGTERM')).toBe(0)
})
