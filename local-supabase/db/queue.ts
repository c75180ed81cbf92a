/**
 * The order in which PGlite's single connection serves the local stack: one job
 * (a statement, or a whole transaction) at a time, as PGlite runs them anyway,
 * but chosen by lane instead of first come, first served.
 *
 *   request     work someone is waiting on: an API request's transaction, an
 *               auth call, a test's query (the default lane)
 *   background  work nobody waits on: outbox delivery (REST requests sent with
 *               `x-local-priority: background`). Realtime's broadcast feed is
 *               request work: someone is waiting for that chat message.
 *
 * The next job is the oldest request job; background jobs run when no request
 * work is under way: no request job waits, no request is being served (the
 * REST server marks each request-lane request from arrival to answer with
 * requestStarted(), so a background job does not slip into the gap between one
 * request's statements and the next request's, on the Node thread those
 * requests need), and none has been for quietMs. The quiet period covers the
 * gaps of a burst: while an Edge Function computes between two finders' calls,
 * nothing is being served, yet the next call is a few milliseconds away, and
 * delivery started in that gap would put its HTTP work (function, providers) on
 * the same thread ahead of it. So that a steady stream of requests cannot starve
 * them, a background job that has waited maxBackgroundWaitMs goes first. Within
 * a lane jobs run in arrival order.
 *
 * Between two jobs Node's pending I/O runs (setImmediate), so answers leave as
 * their transactions end and new requests are read and queued by lane.
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

/**
 * `x-local-priority: background` marks an HTTP request to the stack as work nobody
 * waits on (outbox delivery after a report's answer, the requests pg_net sends):
 * its database work queues in the background lane. Hosted Supabase ignores the header.
 */
export const PRIORITY_HEADER = 'x-local-priority'

/** The lane an HTTP request to the stack asks for (PRIORITY_HEADER). */
export function laneOfHeaders(headers: Headers): Lane {
  return headers.get(PRIORITY_HEADER)?.trim().toLowerCase() === 'background'
    ? 'background'
    : 'request'
}

export type QueueOptions = {
  /** After waiting this long a background job goes before request jobs (default 2000 ms). */
  maxBackgroundWaitMs?: number
  /** Background work starts once request work has been quiet this long (default 25 ms). */
  quietMs?: number
  now?: () => number
}

type Job = {
  enqueuedAt: number
  start: () => void
}

export class DbQueue {
  private readonly waiting: Record<Lane, Job[]> = { request: [], background: [] }
  private busy = false
  /** Requests being served (requestStarted() not yet ended). */
  private served = 0
  /** When the last served request ended. */
  private lastRequestAt = Number.NEGATIVE_INFINITY
  private timer: ReturnType<typeof setTimeout> | null = null
  private readonly maxBackgroundWaitMs: number
  private readonly quietMs: number
  private readonly now: () => number

  constructor(options: QueueOptions = {}) {
    this.maxBackgroundWaitMs = options.maxBackgroundWaitMs ?? 2000
    this.quietMs = options.quietMs ?? 25
    this.now = options.now ?? (() => performance.now())
  }

  /** Jobs waiting (not running) in each lane. */
  get pending(): Record<Lane, number> {
    return { request: this.waiting.request.length, background: this.waiting.background.length }
  }

  /** Marks a request as being served until the returned function is called (once). */
  requestStarted(): () => void {
    this.served += 1
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.served -= 1
      this.lastRequestAt = this.now()
      this.next()
    }
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
            // The next job starts after Node's pending I/O: PGlite's statements run
            // synchronously, so jobs chained in microtasks would hold every finished
            // request's answer (and every new request) until the whole queue is done.
            setImmediate(() => {
              this.busy = false
              this.next()
            })
          })
        },
      })
      this.next()
    })
  }

  private next(): void {
    if (this.busy) return
    const job = this.take()
    if (!job) {
      this.wakeForOldestBackground()
      return
    }
    this.busy = true
    job.start()
  }

  /** Background work held back goes when request work has been quiet, or it has waited too long. */
  private wakeForOldestBackground(): void {
    const oldest = this.waiting.background[0]
    if (!oldest) return
    const now = this.now()
    const overdue = oldest.enqueuedAt + this.maxBackgroundWaitMs
    const quiet = this.served === 0 ? this.lastRequestAt + this.quietMs : overdue
    const wait = Math.max(0, Math.min(overdue, quiet) - now)
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      this.next()
    }, wait)
    this.timer.unref?.()
  }

  private take(): Job | undefined {
    const background = this.waiting.background[0]
    const now = this.now()
    if (background && now - background.enqueuedAt >= this.maxBackgroundWaitMs) {
      return this.waiting.background.shift()
    }
    const request = this.waiting.request.shift()
    if (request) return request
    const quiet = this.served === 0 && now - this.lastRequestAt >= this.quietMs
    return quiet ? this.waiting.background.shift() : undefined
  }
}
