/**
 * One session per wire connection on PGlite's single connection.
 *
 * PGlite has one Postgres backend. The stack's jobs and every client of the
 * wire port (psql, `supabase db push`, a test's pg client) share it. The
 * socket server of @electric-sql/pglite-socket queues each protocol message
 * alone and runs it under PGlite's query lock only, so a wire client's
 * statement could run inside a transaction the stack had open (under an app
 * request's role: "permission denied"), an app statement inside a wire
 * client's BEGIN, and one client's Parse/Bind/Execute between another's,
 * whose Sync then answered both.
 *
 * Here the connection is taken in turns under one lock (ConnectionLock), held
 * by the stack for each of its statements and whole transactions (the worker)
 * and by a wire client from its first message until Postgres is idle again
 * (ReadyForQuery 'I'): a whole transaction, a whole extended-protocol
 * exchange. When a client hands the connection back, the session settings it
 * changed (role, session authorization, SET ...) are put aside and the
 * connection's own restored; they are put back when that client's turn comes
 * again. So each wire client sees its own session, and neither the stack nor
 * another client ever runs inside it. A client that dies mid-transaction is
 * rolled back; one that holds the connection idle for too long inside a
 * transaction is disconnected (as Postgres' idle_in_transaction_session_timeout
 * would), so a forgotten BEGIN in psql cannot stop the stack for good.
 */
import { createServer } from 'node:net'
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket'
import { protocol } from '@electric-sql/pglite'

/** A first-come, first-served lock. */
export class ConnectionLock {
  #tail = Promise.resolve()

  /** Resolves with the function that releases it (call it once). */
  acquire() {
    /** @type {() => void} */
    let release = () => undefined
    const released = new Promise((resolve) => (release = () => resolve(undefined)))
    const turn = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => released)
    return turn
  }

  /** @template T @param {() => Promise<T>} fn @returns {Promise<T>} */
  async run(fn) {
    const release = await this.acquire()
    try {
      return await fn()
    } finally {
      release()
    }
  }
}

/** The transaction status of a reply ending in ReadyForQuery ('I', 'T', 'E'), else null. */
function readyStatus(tail) {
  const n = tail.length
  if (n < 6) return null
  const isReady =
    tail[n - 6] === 0x5a &&
    tail[n - 5] === 0 &&
    tail[n - 4] === 0 &&
    tail[n - 3] === 0 &&
    tail[n - 2] === 5
  return isReady ? String.fromCharCode(tail[n - 1]) : null
}

/** The last six bytes of what was answered so far, with `chunk` after `tail`. */
function keepTail(tail, chunk) {
  if (chunk.length >= 6) return chunk.slice(chunk.length - 6)
  const joined = new Uint8Array(tail.length + chunk.length)
  joined.set(tail)
  joined.set(chunk, tail.length)
  return joined.slice(Math.max(0, joined.length - 6))
}

/** The session state a client can change: authorization, role and settings set in the session. */
const SESSION_STATE = `
  select current_setting('session_authorization') as authorization,
         current_setting('role') as role,
         coalesce((select json_agg(json_build_array(s.name, s.setting) order by s.name)
                     from pg_settings s
                    where s.source = 'session'
                      and s.name not in ('role', 'session_authorization')), '[]'::json)::text as settings`

/**
 * Wire clients' turns on the connection; the handlers' `queryQueue` (the part of
 * pglite-socket's QueryQueueManager they call: enqueue, clearQueueForHandler,
 * clearTransactionIfNeeded).
 */
class WireSessions {
  /** @type {number | null} */
  #holder = null
  /** @type {(() => void) | null} */
  #release = null
  /** @type {Map<number, { authorization: string, role: string, settings: string }>} */
  #saved = new Map()
  /** @type {Set<number>} */
  #gone = new Set()
  /** @type {{ authorization: string, role: string, settings: string } | null} */
  #own = null
  /** @type {ReturnType<typeof setTimeout> | null} */
  #idleTimer = null

  /**
   * @param {import('@electric-sql/pglite').PGlite} pglite
   * @param {ConnectionLock} lock
   * @param {{ idleInTransactionMs: number, disconnect(handlerId: number): void }} options
   */
  constructor(pglite, lock, options) {
    this.pglite = pglite
    this.lock = lock
    this.options = options
  }

  async #state() {
    const { rows } = await this.pglite.query(SESSION_STATE)
    return rows[0]
  }

  /** The connection's own session state, read once before any client's turn. */
  async start() {
    this.#own = await this.lock.run(() => this.#state())
  }

  /** Puts a session state on the connection (the connection's own first, then the given one). */
  async #apply(state) {
    await this.pglite.exec('reset session authorization; reset role; reset all')
    for (const layer of [this.#own, state]) {
      if (!layer) continue
      if (layer.authorization !== this.#own?.authorization) {
        await this.pglite.query(`select set_config('session_authorization', $1, false)`, [
          layer.authorization,
        ])
      }
      if (layer.role !== 'none') {
        await this.pglite.query(`select set_config('role', $1, false)`, [layer.role])
      }
      for (const [name, setting] of JSON.parse(layer.settings)) {
        await this.pglite.query('select set_config($1, $2, false)', [name, setting])
      }
    }
  }

  /** @param {{ authorization: string, role: string, settings: string }} a @param {typeof a} b */
  #same(a, b) {
    return a.authorization === b.authorization && a.role === b.role && a.settings === b.settings
  }

  /** Takes the connection for a client's turn, with its session state put back. */
  async #take(handlerId) {
    const release = await this.lock.acquire()
    if (this.#gone.has(handlerId)) {
      release()
      throw new Error('Handler disconnected')
    }
    this.#holder = handlerId
    this.#release = release
    const saved = this.#saved.get(handlerId)
    if (saved) {
      try {
        await this.#apply(saved)
      } catch (error) {
        this.#holder = null
        this.#release = null
        release()
        throw error
      }
    }
  }

  /** Ends a client's turn: its session state put aside (or dropped), the connection's own restored. */
  async #handBack(handlerId, { keep }) {
    if (this.#holder !== handlerId) return
    this.#stopIdleTimer()
    const release = this.#release
    this.#holder = null
    this.#release = null
    try {
      // (the client's own settings may make this fail, a tiny statement_timeout say:
      // then they are dropped and the connection's own restored all the same)
      const state = await this.#state().catch(() => null)
      if (keep && state && this.#own && !this.#same(state, this.#own)) {
        this.#saved.set(handlerId, state)
      } else {
        this.#saved.delete(handlerId)
      }
      if (!state || (this.#own && !this.#same(state, this.#own))) await this.#apply(null)
    } finally {
      release?.()
    }
  }

  #stopIdleTimer() {
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#idleTimer = null
  }

  /**
   * Runs one protocol message of a client in its turn; its turn ends when
   * Postgres answers idle.
   *
   * @param {number} handlerId @param {Uint8Array} message @param {(data: Uint8Array) => void} onData
   */
  async enqueue(handlerId, message, onData) {
    if (this.#holder !== handlerId) await this.#take(handlerId)
    this.#stopIdleTimer()
    let tail = new Uint8Array(0)
    let bytes = 0
    await this.pglite.runExclusive(() =>
      this.pglite.execProtocolRawStream(message, {
        onRawData: (chunk) => {
          bytes += chunk.length
          tail = keepTail(tail, chunk)
          onData(chunk)
        },
      }),
    )
    if (readyStatus(tail) === 'I') {
      await this.#handBack(handlerId, { keep: true })
    } else if (this.options.idleInTransactionMs > 0) {
      // Still this client's turn (in a transaction, or mid-exchange): not for ever.
      this.#idleTimer = setTimeout(() => {
        this.#idleTimer = null
        if (this.#holder === handlerId) this.options.disconnect(handlerId)
      }, this.options.idleInTransactionMs)
      this.#idleTimer.unref?.()
    }
    return bytes
  }

  /** A client left: it never gets a turn again. */
  clearQueueForHandler(handlerId) {
    this.#gone.add(handlerId)
  }

  /** A client left during its turn: whatever it had open is rolled back, the connection handed back. */
  async clearTransactionIfNeeded(handlerId) {
    if (this.#holder !== handlerId) {
      this.#saved.delete(handlerId)
      return
    }
    try {
      // end a half-sent extended-protocol exchange, then roll back what is still open
      let tail = new Uint8Array(0)
      await this.pglite.runExclusive(() =>
        this.pglite.execProtocolRawStream(protocol.serialize.sync(), {
          onRawData: (chunk) => (tail = keepTail(tail, chunk)),
        }),
      )
      if (readyStatus(tail) !== 'I') {
        await this.pglite.runExclusive(() =>
          this.pglite.execProtocolRawStream(protocol.serialize.query('rollback'), {
            onRawData: () => undefined,
          }),
        )
      }
    } finally {
      await this.#handBack(handlerId, { keep: false })
    }
  }
}

/**
 * Serves the Postgres wire protocol on host:port, each client in its own
 * session (above). Resolves once listening.
 *
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {ConnectionLock} lock
 * @param {{ host: string, port: number, maxConnections: number, idleInTransactionMs?: number }} options
 */
export async function serveWireSessions(pglite, lock, options) {
  /** @type {Map<number, PGLiteSocketHandler>} */
  const handlers = new Map()
  const sessions = new WireSessions(pglite, lock, {
    idleInTransactionMs: options.idleInTransactionMs ?? 60_000,
    disconnect: (handlerId) => {
      const handler = handlers.get(handlerId)
      if (handler) void handler.detach(true)
    },
  })
  await sessions.start()
  const server = createServer((socket) => {
    if (handlers.size >= options.maxConnections) {
      socket.end('Too many connections\n')
      return
    }
    const handler = new PGLiteSocketHandler({ queryQueue: sessions, closeOnDetach: true })
    handlers.set(handler.handlerId, handler)
    const forget = () => handlers.delete(handler.handlerId)
    handler.addEventListener('close', forget)
    handler.addEventListener('error', forget)
    handler.attach(socket).catch(() => {
      forget()
      socket.destroy()
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve(undefined)
    })
  })
  const address = server.address()
  const bound = address && typeof address === 'object' ? `${options.host}:${address.port}` : ''
  return {
    address: bound,
    async stop() {
      for (const handler of handlers.values()) await handler.detach(true).catch(() => undefined)
      handlers.clear()
      await new Promise((resolve) => server.close(() => resolve(undefined)))
    },
  }
}
