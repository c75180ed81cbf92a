/**
 * What pg_cron does on Supabase, on a timer here: dispatching the notification
 * outbox through the same Edge Function, and purging finder data with the same
 * SQL function. Intervals come from the config (0 turns a job off); a run never
 * overlaps the previous run of the same job.
 */
import type { StackContext } from './context.ts'

type Job = { name: string; everySeconds: number; run(): Promise<void>; describe: string }

export type Scheduler = { describe(): string[]; stop(): void }

export function startScheduler(ctx: StackContext & { apiUrl: string }): Scheduler {
  const log = ctx.log.child({ service: 'scheduler' })
  const { config } = ctx
  const jobs: Job[] = [
    {
      name: 'dispatch-notifications',
      everySeconds: config.schedules.dispatchNotificationsSeconds,
      describe: 'POST /functions/v1/dispatch-notifications (service role)',
      async run() {
        const response = await fetch(`${ctx.apiUrl}/functions/v1/dispatch-notifications`, {
          method: 'POST',
          headers: {
            apikey: config.serviceRoleKey,
            authorization: `Bearer ${config.serviceRoleKey}`,
            'content-type': 'application/json',
          },
          body: '{}',
        })
        const text = await response.text()
        if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`)
        log.debug({ body: text.slice(0, 300) }, 'dispatch-notifications ran')
      },
    },
    {
      name: 'purge-finder-data',
      everySeconds: config.schedules.purgeFinderDataSeconds,
      describe: 'select public.purge_finder_data()',
      async run() {
        const result = await ctx.db.query<{ purged: number }>(
          'select public.purge_finder_data() as purged',
        )
        const purged = Number(result.rows[0]?.purged ?? 0)
        if (purged > 0) log.info({ purged }, 'purged finder data')
      },
    },
  ]
  const timers: NodeJS.Timeout[] = []
  let stopped = false
  for (const job of jobs) {
    if (job.everySeconds <= 0) continue
    let running = false
    let lastFailure: string | null = null
    const tick = () => {
      if (running || stopped) return
      running = true
      job
        .run()
        .then(() => {
          if (lastFailure !== null)
            log.info({ job: job.name }, `scheduled job ${job.name} recovered`)
          lastFailure = null
        })
        .catch((error: unknown) => {
          // The same failure every few seconds is logged once, until the job succeeds again.
          const message = error instanceof Error ? error.message : String(error)
          if (message !== lastFailure) {
            log.warn({ job: job.name, err: error }, `scheduled job ${job.name} failed: ${message}`)
          }
          lastFailure = message
        })
        .finally(() => {
          running = false
        })
    }
    const timer = setInterval(tick, job.everySeconds * 1000)
    timer.unref()
    timers.push(timer)
  }
  return {
    describe: () =>
      jobs.map((job) =>
        job.everySeconds > 0
          ? `${job.name}: every ${formatSeconds(job.everySeconds)} — ${job.describe}`
          : `${job.name}: off`,
      ),
    stop() {
      stopped = true
      for (const timer of timers) clearInterval(timer)
    },
  }
}

function formatSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`
  if (seconds % 60 === 0) return `${seconds / 60} min`
  return `${seconds} s`
}
