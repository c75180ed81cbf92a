/**
 * The embedded database's own thread: PGlite (with pgcrypto) and, when asked,
 * its Postgres wire server, run here so that their work does not share the
 * stack's Node thread with the API, the gateway and Realtime (the thread that
 * parses and answers every HTTP request). pglite-database.ts is the other end.
 *
 * Plain JavaScript, as the thread is started from whatever runs the stack
 * (tsx, Vitest, the Supabase CLI-like scripts) without a TypeScript loader.
 *
 * Messages in:  { id, op, ...arguments }  (ops below; a statement of a
 *               transaction may carry `begin` and, if it is the only one, `commit`)
 * Messages out: { id, ok: true, value } | { id, ok: false, error }
 *               { notify: listenerId, payload }   (LISTEN notifications)
 */
import { readFile, rename, writeFile } from 'node:fs/promises'
import v8 from 'node:v8'
import { parentPort, threadId, workerData } from 'node:worker_threads'
import { PGlite, parse, protocol } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { ConnectionLock, serveWireSessions } from './wire-sessions.js'

// Postgres is compiled with V8's optimising compiler up front, in the background
// while it starts. With V8's default (dynamic tiering: the baseline compiler
// first, hot functions optimised later) PGlite kept running largely baseline
// code and kept V8's helper threads busy compiling: every statement cost about
// twice the CPU (bench:fanout, docs/benchmarks.md). The price is ~2 s of CPU on
// helper threads at start. The flag is the process's: it must be set before
// PGlite compiles its WebAssembly (PGlite.create below), and it only changes
// how WebAssembly is compiled.
v8.setFlagsFromString('--no-wasm-dynamic-tiering')

const port = parentPort
if (!port) throw new Error('pglite-worker.js runs as a worker thread')

/** @type {{ dataDir?: string, template?: string }} */
const options = workerData ?? {}

/**
 * @typedef {{ query: PGlite['query'], exec: PGlite['exec'] }} Target
 * @typedef {{ sql: string, params?: unknown[] }} Statement
 * @typedef {{
 *   opened: Promise<Target>,
 *   ready: Promise<Target>,
 *   finish: { resolve(): void, reject(error: unknown): void },
 *   done: Promise<unknown>,
 * }} OpenTransaction
 */

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map()
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map()
/** @type {{ address: string, stop(): Promise<void> } | null} */
let wireServer = null
/**
 * The connection in turns: each of the stack's statements and whole
 * transactions holds it, and so does a wire client for its turn
 * (wire-sessions.js), so neither ever runs inside the other's session.
 */
const connection = new ConnectionLock()

/** A rollback asked for by the stack (not an error of the transaction's own). */
class RollbackRequested extends Error {}

/** An error as plain data: Postgres' fields (code, detail, hint, …) survive the copy. */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  return { ...error, name: error.name, message: error.message }
}

/** @param {Target} target @param {Statement} statement */
function run(target, { sql, params }) {
  return params ? target.query(sql, params) : target.exec(sql)
}

/**
 * Opens transaction `id` (numbered by the stack) inside PGlite's own
 * transaction(), which holds its connection (and the wire server's clients
 * off it) until commit or rollback, and runs the prelude (the role and
 * request settings) first. The entry is in `transactions` at once, so
 * statements sent right behind the first wait for BEGIN.
 *
 * @param {number} id @param {Statement | undefined} prelude
 */
function begin(pglite, id, prelude) {
  if (transactions.has(id)) throw new Error(`transaction ${id} is already open`)
  /** @type {OpenTransaction['finish'] | null} */
  let finish = null
  /** @type {(tx: Target) => void} */
  let began = () => undefined
  /** @type {(error: unknown) => void} */
  let failed = () => undefined
  const ready = new Promise((resolve, reject) => {
    began = resolve
    failed = reject
  })
  // the connection is the transaction's until it ends (no wire client inside it)
  const done = connection.run(() =>
    pglite.transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          finish = { resolve, reject }
          began(tx)
        }),
    ),
  )
  // BEGIN itself failed: whatever waits on it fails with its error
  done.catch(failed).finally(() => transactions.delete(id))
  transactions.set(id, {
    ready,
    opened: ready.then(async (tx) => {
      if (prelude) await run(tx, prelude)
      return tx
    }),
    finish: {
      resolve: () => finish?.resolve(),
      reject: (error) => finish?.reject(error),
    },
    done,
  })
}

/**
 * Where a message's statement runs: the connection, or its transaction (opened
 * first when the message carries `begin`: the stack sends a transaction's BEGIN
 * and prelude with its first statement, one trip instead of three).
 */
function targetOf(pglite, { tx, begin: opening }) {
  if (tx === undefined) return pglite
  if (opening) begin(pglite, tx, opening.prelude)
  const open = transactions.get(tx)
  if (!open) throw new Error(`transaction ${tx} is not open`)
  return open.opened
}

async function rollback(open) {
  try {
    await open.ready
  } catch {
    return // BEGIN failed: nothing to roll back
  }
  open.finish.reject(new RollbackRequested())
  await open.done.catch((error) => {
    if (!(error instanceof RollbackRequested)) throw error
  })
}

async function commit(pglite, message) {
  if (message.begin) targetOf(pglite, message)
  const open = transactions.get(message.tx)
  if (!open) throw new Error(`transaction ${message.tx} is not open`)
  try {
    await open.opened
  } catch (error) {
    await rollback(open).catch(() => undefined)
    throw error
  }
  open.finish.resolve()
  await open.done
}

/** Postgres' own error for a statement stopped by statement_timeout. */
const statementTimeout = () =>
  Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })

/**
 * The statement of a single-statement transaction (a message with `commit`),
 * committed as it ends: no second trip, and the connection is not held until
 * the stack sends COMMIT. Not run when it comes past the message's `deadline`,
 * rolled back when it fails or ends past it (57014, as statement_timeout).
 */
async function runAndCommit(pglite, message, run) {
  const late = () => message.deadline !== undefined && Date.now() >= message.deadline
  // past it already: not begun, nothing to roll back
  if (late()) throw statementTimeout()
  try {
    const value = await run(message)
    if (late()) throw statementTimeout()
    await commit(pglite, { tx: message.tx })
    return value
  } catch (error) {
    const open = transactions.get(message.tx)
    if (open) await rollback(open).catch(() => undefined)
    throw error
  }
}

/** @param {unknown} value */
const isText = (value) => value === null || typeof value === 'string'

/**
 * REST's reusable statements (QueryOptions.reusable in types.ts), kept prepared
 * on PGlite's one connection under a name, by SQL text: parsed and planned once.
 * Postgres still plans again by itself when a table or function they use
 * changes. The 200 used last are kept (the Map's order: last used last).
 */
const prepared = new Map()
const MAX_PREPARED = 200
let nextPrepared = 1

/**
 * The name to run `sql` under and the messages that make it ready: a Parse for
 * a new name (and a Close for the one it pushes out), nothing for a known one.
 */
function preparation(sql, reusable) {
  const { serialize } = protocol
  if (!reusable) return { name: '', known: false, messages: [serialize.parse({ text: sql })] }
  const known = prepared.get(sql)
  if (known) {
    prepared.delete(sql)
    prepared.set(sql, known)
    return { name: known, known: true, messages: [] }
  }
  const messages = []
  if (prepared.size >= MAX_PREPARED) {
    const [oldest, oldName] = prepared.entries().next().value
    prepared.delete(oldest)
    // closing a name Postgres does not have is not an error
    messages.push(serialize.close({ type: 'S', name: oldName }))
  }
  const name = `homeward_${nextPrepared++}`
  messages.push(serialize.parse({ name, text: sql }))
  return { name, known: false, messages }
}

/**
 * A statement whose parameters are text (or null), in one trip into Postgres:
 * PGlite's query() sends parse, describe, bind, describe, execute and sync one
 * call at a time, as it describes the statement first to choose each
 * parameter's serializer by type, and text needs none. A reusable statement
 * already prepared skips the parse. The answer is read by PGlite's own parser,
 * as query() reads it. For statements in a transaction of this thread only:
 * execProtocol takes none of PGlite's locks, the open transaction holds them.
 *
 * @param {string} sql @param {unknown[]} params @param {boolean} reusable
 */
async function queryInOneTrip(pglite, sql, params, reusable) {
  const { serialize } = protocol
  const { name, known, messages: preparing } = preparation(sql, reusable)
  const messages = [
    ...preparing,
    serialize.bind({ statement: name, values: params }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]
  const buffer = new Uint8Array(messages.reduce((size, message) => size + message.length, 0))
  let offset = 0
  for (const message of messages) {
    buffer.set(message, offset)
    offset += message.length
  }
  // errors come back among the messages: a new name is kept once Postgres has parsed it
  const answer = await pglite.execProtocol(buffer, { syncToFs: false, throwOnError: false })
  if (name && !known && answer.messages.some((message) => message.name === 'parseComplete')) {
    prepared.set(sql, name)
  }
  const failure = answer.messages.find((message) => message instanceof Error)
  if (failure) {
    // gone (DEALLOCATE from a wire client) or stale: parse it afresh next time
    if (known && (failure.code === '26000' || failure.code === '0A000')) prepared.delete(sql)
    throw failure
  }
  return parse.parseResults(answer.messages, pglite.parsers)[0]
}

async function serveWire(pglite, host, wirePort, maxConnections) {
  const server = await serveWireSessions(pglite, connection, {
    host,
    port: wirePort,
    maxConnections,
  })
  wireServer = server
  return server.address
}

const pglite = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  // An in-memory database may start from a dumped data folder (template.ts).
  ...(options.template ? { loadDataDir: new Blob([await readFile(options.template)]) } : {}),
  extensions: { pgcrypto },
})

/**
 * A statement on the connection (target: pglite) or in a transaction of this
 * thread (target: its transaction), as plain data for the stack.
 */
async function queryOn(target, message) {
  const { sql, params = [] } = message
  const result =
    target !== pglite && params.every(isText)
      ? await queryInOneTrip(pglite, sql, params, message.reusable === true)
      : await target.query(sql, params)
  return {
    rows: result.rows,
    affectedRows: result.affectedRows,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  }
}

const ops = {
  async query(message) {
    if (message.tx === undefined) return connection.run(() => queryOn(pglite, message))
    return queryOn(await targetOf(pglite, message), message)
  },
  async exec(message) {
    if (message.tx === undefined)
      return connection.run(() => pglite.exec(message.sql).then(() => undefined))
    const target = await targetOf(pglite, message)
    await target.exec(message.sql)
  },
  commit: (message) => commit(pglite, message),
  async rollback({ tx }) {
    // a transaction whose BEGIN was never sent (or failed) has nothing to roll back
    const open = transactions.get(tx)
    if (open) await rollback(open)
  },
  async listen({ channel, listener }) {
    const stop = await connection.run(() =>
      pglite.listen(channel, (payload) => port.postMessage({ notify: listener, payload })),
    )
    listeners.set(listener, stop)
  },
  async unlisten({ listener }) {
    const stop = listeners.get(listener)
    listeners.delete(listener)
    if (stop) await connection.run(stop)
  },
  serveWire: ({ host, port: wirePort, maxConnections }) =>
    serveWire(pglite, host, wirePort, maxConnections),
  async stopWire() {
    await wireServer?.stop()
    wireServer = null
  },
  /** Dumps the data folder to `file` (whole or not at all: written aside, then renamed). */
  async dumpTo({ file }) {
    const dump = await connection.run(() => pglite.dumpDataDir('none'))
    const aside = `${file}.${process.pid}-${threadId}.partial`
    await writeFile(aside, Buffer.from(await dump.arrayBuffer()))
    await rename(aside, file)
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
    const value = message.commit ? await runAndCommit(pglite, message, run) : await run(message)
    port.postMessage({ id, ok: true, value })
  } catch (error) {
    port.postMessage({ id, ok: false, error: plainError(error) })
  }
  if (op === 'close') port.close()
})

port.postMessage({ ready: true })
