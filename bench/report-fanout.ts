/**
 * bench:fanout — through the real report-found Edge Function (Deno) on the local
 * stack, with the dev inbox as Twilio and e-mail provider, for 1 and 50
 * concurrent reports:
 *   report → answer               the finder's "Inform the Owner" request
 *   report → providers accepted   until every outbox row of the report is 'sent'
 *                                 (the last row's sent_at, recorded as the provider
 *                                 accepted it), and per channel: the owner's text,
 *                                 the last e-mail, and the push to the owner's
 *                                 device (a subscription the dev inbox made, so
 *                                 the inbox, in the stack's process, decrypts it
 *                                 as a phone's push service would deliver it)
 * 1 concurrent: 20 reports one after another; 50 concurrent: three bursts of
 * 50, percentiles over the 150 answers, and each burst's first answer. The
 * first burst after the stack starts, before those, is printed apart: it also
 * pays for V8 compiling the code a burst runs (the stack's and Deno's).
 * Each report has its own owner, tag and anonymous finder (the abuse limits
 * count per tag and per finder). The finders' requests leave from a process of
 * their own (fanout-client.ts), as from the finders' browsers: the stack's Node
 * thread serves the API and the gateway (PGlite has a thread of its own), and the
 * load generator's HTTP work is not the stack's.
 *
 * One watcher reads the outbox rows of every report still waiting, in one query
 * every 20 ms, as background work (db/queue.ts): the times come from the rows,
 * so the watcher only needs to learn that a report is done, and it must not
 * queue ahead of the finders' requests it measures.
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { availableParallelism } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { percentile } from './stats.ts'
import { startFanoutStack } from '../local-supabase/testing/fanout-fixtures.ts'
import { solvedProof } from '../local-supabase/testing/proof-of-work.ts'
import { inLane, type Database } from '../local-supabase/db/types.ts'

/** When the last of a report's rows was accepted (epoch ms) and each channel's last, or 'unknown'. */
type Outcome = { acceptedAt: number; sms: number; email: number; push: number } | 'unknown'

/** A report's outbox: its text, the owner's and the finder's e-mails, and one push to the owner's device. */
const ROWS_PER_REPORT = 4

/**
 * Resolves each watched report once all 4 of its outbox rows are 'sent', or
 * 'unknown' as soon as one is (a provider call past its 10 s deadline: the
 * scheduler's next run looks it up; counted apart, not as accepted). Rejects on
 * 'failed' or after 60 s.
 */
function watchOutbox(db: Database) {
  const background = inLane(db, 'background')
  const waiting = new Map<
    string,
    { since: number; resolve(outcome: Outcome): void; reject(error: Error): void }
  >()
  let stopped = false
  void (async () => {
    while (!stopped) {
      if (waiting.size > 0) {
        const { rows } = await background.query<{
          report_id: string
          statuses: string[]
          accepted_ms: number | null
          sms_ms: number | null
          email_ms: number | null
          push_ms: number | null
        }>(
          `select report_id, array_agg(status::text) as statuses,
                  (extract(epoch from max(sent_at)) * 1000)::float8 as accepted_ms,
                  (extract(epoch from max(sent_at) filter (where channel = 'sms')) * 1000)::float8 as sms_ms,
                  (extract(epoch from max(sent_at) filter (where channel = 'email')) * 1000)::float8 as email_ms,
                  (extract(epoch from max(sent_at) filter (where channel = 'push')) * 1000)::float8 as push_ms
             from public.notifications
            where report_id = any($1::uuid[]) group by report_id`,
          [[...waiting.keys()]],
        )
        for (const row of rows) {
          const { report_id: id, statuses, accepted_ms: acceptedMs } = row
          const watcher = waiting.get(id)
          if (!watcher) continue
          const settle = (act: () => void) => {
            waiting.delete(id)
            act()
          }
          if (statuses.includes('failed'))
            settle(() => watcher.reject(new Error('a notification failed')))
          else if (statuses.includes('unknown')) settle(() => watcher.resolve('unknown'))
          else if (
            statuses.length === ROWS_PER_REPORT &&
            statuses.every((status) => status === 'sent')
          )
            settle(() =>
              watcher.resolve({
                acceptedAt: Number(acceptedMs),
                sms: Number(row.sms_ms),
                email: Number(row.email_ms),
                push: Number(row.push_ms),
              }),
            )
        }
        for (const [id, watcher] of waiting) {
          if (performance.now() - watcher.since > 60_000) {
            waiting.delete(id)
            watcher.reject(new Error(`report ${id} not accepted within 60 s`))
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
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

/** The finders' process (fanout-client.ts): one round of requests at a time. */
function startFinders() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./fanout-client.ts', import.meta.url))],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const waiting = new Map<string, (answer: Answer) => void>()
  void (async () => {
    for await (const line of createInterface({ input: child.stdout })) {
      if (!line.trim()) continue
      const answer = JSON.parse(line) as Answer
      waiting.get(answer.id)?.(answer)
      waiting.delete(answer.id)
    }
  })()
  return {
    pid: child.pid,
    /** Sends the requests at once (from the finders' process); resolves each with its answer. */
    send(requests: FinderRequest[]): Promise<Answer>[] {
      const answers = requests.map(
        (request) => new Promise<Answer>((resolve) => waiting.set(request.id, resolve)),
      )
      child.stdin.write(`${JSON.stringify(requests)}\n`)
      return answers
    },
    close() {
      child.stdin.end()
      child.kill()
    },
  }
}

type FinderRequest = { id: string; url: string; headers: Record<string, string>; body: string }
type Answer = { id: string; startedAt: number; answeredAt: number; status: number; body: string }

/**
 * CPU time used so far, in ms: this process (the stack, its PGlite thread, the
 * gateway, the dev inbox and this bench's outbox watcher), its main thread alone
 * (the one that parses and answers every HTTP request), its Deno children (the
 * Edge Functions) and the finders' process. Less at the mercy of other load on
 * the machine than wall time. All but this process's are read from /proc (0
 * where there is none), in 10 ms ticks.
 */
function cpuNow(findersPid: number | undefined): {
  node: number
  main: number
  deno: number
  finders: number
} {
  const { user, system } = process.cpuUsage()
  const ticks = (path: string) => {
    try {
      const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ')
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
    } catch {
      return 0
    }
  }
  const deno = denoPids().reduce((sum, pid) => sum + ticks(`/proc/${pid}/stat`), 0)
  return {
    node: (user + system) / 1000,
    main: ticks(`/proc/${process.pid}/task/${process.pid}/stat`),
    deno,
    finders: findersPid === undefined ? 0 : ticks(`/proc/${findersPid}/stat`),
  }
}

let denoChildren: string[] | null = null

/** The Deno processes this one started (looked up once: spawning pgrep costs CPU too). */
function denoPids(): string[] {
  if (!denoChildren) {
    try {
      denoChildren = execFileSync('pgrep', ['-P', String(process.pid), 'deno'], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter(Boolean)
    } catch {
      denoChildren = []
    }
  }
  return denoChildren
}

/**
 * The burst's CPU until its last answer, every process's (stack, Deno, finders),
 * and so the least time a burst of that size takes on this machine's cores
 * however well it is spread: when the p95 sits near that floor, the machine's
 * speed at the moment decides it (docs/benchmarks.md).
 */
function cpuFloor(
  cpu: { answersNode: number; answersDeno: number; answersFinders: number },
  reports: number,
  burst: number,
): string {
  const perReport = (cpu.answersNode + cpu.answersDeno + cpu.answersFinders) / reports
  const cores = availableParallelism()
  return (
    `all processes ${perReport.toFixed(1)} ms per report (finders ${(cpu.answersFinders / reports).toFixed(1)} ms), ` +
    `so a burst of ${burst} needs at least ${((perReport * burst) / cores).toFixed(0)} ms on ${cores} cores`
  )
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100

/**
 * With BENCH_CPU_PROFILE=<file>, a V8 CPU profile of this process (the stack)
 * over the first of the three bursts of 50, for Chrome DevTools or bench/profile-summary.ts.
 * Profiling slows the stack: the round's numbers are then not comparable.
 */
async function startProfile(): Promise<{ stop(): Promise<void> } | null> {
  const file = process.env.BENCH_CPU_PROFILE
  if (!file) return null
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop')
      writeFileSync(file, JSON.stringify(profile))
      session.disconnect()
      console.log(`CPU profile of the first measured burst of 50 written to ${file}`)
    },
  }
}

async function main() {
  const fanout = await startFanoutStack({ anonymousLimit: 100_000 })
  const { stack } = fanout

  const acceptance = watchOutbox(stack.context.db)

  const finders = startFinders()

  async function prepare(): Promise<FinderRequest> {
    const owner = await fanout.owner()
    // The owner's phone: a push subscription the dev inbox made (it keeps the keys).
    const device = (await (
      await fetch(`${stack.inboxUrl}/push/subscriptions`, { method: 'POST' })
    ).json()) as { endpoint: string; keys: { p256dh: string; auth: string } }
    const saved = await owner.client.rpc('save_push_subscription', {
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
      browser: 'bench',
    })
    if (saved.error) throw new Error(`save_push_subscription: ${saved.error.message}`)
    const finder = await fanout.finder()
    // the bot check is solved up front: its time is the browser's (bench:pow), not the fan-out's
    const proof = await solvedProof(finder)
    const { data } = await finder.auth.getSession()
    if (!data.session) throw new Error('the finder has no session')
    return {
      id: crypto.randomUUID(),
      url: `${fanout.apiUrl}/functions/v1/report-found`,
      headers: {
        apikey: stack.config.publishableKey,
        Authorization: `Bearer ${data.session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        tagCode: owner.tagCode,
        name: 'Fiona',
        email: `finder-${owner.id}@example.com`,
        foundLocation: 'Bench',
        idempotencyKey: crypto.randomUUID(),
        proof,
      }),
    }
  }

  /** Sends the reports at once; each one's answer time and, once its outbox is sent, accepted time. */
  function timedReports(
    requests: FinderRequest[],
    onAllAnswered: () => void = () => undefined,
  ): Promise<
    Array<{
      answer: number
      accepted: number | null
      channels: { sms: number; email: number; push: number } | null
    }>
  > {
    let unanswered = requests.length
    return Promise.all(
      finders.send(requests).map(async (pending) => {
        const answer = await pending
        unanswered -= 1
        if (unanswered === 0) onAllAnswered()
        if (answer.status !== 200) {
          throw new Error(`report-found answered ${answer.status}: ${answer.body.slice(0, 200)}`)
        }
        const { reportId } = JSON.parse(answer.body) as { reportId: string }
        const outcome = await acceptance.watch(reportId)
        return {
          answer: answer.answeredAt - answer.startedAt,
          accepted: outcome === 'unknown' ? null : outcome.acceptedAt - answer.startedAt,
          channels:
            outcome === 'unknown'
              ? null
              : {
                  sms: outcome.sms - answer.startedAt,
                  email: outcome.email - answer.startedAt,
                  push: outcome.push - answer.startedAt,
                },
        }
      }),
    )
  }

  const line = (label: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b)
    return `${label} p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`
  }

  /** `rounds` rounds of `concurrency` reports sent at once; one line of results. */
  async function measure(
    label: string,
    concurrency: number,
    rounds: number,
    { profile = false } = {},
  ): Promise<void> {
    const answers: number[] = []
    const accepted: number[] = []
    const byChannel = { sms: [] as number[], email: [] as number[], push: [] as number[] }
    /** Each burst's first answer: how long the quickest finder waits. */
    const firsts: number[] = []
    const cpu = {
      node: 0,
      deno: 0,
      answersNode: 0,
      answersMain: 0,
      answersDeno: 0,
      answersFinders: 0,
    }
    for (let round = 0; round < rounds; round += 1) {
      const prepared = await Promise.all(Array.from({ length: concurrency }, () => prepare()))
      const profiler = profile && round === 0 ? await startProfile() : null
      const before = cpuNow(finders.pid)
      const results = await timedReports(prepared, () => {
        const answered = cpuNow(finders.pid)
        cpu.answersNode += answered.node - before.node
        cpu.answersMain += answered.main - before.main
        cpu.answersDeno += answered.deno - before.deno
        cpu.answersFinders += answered.finders - before.finders
      })
      const after = cpuNow(finders.pid)
      await profiler?.stop()
      cpu.node += after.node - before.node
      cpu.deno += after.deno - before.deno
      firsts.push(Math.min(...results.map((result) => result.answer)))
      for (const result of results) {
        answers.push(result.answer)
        if (result.accepted !== null) accepted.push(result.accepted)
        if (result.channels) {
          byChannel.sms.push(result.channels.sms)
          byChannel.email.push(result.channels.email)
          byChannel.push.push(result.channels.push)
        }
      }
    }
    const late = answers.length - accepted.length
    console.log(
      `${label} (${answers.length} reports): ` +
        `${line('report → answer', answers)}` +
        (concurrency > 1
          ? ` (each burst's first answer: ${firsts.map((ms) => ms.toFixed(0)).join(', ')} ms)`
          : '') +
        '; ' +
        (accepted.length ? line('report → providers accepted', accepted) : 'none accepted') +
        (late ? ` (${late} left to the scheduler after a provider call timed out)` : '') +
        (byChannel.push.length
          ? ` [${line('SMS accepted', byChannel.sms)}; ${line('e-mails accepted', byChannel.email)}; ${line('report → push sent', byChannel.push)}]`
          : '') +
        `; CPU per report (answer and delivery): stack ${(cpu.node / answers.length).toFixed(1)} ms, ` +
        `Deno ${(cpu.deno / answers.length).toFixed(1)} ms; ` +
        `until the last answer, per report: stack ${(cpu.answersNode / answers.length).toFixed(1)} ms ` +
        `(its Node thread ${(cpu.answersMain / answers.length).toFixed(1)} ms), ` +
        `Deno ${(cpu.answersDeno / answers.length).toFixed(1)} ms` +
        (concurrency > 1 ? `; ${cpuFloor(cpu, answers.length, concurrency)}` : ''),
    )
  }

  try {
    // Warm up: Deno boots the functions and loads their npm dependencies.
    await timedReports([await prepare()])
    // The first burst after the start is reported apart: V8 (the stack's and
    // Deno's) compiles the code a burst runs while serving it, once.
    await measure('first burst of 50 after the start', 50, 1)
    await measure('1 concurrent', 1, 20)
    // three bursts of 50: one burst's p95 is its 48th answer, at the mercy of a
    // moment's load on the machine; the percentiles are over all 150 answers
    await measure('50 concurrent', 50, 3, { profile: true })
  } finally {
    acceptance.stop()
    finders.close()
    await fanout.close()
  }
}

await main()
