/**
 * Works off net.http_request_queue the way pg_net's background worker does, for
 * databases where net is the local copy (see db/shims.ts): requests queued by
 * net.http_post are taken (deleted from the queue) after their transaction
 * commits, sent with their timeout, and the outcome is written to
 * net._http_response (status, headers, body, or timed_out / error_msg).
 * Responses older than pg_net's default TTL (6 hours) are deleted.
 *
 * Requests to the stack itself (ownOrigin: the Edge Functions the schedules
 * invoke) say they are background work (PRIORITY_HEADER), as nobody waits on them.
 */
import type { Logger } from 'pino'
import { PRIORITY_HEADER } from '../db/queue.ts'
import type { Database } from '../db/types.ts'

type QueuedRow = {
  id: string | number
  method: string
  url: string
  headers: Record<string, string> | null
  body: Uint8Array | null
  timeout_milliseconds: number
}

export type NetWorker = { stop(): Promise<void> }

export type NetWorkerOptions = {
  db: Database
  log: Logger
  /** Requests taken per round (pg_net's batch_size default is 200). */
  batchSize?: number
  /** Poll interval (ms) besides the wake-up notification; default 1000. */
  pollMs?: number
  /** The stack's own API origin: requests there go as background work. */
  ownOrigin?: string
}

const RESPONSE_TTL = '6 hours'

export function startNetWorker(options: NetWorkerOptions): NetWorker {
  const { db } = options
  const log = options.log.child({ service: 'net' })
  const batchSize = options.batchSize ?? 200
  const pollMs = options.pollMs ?? 1000
  const controller = new AbortController()
  const inFlight = new Set<Promise<void>>()
  let stopped = false
  let draining: Promise<void> | null = null
  let again = false
  let lastCleanup = 0

  const headersOf = backgroundToSelf(options.ownOrigin)
  const send = async (row: QueuedRow): Promise<void> => {
    const values = await sendRequest(row, headersOf(row), controller.signal, log)
    await db.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
      values,
    )
  }

  const drainOnce = async (): Promise<number> => {
    const { rows } = await db.query<QueuedRow>(
      `delete from net.http_request_queue
        where id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
        returning id, method, url, headers, body, timeout_milliseconds`,
      [batchSize],
    )
    for (const row of rows) {
      const promise = send(row)
        .catch((error: unknown) => log.warn({ err: error }, 'net: could not record a response'))
        .finally(() => inFlight.delete(promise))
      inFlight.add(promise)
    }
    if (Date.now() - lastCleanup > 60_000) {
      lastCleanup = Date.now()
      await db.query(
        `delete from net._http_response where created < now() - interval '${RESPONSE_TTL}'`,
      )
    }
    return rows.length
  }

  /** Takes everything queued; a wake-up during a drain makes it go round once more. */
  const drain = () => {
    if (stopped) return
    if (draining) {
      again = true
      return
    }
    draining = (async () => {
      do {
        again = false
        while (!stopped && (await drainOnce()) === batchSize) {
          /* a full batch: take the next one at once */
        }
      } while (again && !stopped)
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'net: could not read the queue'))
      .finally(() => {
        draining = null
      })
  }

  let unlisten: (() => Promise<void>) | null = null
  const listening = db
    .listen('net_http_request', () => drain())
    .then((stop) => {
      if (stopped) return stop()
      unlisten = stop
    })
    .catch((error: unknown) => log.warn({ err: error }, 'net: LISTEN failed; polling only'))
  const timer = setInterval(drain, pollMs)
  timer.unref()
  drain()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await listening
      await unlisten?.()
      await draining
      controller.abort()
      await Promise.all(inFlight)
    },
  }
}

/** A row's headers, marked background work (PRIORITY_HEADER) when it goes to the stack's own origin. */
function backgroundToSelf(
  ownOriginUrl: string | undefined,
): (row: QueuedRow) => Record<string, string> {
  const ownOrigin = ownOriginUrl ? new URL(ownOriginUrl).origin : null
  return (row) => {
    const headers = row.headers ?? {}
    const toSelf =
      ownOrigin !== null && URL.canParse(row.url) && new URL(row.url).origin === ownOrigin
    return toSelf ? { ...headers, [PRIORITY_HEADER]: 'background' } : headers
  }
}

/**
 * Sends one queued request within its timeout (or until the worker stops) and
 * returns the net._http_response values: id, status, content type, headers,
 * content, timed_out, error_msg.
 */
async function sendRequest(
  row: QueuedRow,
  headers: Record<string, string>,
  stopped: AbortSignal,
  log: Logger,
): Promise<unknown[]> {
  const timeout = AbortSignal.timeout(Math.max(1, row.timeout_milliseconds))
  try {
    const response = await fetch(row.url, {
      method: row.method,
      headers,
      ...(row.body ? { body: Buffer.from(row.body) } : {}),
      signal: AbortSignal.any([timeout, stopped]),
    })
    const content = await response.text()
    const answered: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      answered[name] = value
    })
    const type = response.headers.get('content-type')
    return [row.id, response.status, type, JSON.stringify(answered), content, false, null]
  } catch (error) {
    const timedOut = timeout.aborted
    const message = timedOut
      ? `Timeout of ${row.timeout_milliseconds} ms reached`
      : stopped.aborted
        ? 'Request cancelled: the local stack stopped'
        : error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
          : String(error)
    log.debug({ id: row.id, url: row.url }, `net request failed: ${message}`)
    return [row.id, null, null, null, null, timedOut, message]
  }
}
