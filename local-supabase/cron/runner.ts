/**
 * Runs the jobs in cron.job the way pg_cron's scheduler does, for databases
 * where cron is the local copy (see db/shims.ts): every second it reads the
 * active jobs of this database; a cron-syntax job starts at the beginning of
 * each matching UTC minute, an interval job every N seconds; a job never runs
 * twice at once. Each run is recorded in cron.job_run_details (running →
 * succeeded | failed with the error) and its command runs in its own
 * transaction as the job's user.
 */
import type { Logger } from 'pino'
import type { Database } from '../db/types.ts'
import { firesInMinute, parseSchedule, type CronSchedule } from './schedule.ts'

type JobRow = {
  jobid: string | number
  jobname: string | null
  schedule: string
  command: string
  username: string
}

export type CronRunner = { stop(): Promise<void> }

export type CronRunnerOptions = {
  db: Database
  log: Logger
  /** The clock (tests); default Date.now. */
  now?: () => number
  /** How often due jobs are looked for (ms); default 1000. */
  tickMs?: number
}

export function startCronRunner(options: CronRunnerOptions): CronRunner {
  const { db } = options
  const log = options.log.child({ service: 'cron' })
  const now = options.now ?? Date.now
  const tickMs = options.tickMs ?? 1000
  const running = new Map<string, Promise<void>>()
  const lastIntervalStart = new Map<string, number>()
  const lastFailure = new Map<string, string>()
  let lastMinute = Math.floor(now() / 60_000)
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> = Promise.resolve()

  const scheduleOf = scheduleReader(log)
  const run = (job: JobRow) => runJob(db, log, lastFailure, job)

  const start = (job: JobRow) => {
    const id = String(job.jobid)
    if (running.has(id)) return
    const promise = run(job)
      .catch((error: unknown) => log.warn({ err: error }, 'cron: could not record a run'))
      .finally(() => running.delete(id))
    running.set(id, promise)
  }

  const tick = async () => {
    const at = now()
    const minute = Math.floor(at / 60_000)
    const newMinute = minute > lastMinute
    lastMinute = minute
    const { rows } = await db.query<JobRow>(
      `select jobid, jobname, schedule, command, username from cron.job
        where active and database = current_database() order by jobid`,
    )
    for (const job of rows) {
      if (stopped) return
      const schedule = scheduleOf(job)
      if (!schedule) continue
      const id = String(job.jobid)
      if (schedule.kind === 'interval') {
        const last = lastIntervalStart.get(id)
        if (last === undefined) lastIntervalStart.set(id, at)
        else if (at - last >= schedule.seconds * 1000 && !running.has(id)) {
          lastIntervalStart.set(id, at)
          start(job)
        }
      } else if (newMinute && firesInMinute(schedule, new Date(at))) {
        start(job)
      }
    }
  }

  const loop = () => {
    if (stopped) return
    ticking = tick()
      .catch((error: unknown) => log.warn({ err: error }, 'cron: could not read cron.job'))
      .finally(() => {
        if (stopped) return
        timer = setTimeout(loop, tickMs - (now() % tickMs))
        timer.unref()
      })
  }
  timer = setTimeout(loop, tickMs - (now() % tickMs))
  timer.unref()

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await ticking
      await Promise.all(running.values())
    },
  }
}

/** A job's schedule, parsed once per schedule text; a schedule that does not parse is logged once and never runs. */
function scheduleReader(log: Logger): (job: JobRow) => CronSchedule | null {
  const parsed = new Map<string, CronSchedule | null>()
  return (job) => {
    if (!parsed.has(job.schedule)) {
      try {
        parsed.set(job.schedule, parseSchedule(job.schedule))
      } catch (error) {
        log.warn(
          { job: job.jobname, err: error },
          `cron job ${job.jobname ?? job.jobid}: ${String(error)}`,
        )
        parsed.set(job.schedule, null)
      }
    }
    return parsed.get(job.schedule) ?? null
  }
}

/**
 * One run of a job, recorded in cron.job_run_details (running, then succeeded or
 * failed with the error): its command runs in its own transaction as the job's
 * user. `lastFailure` holds each failing job's last error, so the same failure is
 * logged once until the job succeeds again.
 */
async function runJob(
  db: Database,
  log: Logger,
  lastFailure: Map<string, string>,
  job: JobRow,
): Promise<void> {
  const id = String(job.jobid)
  const name = job.jobname ?? `job ${id}`
  const { rows } = await db.query<{ runid: string }>(
    `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
     values ($1, current_database(), $2, $3, 'running', now()) returning runid`,
    [job.jobid, job.username, job.command],
  )
  const runid = rows[0]?.runid
  let status = 'succeeded'
  let message: string | null = null
  try {
    await db.transaction(async (tx) => {
      const { rows: who } = await tx.query<{ user: string }>('select current_user as user')
      if (who[0]?.user !== job.username) {
        await tx.query(`select set_config('role', $1, true)`, [job.username])
      }
      await tx.exec(job.command)
    })
    if (lastFailure.has(id)) log.info({ job: name }, `cron job ${name} recovered`)
    lastFailure.delete(id)
  } catch (error) {
    status = 'failed'
    message = error instanceof Error ? error.message : String(error)
    if (lastFailure.get(id) !== message)
      log.warn({ job: name }, `cron job ${name} failed: ${message}`)
    lastFailure.set(id, message)
  }
  await db.query(
    `update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1`,
    [runid, status, message],
  )
}
