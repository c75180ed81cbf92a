/**
 * The contract of the shared database module (local-supabase/db), used by the
 * tests and by every service of the local stack. Implemented over PGlite
 * (embedded, in memory or persisted to a folder) or over a real Postgres server
 * when DATABASE_URL is set.
 */
import type { Lane } from './queue.ts'

export type { Lane } from './queue.ts'

export type Row = Record<string, unknown>

export type QueryResult<R extends Row = Row> = {
  rows: R[]
  /** Rows affected by INSERT/UPDATE/DELETE, when Postgres reports it. */
  affectedRows?: number
  fields: { name: string; dataTypeID: number }[]
}

export type QueryOptions = {
  /**
   * The statement's result columns are the same whatever the schema (REST's
   * wrappers: counts and JSON text). Within a transaction, PGlite keeps such a
   * statement prepared: it is parsed and planned once, not on every call. (A
   * statement whose columns follow a table or function could fail with "cached
   * plan must not change result type" after a migration.)
   */
  reusable?: boolean
}

export interface Queryable {
  query<R extends Row = Row>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>>
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>
}

/** A statement, with parameters or (without) as a simple query. */
export type Statement = { sql: string; params?: unknown[] }

export type TransactionOptions = {
  /**
   * Run right after BEGIN, before fn's statements: the role and request
   * settings (roles.ts). PGlite gets BEGIN, the prelude and fn's first
   * statement in one trip to its thread.
   */
  prelude?: Statement
  /**
   * fn sends one statement and nothing fn does with its result calls for a
   * rollback: the transaction commits as the statement ends. PGlite commits it
   * in the same trip to its thread, and the next job may follow at once, so its
   * one connection is never held while the stack's Node thread gets round to
   * sending COMMIT. A second statement is refused.
   */
  singleStatement?: boolean
  /**
   * With singleStatement: a moment (Date.now() milliseconds) after which the
   * statement is rolled back instead of committed, failing with 57014 (as
   * Postgres' statement_timeout would have stopped it).
   */
  deadline?: number
}

export interface Database extends Queryable {
  /** Runs fn in one transaction on one connection; rolls back if fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
  /**
   * The same database with its work queued in a lane (queue.ts): PGlite serves
   * request work before background work. Absent where nothing queues (a real
   * Postgres server's pool); use inLane().
   */
  lane?(lane: Lane): Database
  /**
   * Marks a request as being served until the returned function is called:
   * PGlite holds background work back meanwhile (queue.ts). Absent where
   * nothing queues; use requestStarted().
   */
  requestStarted?(): () => void
}

/** db's view in lane, or db itself where the database does not queue. */
export function inLane(db: Database, lane: Lane): Database {
  return db.lane?.(lane) ?? db
}

export type OpenDatabaseOptions = {
  /** Folder to persist PGlite in; omit for an in-memory database. Ignored with databaseUrl. */
  dataDir?: string
  /** A real Postgres server instead of PGlite (the DATABASE_URL setting). */
  databaseUrl?: string
  /** Apply supabase/seed.sql after the migrations on a new database (default true). */
  seed?: boolean
}

/** Marks a request as being served on db until the returned function is called. */
export function requestStarted(db: Database): () => void {
  return db.requestStarted?.() ?? (() => undefined)
}

/** tx, calling `before` ahead of each statement sent through it (a throw refuses the statement). */
export function beforeEachStatement(tx: Queryable, before: () => void): Queryable {
  return {
    query: async <R extends Row = Row>(sql: string, params?: unknown[], options?: QueryOptions) => {
      before()
      return tx.query<R>(sql, params, options)
    },
    exec: async (sql) => {
      before()
      return tx.exec(sql)
    },
  }
}

/** tx as a singleStatement transaction's fn sees it: a second statement is refused. */
export function oneStatement(tx: Queryable): Queryable {
  let sent = false
  return beforeEachStatement(tx, () => {
    if (sent) throw new Error('a single-statement transaction sends one statement')
    sent = true
  })
}
