/**
 * npm start: its port check, and leaving nothing behind after SIGKILL or a SIGTERM to
 * npm alone. These bind the web app's fixed port 5173 (run them under the fixed-ports
 * lock) and always run the stack on PGlite, so scripts/test-postgres.sh leaves this
 * file to `npm test` instead of running the same thing twice.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it, vi } from 'vitest'
import { portTaken } from '../../scripts/lib/port-taken.ts'

const run = promisify(execFile)

describe('npm start', () => {
  it('says plainly that the app port is taken, before starting anything', async () => {
    // Something on 5173 (this server, or a developer's own npm start already there).
    const blocker = createServer((socket) => socket.end())
    await new Promise<void>((resolve) => {
      blocker.once('error', () => resolve())
      blocker.listen(5173, 'localhost', () => resolve())
    })
    try {
      const failed = await run('npx', ['tsx', 'scripts/start.ts']).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
      expect('code' in failed && failed.code).toBe(1)
      const { stdout, stderr } = failed as { stdout: string; stderr: string }
      expect(stderr).toContain('Port 5173 is already in use')
      expect(stdout).not.toContain('Homeward is running')
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
    }
  }, 60_000)

  it('leaves nothing running when it is killed with SIGKILL: the web app port is free again', async (context) => {
    // A developer's own npm start on 5173: nothing to prove here without stopping theirs.
    if (await portTaken(5173)) context.skip()
    await withStartedApp(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts'],
      async (start) => {
        start.process.kill('SIGKILL')
        await vi.waitFor(async () => expect(await portTaken(5173)).toBe(false), {
          timeout: 10_000,
          interval: 100,
        })
      },
    )
  }, 90_000)

  it('opens with a readable banner: the web app, the inbox, the keys, the schedules; no JSON log line', async (context) => {
    if (await portTaken(5173)) context.skip()
    await withStartedApp(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts'],
      async (start) => {
        const { output } = start
        expect(output).toMatch(/^Homeward is running \(ready in [\d.]+ s\)\. Ctrl-C stops it\./m)
        expect(output).toMatch(
          / Dev inbox +http:\/\/127\.0\.0\.1:\d+ +every e-mail and text message/,
        )
        expect(output).toMatch(/ Keys +publishable sb_publishable_/)
        expect(output).toMatch(/ Signing key +ES256, kept in .*signing-key\.json/)
        expect(output).toContain('Schedules (the migrations’ cron jobs, run by the stack):')
        // Every job the migrations schedule, by name, with when it runs.
        for (const job of [
          'dispatch-notifications',
          'purge-finder-data',
          'cron-history-cleanup',
          'notification-escalation',
          'purge-photos',
        ]) {
          expect(output).toMatch(new RegExp(`^  ${job} +\\S`, 'm'))
        }
        expect(output).not.toMatch(/^\{"level"/m)
      },
      { LOCAL_SUPABASE_LOG_LEVEL: 'warn' },
    )
  }, 90_000)

  it('stops the stack and the web app when npm alone gets SIGTERM: every port is free again', async (context) => {
    if (await portTaken(5173)) context.skip()
    // `npm start` itself, in a group of its own; SIGTERM to npm's pid only, as a supervisor
    // or `kill <pid>` sends it (npm passes it to sh, which dies without passing it on).
    await withStartedApp('npm', ['start'], async (start) => {
      const apiPort = Number(/ API +http:\/\/127\.0\.0\.1:(\d+)/.exec(start.output)?.[1])
      expect(apiPort).toBeGreaterThan(0)
      expect(await portTaken(apiPort)).toBe(true)
      start.process.kill('SIGTERM')
      await vi.waitFor(
        async () => {
          expect(await portTaken(5173)).toBe(false)
          expect(await portTaken(apiPort)).toBe(false)
        },
        { timeout: 20_000, interval: 200 },
      )
    })
  }, 90_000)
})

/**
 * Runs `command args` (npm start) in a process group of its own on free stack ports and a
 * data folder of its own, waits until it says it is ready, hands it to use, then stops
 * whatever of the group is left and removes the folder.
 */
async function withStartedApp(
  command: string,
  args: string[],
  use: (start: { process: ChildProcess; output: string }) => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'homeward-start-'))
  const start = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '', // PGlite in a folder of its own, even under test:postgres
      LOCAL_SUPABASE_API_PORT: '0',
      LOCAL_SUPABASE_DB_PORT: '0',
      LOCAL_SUPABASE_INBOX_PORT: '0',
      LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_LOG_LEVEL: 'error',
      ...extraEnv,
    },
  })
  try {
    const output = await new Promise<string>((resolve, reject) => {
      let text = ''
      const read = (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('Ctrl-C stops it.')) resolve(text)
      }
      // Both streams: the stack's warnings (stderr) must read as plainly as the banner.
      start.stdout.on('data', read)
      start.stderr?.on('data', read)
      start.once('exit', (code) => {
        reject(new Error(`npm start exited (${code}) before it was ready:\n${text}`))
      })
    })
    expect(output).toMatch(/ Web app +http:\/\/localhost:5173\n/)
    expect(await portTaken(5173)).toBe(true)
    await use({ process: start, output })
  } finally {
    try {
      process.kill(-start.pid!, 'SIGKILL')
    } catch {
      // the whole group is gone already
    }
    await rm(dataDir, { recursive: true, force: true })
  }
}
