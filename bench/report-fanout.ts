/**
 * bench:fanout — through the real report-found Edge Function (Deno) on the local
 * stack, with the dev inbox as Twilio and e-mail provider, for 1 and 50
 * concurrent reports:
 *   report → answer               the finder's "Inform the Owner" request
 *   report → providers accepted   until every outbox row of the report is 'sent'
 *                                 (polling the database every 5 ms)
 * Each report has its own owner, tag and anonymous finder (the abuse limits
 * count per tag and per finder).
 */
import { percentile } from './stats.ts'
import { startFanoutStack } from '../tests/stack/fanout-fixtures.ts'

async function main() {
  const fanout = await startFanoutStack({ anonymousLimit: 100_000 })
  const { stack } = fanout

  async function prepare() {
    const owner = await fanout.owner()
    const finder = await fanout.finder()
    return { tagCode: owner.tagCode, finder, ownerId: owner.id }
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
        },
      },
    )
    const answer = performance.now() - started
    if (error || !data) throw new Error(`report-found failed: ${error?.message}`)
    for (;;) {
      const rows = await stack.context.db.query<{ status: string }>(
        'select status from public.notifications where report_id = $1',
        [data.reportId],
      )
      if (rows.rows.length === 3 && rows.rows.every((row) => row.status === 'sent')) break
      if (rows.rows.some((row) => row.status === 'failed')) throw new Error('a notification failed')
      // A provider call past its 10 s deadline is 'unknown': the scheduler's next run
      // looks it up. Counted apart, not as accepted.
      if (rows.rows.some((row) => row.status === 'unknown')) return { answer, accepted: null }
      if (performance.now() - started > 60_000)
        throw new Error(`not accepted: ${JSON.stringify(rows.rows)}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return { answer, accepted: performance.now() - started }
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
    await fanout.close()
  }
}

await main()
