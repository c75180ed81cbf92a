/**
 * A request's time limit on the database. Postgres enforces the transaction's
 * `statement_timeout` itself (set with the role, app.ts); PGlite, a single
 * connection without signals, cannot interrupt a running statement, so here a
 * request that has waited past its limit is answered 57014 at once and its
 * transaction, whenever its turn comes, is rolled back before it runs: one
 * slow request cannot leave the others queued behind it for ever, and a
 * request the client was told failed never commits. A single-statement
 * request whose statement is already with the database is the exception: it
 * is answered as that statement ends, committed, or rolled back with 57014 by
 * the database's thread when it ends past the limit.
 */
import {
  beforeEachStatement,
  type Database,
  type Queryable,
  type TransactionOptions,
} from '../db/types.ts'

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
  // A single statement, once sent, commits or fails on its own: past the
  // deadline the database rolls it back and fails it with 57014 itself, so the
  // answer waits for it rather than risk telling the client of a failure that
  // committed.
  let sent = false
  const single = options.singleStatement === true
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      expired = true
      if (!sent) reject(statementTimeout())
    }, ms)
    db.transaction(
      async (tx) => {
        if (expired) throw statementTimeout()
        const result = await fn(single ? beforeEachStatement(tx, () => (sent = true)) : tx)
        // answered already: roll back rather than commit what the client was told failed
        if (expired && !single) throw statementTimeout()
        return result
      },
      single ? { ...options, deadline: Date.now() + ms } : options,
    ).then(
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
