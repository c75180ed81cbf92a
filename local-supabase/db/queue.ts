/**
 * The order in which PGlite's single connection serves the local stack: one job
 * (a statement, or a whole transaction) at a time, as PGlite runs them anyway,
 * but chosen by lane instead of first come, first served.
 *
 *   request     work someone is waiting on: an API request's transaction, an
 *               auth call, a test's query (the default lane)
 *   background  work nobody waits on: outbox delivery (REST requests sent with
 *               `x-local-priority: background`), realtime's change feed
 *
 * The next job is the oldest request job; background jobs run when no request
 * job waits, or, so that a steady stream of requests cannot starve them, when
 * the oldest background job has waited maxBackgroundWaitMs. Within a lane jobs
 * run in arrival order.
 *
 * Jobs are not pre-empted: a transaction that has begun runs to its end, and a
 * job must not wait for another job of the same queue (PGlite would deadlock
 * there as well).
 *
 * Hosted Supabase has a connection pool, so there requests never queue behind
 * delivery; this is a local-stack concern only. A real Postgres server behind
 * the local stack (DATABASE_URL) is not queued either.
 */
export type Lane = 'request' | 'background'

export const LANES: readonly Lane[] = ['request', 'background']

export type QueueOptions = {
  /** After waiting this long a background job goes before request jobs (default 1000 ms). */
  maxBackgroundWaitMs?: number
  now?: () => number
}

type Job = {
  enqueuedAt: number
  start: () => void
}

export class DbQueue {
  private readonly waiting: Record<Lane, Job[]> = { request: [], background: [] }
  private busy = false
  private readonly maxBackgroundWaitMs: number
  private readonly now: () => number

  constructor(options: QueueOptions = {}) {
    this.maxBackgroundWaitMs = options.maxBackgroundWaitMs ?? 1000
    this.now = options.now ?? (() => performance.now())
  }

  /** Jobs waiting (not running) in each lane. */
  get pending(): Record<Lane, number> {
    return { request: this.waiting.request.length, background: this.waiting.background.length }
  }

  /** Runs job when its turn comes; resolves or rejects with it. */
  run<T>(lane: Lane, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting[lane].push({
        enqueuedAt: this.now(),
        start: () => {
          let result: Promise<T>
          try {
            result = job()
          } catch (error) {
            result = Promise.reject(error)
          }
          result.then(resolve, reject).finally(() => {
            this.busy = false
            this.next()
          })
        },
      })
      this.next()
    })
  }

  private next(): void {
    if (this.busy) return
    const job = this.take()
    if (!job) return
    this.busy = true
    job.start()
  }

  private take(): Job | undefined {
    const background = this.waiting.background[0]
    if (background && this.now() - background.enqueuedAt >= this.maxBackgroundWaitMs) {
      return this.waiting.background.shift()
    }
    return this.waiting.request.shift() ?? this.waiting.background.shift()
  }
}
