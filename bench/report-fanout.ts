/**
 * bench:fanout — through the real report-found Edge Function (Deno) on the local
 * stack, with the dev inbox as Twilio and e-mail provider, for 1 and 50
 * concurrent reports:
 *   report → answer               the finder's "Inform the Owner" request
 *   report → providers accepted   until every outbox row of the report is 'sent'
 *                                 (polling the database every 5 ms)
 * Each report has its own owner, tag and anonymous finder (the abuse limits
 * count per tag and per finder).
 *
 * One watcher polls the outbox rows of every report still waiting, in one query
 * every 5 ms: fifty pollers of their own would be fifty extra clients queueing
 * on the local stack's one database connection, measuring themselves.
 */
import { percentile } from './stats.ts'
import { startFanoutStack } from '../tests/stack/fanout-fixtures.ts'
import { solvedProof } from '../tests/stack/proof-of-work.ts'
import type { Queryable } from '../local-supabase/db/types.ts'

type Outcome = 'sent' | 'unknown'

/**
 * Resolves each watched report once all 3 of its outbox rows are 'sent', or
 * 'unknown' as soon as one is (a provider call past its 10 s deadline: the
 * scheduler's next run looks it up; counted apart, not as accepted). Rejects on
 * 'failed' or after 60 s.
 */
function watchOutbox(db: Queryable) {
  const waiting = new Map<
    string,
    { since: number; resolve(outcome: Outcome): void; reject(error: Error): void }
  >()
  let stopped = false
  void (async () => {
    while (!stopped) {
      if (waiting.size > 0) {
        const { rows } = await db.query<{ report_id: string; statuses: string[] }>(
          `select report_id, array_agg(status::text) as statuses from public.notifications
            where report_id = any($1::uuid[]) group by report_id`,
          [[...waiting.keys()]],
        )
        for (const { report_id: id, statuses } of rows) {
          const watcher = waiting.get(id)
          if (!watcher) continue
          const settle = (act: () => void) => {
            waiting.delete(id)
            act()
          }
          if (statuses.includes('failed'))
            settle(() => watcher.reject(new Error('a notification failed')))
          else if (statuses.includes('unknown')) settle(() => watcher.resolve('unknown'))
          else if (statuses.length === 3 && statuses.every((status) => status === 'sent'))
            settle(() => watcher.resolve('sent'))
        }
        for (const [id, watcher] of waiting) {
          if (performance.now() - watcher.since > 60_000) {
            waiting.delete(id)
            watcher.reject(new Error(`report ${id} not accepted within 60 s`))
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  return {
    watch(reportId: string): Promise<Outcome> {
      return new Promise((resolve, reject) =>
        waiting.set(reportId, { since: performance.now(), resolve, reject }),
      )
    },
    stop() {
      stopped = true
    },
  }
}

async function main() {
  const fanout = await startFanoutStack({ anonymousLimit: 100_000 })
  const { stack } = fanout

  const acceptance = watchOutbox(stack.context.db)

  async function prepare() {
    const owner = await fanout.owner()
    const finder = await fanout.finder()
    // the bot check is solved up front: its time is the browser's (bench:pow), not the fan-out's
    return { tagCode: owner.tagCode, finder, ownerId: owner.id, proof: await solvedProof(finder) }
  }

  async function timedReport(
    prepared: Awaited<ReturnType<typeof prepare>>,
  ): Promise<{ answer: number; accepted: number | null }> {
    const started = performance.now()
    const { data, error } = await prepared.finder.functions.invoke<{ reportId: string }>(
      'report-found',
      {
        body: {
          tagCode: prepared.tagCode,
          name: 'Fiona',
          email: `finder-${prepared.ownerId}@example.com`,
          foundLocation: 'Bench',
          idempotencyKey: crypto.randomUUID(),
          proof: prepared.proof,
        },
      },
    )
    const answer = performance.now() - started
    if (error || !data) throw new Error(`report-found failed: ${error?.message}`)
    const outcome = await acceptance.watch(data.reportId)
    return { answer, accepted: outcome === 'sent' ? performance.now() - started : null }
  }

  const line = (label: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b)
    return `${label} p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`
  }

  try {
    // Warm up: Deno boots the functions and loads their npm dependencies.
    await timedReport(await prepare())
    for (const concurrency of [1, 50]) {
      const rounds = concurrency === 1 ? 20 : 1
      const answers: number[] = []
      const accepted: number[] = []
      for (let round = 0; round < rounds; round += 1) {
        const prepared = await Promise.all(Array.from({ length: concurrency }, () => prepare()))
        for (const result of await Promise.all(prepared.map(timedReport))) {
          answers.push(result.answer)
          if (result.accepted !== null) accepted.push(result.accepted)
        }
      }
      const late = answers.length - accepted.length
      console.log(
        `${concurrency} concurrent (${answers.length} reports): ` +
          `${line('report → answer', answers)}; ` +
          (accepted.length ? line('report → providers accepted', accepted) : 'none accepted') +
          (late ? ` (${late} left to the scheduler after a provider call timed out)` : ''),
      )
    }
  } finally {
    acceptance.stop()
    await fanout.close()
  }
}

await main()
