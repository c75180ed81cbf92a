/**
 * A request's time limit on the database. Postgres enforces the transaction's
 * `statement_timeout` itself (set with the role, app.ts); PGlite, a single
 * connection without signals, cannot interrupt a running statement, so here a
 * request that has waited past its limit is answered 57014 at once and its
 * transaction, whenever its turn comes, is rolled back before it runs: one
 * slow request cannot leave the others queued behind it for ever, and a
 * request the client was told failed never commits.
 */
import type { Database, Queryable, TransactionOptions } from '../db/types.ts'

export const statementTimeout = () =>
  Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

export function transactionWithin<T>(
  db: Database,
  ms: number,
  fn: (tx: Queryable) => Promise<T>,
  { timers = realTimers, ...options }: TransactionOptions & { timers?: Timers } = {},
): Promise<T> {
  let expired = false
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      expired = true
      reject(statementTimeout())
    }, ms)
    db.transaction(async (tx) => {
      if (expired) throw statementTimeout()
      const result = await fn(tx)
      // answered already: roll back rather than commit what the client was told failed
      if (expired) throw statementTimeout()
      return result
    }, options).then(
      (value) => {
        timers.clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        timers.clearTimeout(timer)
        reject(error)
      },
    )
  })
}
