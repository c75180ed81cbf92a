import { Worker } from 'node:worker_threads'
import { DbQueue, type Lane, type QueueOptions } from './queue.ts'
import {
  oneStatement,
  type Database,
  type Queryable,
  type QueryOptions,
  type QueryResult,
  type Row,
  type Statement,
  type TransactionOptions,
} from './types.ts'

export type EmbeddedDatabase = Database & {
  /** The order its one connection serves the stack in (queue.ts). */
  queue: DbQueue
  /**
   * Postgres wire access (@electric-sql/pglite-socket) on host:port, served by
   * the database's thread; resolves with the bound `host:port`.
   */
  serveWire(host: string, port: number, maxConnections: number): Promise<string>
  stopWire(): Promise<void>
  /** Writes its data folder to `file`, for a later `openPGlite({ template: file })`. */
  dumpTo(file: string): Promise<void>
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: object }
type Notification = { notify: number; payload: string }

/** An error from the database's thread, with Postgres' fields (code, detail, hint, …). */
function restoredError(fields: object): Error {
  const { message, ...rest } = fields as { message?: string }
  return Object.assign(new Error(message ?? 'database error'), rest)
}

/** The database's thread (pglite-worker.js) and calls to it. */
async function startThread(where: Where) {
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: where,
  })
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  const listeners = new Map<number, (payload: string) => void>()
  let nextId = 1
  let failure: Error | null = null

  const fail = (error: Error) => {
    failure ??= error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  await new Promise<void>((ready, reject) => {
    worker.on('message', (message: Reply | Notification | { ready: true }) => {
      if ('ready' in message) return ready()
      if ('notify' in message) return listeners.get(message.notify)?.(message.payload)
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.ok) call?.resolve(message.value)
      else call?.reject(restoredError(message.error))
    })
    worker.once('error', (error) => {
      fail(error)
      reject(error)
    })
    worker.once('exit', (code) => {
      const error = new Error(`the embedded database's thread exited (code ${code})`)
      fail(error)
      reject(error)
    })
  })

  const call = <T>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
    if (failure) return Promise.reject(failure)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, op, ...args })
    })
  }
  return { worker, call, listeners, nextListener: () => nextId++ }
}

/** Persisted to dataDir, or in memory, empty or loaded from a dumped data folder. */
export type Where = { dataDir?: string; template?: string }

/**
 * PGlite, in memory or persisted to dataDir, with pgcrypto available, on a
 * thread of its own (pglite-worker.js): the stack's Node thread parses and
 * answers HTTP while a statement runs. Its one connection serves the stack's
 * jobs (statements and whole transactions) in lanes, request work first
 * (queue.ts).
 */
export async function openPGlite(
  where: Where = {},
  queueOptions: QueueOptions = {},
): Promise<EmbeddedDatabase> {
  const thread = await startThread(where)
  const { call } = thread
  const direct: Queryable = {
    query: <R extends Row = Row>(sql: string, params?: unknown[]) =>
      call<QueryResult<R>>('query', { sql, params }),
    exec: (sql: string) => call<void>('exec', { sql }),
  }
  const transaction = threadTransactions(call)
  const queue = new DbQueue(queueOptions)
  const views = new Map<Lane, EmbeddedDatabase>()
  let closed: Promise<void> | null = null
  const view = (lane: Lane): EmbeddedDatabase => {
    const existing = views.get(lane)
    if (existing) return existing
    const db: EmbeddedDatabase = {
      queue,
      query: (sql, params) => queue.run(lane, () => direct.query(sql, params)),
      exec: (sql) => queue.run(lane, () => direct.exec(sql)),
      async transaction(fn, options = {}) {
        const { result } = await queue.run(lane, () => transaction(fn, options))
        return result
      },
      async listen(channel, onPayload) {
        const listener = thread.nextListener()
        thread.listeners.set(listener, onPayload)
        await queue.run(lane, () => call('listen', { channel, listener }))
        return async () => {
          thread.listeners.delete(listener)
          await queue.run(lane, () => call('unlisten', { listener }))
        }
      },
      close() {
        closed ??= call('close')
          .catch(() => undefined)
          .then(() => thread.worker.terminate())
          .then(() => undefined)
        return closed
      },
      lane: view,
      requestStarted: () => queue.requestStarted(),
      serveWire: (host, port, maxConnections) =>
        call<string>('serveWire', { host, port, maxConnections }),
      stopWire: () => call<void>('stopWire'),
      dumpTo: (file) => call<void>('dumpTo', { file }),
    }
    views.set(lane, db)
    return db
  }
  return view('request')
}

type ThreadCall = Awaited<ReturnType<typeof startThread>>['call']
type ThreadTransaction = <T>(
  fn: (tx: Queryable) => Promise<T>,
  options: TransactionOptions,
) => Promise<{ result: Promise<T> }>

/** Transactions run on the database's thread, each under its own id. */
function threadTransactions(call: ThreadCall): ThreadTransaction {
  let nextTransaction = 1
  /**
   * Single-statement transactions sent and not yet answered. Such a job gives
   * the queue back once its statement is sent and every one sent before it is
   * answered: the thread then holds the running statement and at most the next,
   * so it never waits for the stack between them, while later jobs (and their
   * deadlines, rest/deadline.ts) stay in the queue, not behind a slow statement.
   */
  let singlesWithThread = 0
  let singleAnswered: Array<() => void> = []
  const oneSingleAnswered = () => {
    singlesWithThread -= 1
    const waiting = singleAnswered
    singleAnswered = []
    for (const wake of waiting) wake()
  }
  /**
   * Runs fn in a transaction of the database's thread. BEGIN and the prelude
   * go with the first statement (or the commit), one trip instead of three.
   * Resolves once COMMIT is sent (`result` settles when it is done): the thread
   * runs messages in order, so the next job's statements may follow at once.
   * A singleStatement transaction resolves once its statement is sent (with
   * COMMIT in the same message; `result` settles later) and the ones sent
   * before it are answered.
   */
  const transaction = async <T>(
    fn: (tx: Queryable) => Promise<T>,
    { prelude, singleStatement, deadline }: TransactionOptions,
  ): Promise<{ result: Promise<T> }> => {
    const tx = nextTransaction++
    let begin: { prelude?: Statement } | null = { prelude }
    const send = <R>(op: string, args: Record<string, unknown> = {}) => {
      const opening = begin
      begin = null
      return call<R>(op, { ...args, tx, ...(opening ? { begin: opening } : {}) })
    }
    if (singleStatement) {
      const ending = { commit: true, ...(deadline === undefined ? {} : { deadline }) }
      let sent = () => undefined as void
      const statementSent = new Promise<void>((resolve) => (sent = resolve))
      const sendOne = <R>(op: string, args: Record<string, unknown>) => {
        const reply = send<R>(op, { ...args, ...ending })
        singlesWithThread += 1
        reply.then(oneSingleAnswered, oneSingleAnswered)
        sent()
        return reply
      }
      const result = fn(
        oneStatement({
          query: <R extends Row = Row>(sql: string, params?: unknown[], options?: QueryOptions) =>
            sendOne<QueryResult<R>>('query', { sql, params, reusable: options?.reusable }),
          exec: (sql: string) => sendOne<void>('exec', { sql }),
        }),
      )
      // fn may also end (or fail) without sending anything
      await Promise.race([statementSent, result.catch(() => undefined)])
      while (singlesWithThread > 1) await new Promise<void>((wake) => singleAnswered.push(wake))
      return { result }
    }
    let result: T
    try {
      result = await fn({
        query: <R extends Row = Row>(sql: string, params?: unknown[], options?: QueryOptions) =>
          send<QueryResult<R>>('query', { sql, params, reusable: options?.reusable }),
        exec: (sql: string) => send<void>('exec', { sql }),
      })
    } catch (error) {
      if (!begin) await call('rollback', { tx })
      throw error
    }
    const committed = send<void>('commit')
    return { result: committed.then(() => result) }
  }
  return transaction
}
