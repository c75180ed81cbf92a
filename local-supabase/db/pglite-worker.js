/**
 * The embedded database's own thread: PGlite (with pgcrypto) and, when asked,
 * its Postgres wire server, run here so that their work does not share the
 * stack's Node thread with the API, the gateway and Realtime (the thread that
 * parses and answers every HTTP request). pglite-thread.ts is the other end.
 *
 * Plain JavaScript, as the thread is started from whatever runs the stack
 * (tsx, Vitest, the Supabase CLI-like scripts) without a TypeScript loader.
 *
 * Messages in:  { id, op, ...arguments }  (ops below)
 * Messages out: { id, ok: true, value } | { id, ok: false, error }
 *               { notify: listenerId, payload }   (LISTEN notifications)
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'

const port = parentPort
if (!port) throw new Error('pglite-worker.js runs as a worker thread')

/** @type {{ dataDir?: string }} */
const options = workerData ?? {}

/**
 * @typedef {{ query: PGlite['query'], exec: PGlite['exec'] }} Target
 * @typedef {{ target: Target, finish: { resolve(): void, reject(error: unknown): void }, done: Promise<unknown> }} OpenTransaction
 */

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map()
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map()
/** @type {import('@electric-sql/pglite-socket').PGLiteSocketServer | null} */
let wireServer = null
let nextTransaction = 1

/** A rollback asked for by the stack (not an error of the transaction's own). */
class RollbackRequested extends Error {}

/** An error as plain data: Postgres' fields (code, detail, hint, …) survive the copy. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  return { ...error, name: error.name, message: error.message }
}

/** @param {number | undefined} id */
function targetOf(pglite, id) {
  if (id === undefined) return pglite
  const open = transactions.get(id)
  if (!open) throw new Error(`transaction ${id} is not open`)
  return open.target
}

/** Opens a transaction that stays open until commit or rollback; resolves with its id. */
function begin(pglite) {
  const id = nextTransaction++
  return new Promise((opened, failed) => {
    const done = pglite.transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          transactions.set(id, { target: tx, finish: { resolve, reject }, done })
          opened(id)
        }),
    )
    done.catch(failed).finally(() => transactions.delete(id))
  })
}

async function end(id, commit) {
  const open = transactions.get(id)
  if (!open) throw new Error(`transaction ${id} is not open`)
  if (commit) {
    open.finish.resolve()
    await open.done
    return
  }
  open.finish.reject(new RollbackRequested())
  await open.done.catch((error) => {
    if (!(error instanceof RollbackRequested)) throw error
  })
}

async function serveWire(pglite, host, wirePort, maxConnections) {
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket')
  const server = new PGLiteSocketServer({ db: pglite, host, port: wirePort, maxConnections })
  await server.start()
  wireServer = server
  return server.getServerConn()
}

const pglite = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  extensions: { pgcrypto },
})

const ops = {
  async query({ sql, params, tx }) {
    const result = await targetOf(pglite, tx).query(sql, params)
    return {
      rows: result.rows,
      affectedRows: result.affectedRows,
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    }
  },
  async exec({ sql, tx }) {
    await targetOf(pglite, tx).exec(sql)
  },
  begin: () => begin(pglite),
  commit: ({ tx }) => end(tx, true),
  rollback: ({ tx }) => end(tx, false),
  async listen({ channel, listener }) {
    const stop = await pglite.listen(channel, (payload) =>
      port.postMessage({ notify: listener, payload }),
    )
    listeners.set(listener, stop)
  },
  async unlisten({ listener }) {
    const stop = listeners.get(listener)
    listeners.delete(listener)
    await stop?.()
  },
  serveWire: ({ host, port: wirePort, maxConnections }) =>
    serveWire(pglite, host, wirePort, maxConnections),
  async stopWire() {
    await wireServer?.stop()
    wireServer = null
  },
  async close() {
    await wireServer?.stop()
    await pglite.close()
  },
}

port.on('message', async (message) => {
  const { id, op } = message
  try {
    const run = ops[op]
    if (!run) throw new Error(`unknown operation ${op}`)
    const value = await run(message)
    port.postMessage({ id, ok: true, value })
  } catch (error) {
    port.postMessage({ id, ok: false, error: plainError(error) })
  }
  if (op === 'close') port.close()
})

port.postMessage({ ready: true })
