/**
 * The local copies of pg_cron and pg_net that run the migrations' schedules:
 * the schedule grammar, the cron runner (cron.job → runs recorded in
 * cron.job_run_details) and the pg_net worker (net.http_post → a request after
 * commit → net._http_response), against a database with the migrations.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startCronRunner, type CronRunner } from '../../local-supabase/cron/runner.ts'
import { firesInMinute, parseSchedule } from '../../local-supabase/cron/schedule.ts'
import type { Database } from '../../local-supabase/db/types.ts'
import { startNetWorker, type NetWorker } from '../../local-supabase/net/worker.ts'
import { expectPgError, openTestDatabase } from '../db/helpers.ts'
import { eventually, settle } from '../../local-supabase/testing/realtime-support.ts'

const log = pino({ level: 'silent' })
const at = (iso: string) => new Date(iso)

describe('schedule grammar (pg_cron)', () => {
  it('matches cron fields in UTC: numbers, steps, ranges, lists, names, macros', () => {
    const hourly17 = parseSchedule('17 * * * *')
    expect(firesInMinute(hourly17, at('2026-11-23T10:17:00Z'))).toBe(true)
    expect(firesInMinute(hourly17, at('2026-11-23T10:18:00Z'))).toBe(false)
    const quarter = parseSchedule('*/15 9-17 * * mon-fri')
    expect(firesInMinute(quarter, at('2026-11-23T09:45:00Z'))).toBe(true) // a Monday
    expect(firesInMinute(quarter, at('2026-11-23T09:50:00Z'))).toBe(false)
    expect(firesInMinute(quarter, at('2026-11-22T09:45:00Z'))).toBe(false) // a Sunday
    expect(firesInMinute(parseSchedule('@hourly'), at('2026-11-23T10:00:00Z'))).toBe(true)
    expect(firesInMinute(parseSchedule('@daily'), at('2026-11-23T10:00:00Z'))).toBe(false)
    expect(firesInMinute(parseSchedule('0 12 * jan,nov 7'), at('2026-11-22T12:00:00Z'))).toBe(true)
  })

  it('treats day of month and day of week as either-or when both are given (Vixie cron)', () => {
    const either = parseSchedule('0 0 1 * mon')
    expect(firesInMinute(either, at('2026-11-23T00:00:00Z'))).toBe(true) // a Monday, the 23rd
    expect(firesInMinute(either, at('2026-12-01T00:00:00Z'))).toBe(true) // a Tuesday, the 1st
    expect(firesInMinute(either, at('2026-11-24T00:00:00Z'))).toBe(false)
  })

  it('reads interval jobs and refuses what pg_cron refuses', () => {
    expect(parseSchedule('10 seconds')).toEqual({ kind: 'interval', seconds: 10 })
    expect(parseSchedule('1 second')).toEqual({ kind: 'interval', seconds: 1 })
    for (const bad of [
      '60 seconds',
      '0 seconds',
      '* * * *',
      '61 * * * *',
      'every day',
      '5-1 * * * *',
      '0 0 0 * *',
    ]) {
      expect(() => parseSchedule(bad), bad).toThrow('invalid schedule')
    }
  })
})

let db: Database
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => {
  await db?.close()
})

describe('cron (local copy of pg_cron)', () => {
  let runner: CronRunner | null = null
  beforeAll(async () => {
    await db.exec('create table public.ticks (id serial primary key, at timestamptz default now())')
    // Only this file's jobs run here.
    await db.exec('update cron.job set active = false')
  })
  afterEach(async () => {
    await runner?.stop()
    runner = null
    await db.exec(`delete from cron.job where jobname like 'test-%'`)
  })

  it('the migrations schedule dispatch, purge (with the purged photos at once), history cleanup, escalation reminders, photo purge, the purge of kept conversations, of desk cases and of case links', async () => {
    const { rows } = await db.query<{ jobname: string; schedule: string; command: string }>(
      'select jobname, schedule, command from cron.job order by jobid',
    )
    expect(rows).toEqual([
      {
        jobname: 'dispatch-notifications',
        schedule: '10 seconds',
        command: 'select app_private.dispatch_due_notifications()',
      },
      {
        jobname: 'purge-finder-data',
        schedule: '17 * * * *',
        command: 'select app_private.purge_finder_data_and_photos()',
      },
      expect.objectContaining({ jobname: 'cron-history-cleanup', schedule: '42 3 * * *' }),
      {
        jobname: 'notification-escalation',
        schedule: '* * * * *',
        command: 'select public.enqueue_reminders()',
      },
      {
        jobname: 'purge-photos',
        schedule: '*/5 * * * *',
        command: 'select app_private.purge_due_photos()',
      },
      {
        jobname: 'purge-kept-conversations',
        schedule: '23 * * * *',
        command: 'select app_private.purge_kept_conversations()',
      },
      {
        jobname: 'purge-desk-cases',
        schedule: '27 * * * *',
        command: 'select app_private.purge_desk_cases()',
      },
      {
        jobname: 'purge-case-links',
        schedule: '41 * * * *',
        command: 'select app_private.purge_case_links()',
      },
    ])
  })

  it('cron.schedule replaces a job of the same name; unschedule removes it; a bad schedule is refused', async () => {
    const first = await db.query<{ id: string }>(
      `select cron.schedule('test-tick', '5 seconds', 'insert into public.ticks default values') as id`,
    )
    const again = await db.query<{ id: string }>(
      `select cron.schedule('test-tick', '7 seconds', 'insert into public.ticks default values') as id`,
    )
    expect(again.rows[0]?.id).toBe(first.rows[0]?.id)
    const job = await db.query(`select schedule from cron.job where jobname = 'test-tick'`)
    expect(job.rows).toEqual([{ schedule: '7 seconds' }])
    await expectPgError(db.query(`select cron.schedule('test-bad', '99 * * * *', 'select 1')`), {
      code: 'P0001',
      message: 'invalid schedule: 99 * * * *',
    })
    expect((await db.query(`select cron.unschedule('test-tick') as ok`)).rows).toEqual([
      { ok: true },
    ])
    await expectPgError(db.query(`select cron.unschedule('test-tick')`), {
      code: 'P0001',
      message: "could not find valid entry for job 'test-tick'",
    })
  })

  it('runs interval jobs, records each run, and records a failure with its error', async () => {
    await db.query(
      `select cron.schedule('test-tick', '1 second', 'insert into public.ticks default values')`,
    )
    await db.query(`select cron.schedule('test-fail', '1 second', 'select 1/0')`)
    runner = startCronRunner({ db, log, tickMs: 200 })
    await eventually(async () => {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.ticks')
      return (rows[0]?.n ?? 0) >= 2
    }, 'two runs of test-tick')
    const runs = await db.query<{ jobname: string; status: string; return_message: string | null }>(
      `select j.jobname, d.status, d.return_message from cron.job_run_details d
         join cron.job j using (jobid) where d.status <> 'running' order by d.runid`,
    )
    expect(runs.rows).toContainEqual({
      jobname: 'test-tick',
      status: 'succeeded',
      return_message: null,
    })
    expect(runs.rows).toContainEqual({
      jobname: 'test-fail',
      status: 'failed',
      return_message: 'division by zero',
    })
    // Stopped: no more runs.
    await runner.stop()
    runner = null
    const before = (await db.query<{ n: number }>('select count(*)::int as n from public.ticks'))
      .rows[0]?.n
    await settle(1500)
    const after = (await db.query<{ n: number }>('select count(*)::int as n from public.ticks'))
      .rows[0]?.n
    expect(after).toBe(before)
  })

  it('runs a cron-syntax job once at the start of each matching UTC minute', async () => {
    await db.query(
      `select cron.schedule('test-minute', '17 * * * *', 'insert into public.ticks default values')`,
    )
    await db.exec('delete from public.ticks')
    let clock = at('2026-11-23T10:16:58Z').getTime()
    runner = startCronRunner({ db, log, tickMs: 100, now: () => clock })
    await settle(400)
    expect((await db.query('select * from public.ticks')).rows).toHaveLength(0)
    clock = at('2026-11-23T10:17:00Z').getTime()
    await eventually(
      async () => (await db.query('select * from public.ticks')).rows.length === 1,
      'the 10:17 run',
    )
    clock = at('2026-11-23T10:17:30Z').getTime()
    await settle(400)
    clock = at('2026-11-23T10:18:00Z').getTime()
    await settle(400)
    expect((await db.query('select * from public.ticks')).rows).toHaveLength(1)
  })
})

describe('net (local copy of pg_net)', () => {
  let worker: NetWorker | null = null
  let server: Server
  let serverUrl: string
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
    []
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body,
        })
        if (request.url?.startsWith('/slow')) return // never answers
        response.writeHead(202, { 'content-type': 'application/json', 'x-echo': 'yes' })
        response.end('{"queued":true}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(async () => {
    await worker?.stop()
    worker = null
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  })

  it('sends net.http_post after commit (never for a rolled-back transaction) and records the response', async () => {
    worker = startNetWorker({ db, log, pollMs: 100 })
    await db
      .transaction(async (tx) => {
        await tx.query(`select net.http_post($1, '{"n":0}'::jsonb)`, [`${serverUrl}/rolled-back`])
        throw new Error('roll back')
      })
      .catch(() => undefined)
    const { rows } = await db.query<{ id: string }>(
      `select net.http_post(
         url := $1,
         body := '{"hello":"world"}'::jsonb,
         params := '{"a":"b c&d"}'::jsonb,
         headers := '{"Content-Type":"application/json","Authorization":"Bearer k"}'::jsonb
       ) as id`,
      [`${serverUrl}/hook`],
    )
    const id = rows[0]?.id
    const response = await eventually(async () => {
      const found = await db.query(
        'select status_code, content_type, headers, content, timed_out, error_msg from net._http_response where id = $1',
        [id],
      )
      return found.rows[0]
    }, 'the response row')
    expect(response).toMatchObject({
      status_code: 202,
      content_type: 'application/json',
      headers: expect.objectContaining({ 'x-echo': 'yes' }),
      content: '{"queued":true}',
      timed_out: false,
      error_msg: null,
    })
    expect(seen.map((s) => s.url)).toEqual(['/hook?a=b%20c%26d'])
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"hello": "world"}' })
    expect(seen[0]?.headers.authorization).toBe('Bearer k')
    expect((await db.query('select * from net.http_request_queue')).rows).toEqual([])
  })

  it('records a timeout and an unreachable host instead of a status', async () => {
    worker = startNetWorker({ db, log, pollMs: 100 })
    const slow = await db.query<{ id: string }>(
      `select net.http_post($1, timeout_milliseconds := 300) as id`,
      [`${serverUrl}/slow`],
    )
    const refused = await db.query<{ id: string }>(
      `select net.http_post('http://127.0.0.1:9/') as id`,
    )
    const outcome = async (id: string | undefined) =>
      eventually(async () => {
        const found = await db.query<{
          status_code: number | null
          timed_out: boolean
          error_msg: string
        }>('select status_code, timed_out, error_msg from net._http_response where id = $1', [id])
        return found.rows[0]
      }, `the outcome of request ${id}`)
    expect(await outcome(slow.rows[0]?.id)).toEqual({
      status_code: null,
      timed_out: true,
      error_msg: 'Timeout of 300 ms reached',
    })
    expect(await outcome(refused.rows[0]?.id)).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: expect.stringMatching(/ECONNREFUSED|fetch failed/),
    })
  })
})
