/**
 * The stack's part in the migrations' schedules: where cron, net and vault are
 * the local copies (db/shims.ts), it stores the Vault secrets the jobs read
 * (this stack's own API URL and service key), runs the cron jobs
 * (cron/runner.ts) and sends the HTTP requests they queue (net/worker.ts).
 * The jobs themselves live in supabase/migrations only.
 */
import type { StackContext } from './context.ts'
import { startCronRunner } from './cron/runner.ts'
import { describeSchedule } from './cron/schedule.ts'
import { isShim } from './db/shims.ts'
import { inLane } from './db/types.ts'
import { startNetWorker } from './net/worker.ts'

export type Scheduler = { describe(): string[]; stop(): Promise<void> }

/** The Vault secrets the migrations' jobs read to call this project's Edge Functions. */
export const VAULT_SECRETS = {
  projectUrl: 'project_url',
  serviceRoleKey: 'service_role_key',
} as const

export async function startScheduler(ctx: StackContext & { apiUrl: string }): Promise<Scheduler> {
  const { db, log, config } = ctx
  const [cron, net, vault] = await Promise.all([
    isShim(db, 'cron'),
    isShim(db, 'net'),
    isShim(db, 'vault'),
  ])
  if (vault) {
    for (const [name, secret] of [
      [VAULT_SECRETS.projectUrl, ctx.apiUrl],
      [VAULT_SECRETS.serviceRoleKey, config.serviceRoleKey],
    ]) {
      await db.query(
        `insert into vault.secrets (name, secret, description) values ($1, $2, 'set by the local stack')
         on conflict (name) where name is not null
         do update set secret = excluded.secret, updated_at = now()`,
        [name, secret],
      )
    }
  }
  const lines: string[] = []
  if (cron) {
    const { rows } = await db.query<{
      jobname: string | null
      jobid: string
      schedule: string
      command: string
    }>(
      `select jobid, jobname, schedule, command from cron.job
        where active and database = current_database() order by jobid`,
    )
    for (const job of rows) {
      let when: string
      try {
        when = describeSchedule(job.schedule)
      } catch {
        when = `${job.schedule} (invalid: never runs)`
      }
      lines.push(`${job.jobname ?? `job ${job.jobid}`}: ${when} — ${job.command}`)
    }
  } else {
    lines.push('cron jobs: run by the pg_cron extension of the database')
  }
  // Nobody waits on scheduled jobs and the requests they queue: background work (db/queue.ts).
  const background = inLane(db, 'background')
  const worker = net ? startNetWorker({ db: background, log, ownOrigin: ctx.apiUrl }) : null
  const runner = cron ? startCronRunner({ db: background, log }) : null
  return {
    describe: () => lines,
    async stop() {
      await runner?.stop()
      await worker?.stop()
    },
  }
}
