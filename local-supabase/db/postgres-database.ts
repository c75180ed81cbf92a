import pg from 'pg'
import {
  oneStatement,
  type Database,
  type Queryable,
  type QueryResult,
  type Row,
  type TransactionOptions,
} from './types.ts'
import { quoteIdent } from '../sql-ident.ts'

type PgQueryable = Pick<pg.Pool | pg.PoolClient, 'query'>

function wrap(target: PgQueryable): Queryable {
  return {
    async query<R extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const result = await target.query<R>(sql, params)
      return {
        rows: result.rows,
        affectedRows: result.rowCount ?? undefined,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      }
    },
    async exec(sql: string): Promise<void> {
      await target.query(sql)
    },
  }
}

/** How long close() waits for queries in flight before cutting the connections. */
const CLOSE_GRACE_MS = 2000

/** A real Postgres server (the DATABASE_URL setting), through a small pool. */
export function openPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  // A connection the server drops (restart, DROP DATABASE … WITH (FORCE)) must not crash the process.
  pool.on('error', () => undefined)
  const clients = new Set<pg.PoolClient>()
  pool.on('connect', (client) => clients.add(client))
  pool.on('remove', (client) => clients.delete(client as pg.PoolClient))
  const base = wrap(pool)
  /** Connections held for LISTEN, released by their unlisten or by close(). */
  const listeners = new Set<() => Promise<void>>()
  let closed: Promise<void> | null = null
  return {
    query: base.query,
    exec: base.exec,
    async transaction<T>(
      fn: (tx: Queryable) => Promise<T>,
      options: TransactionOptions = {},
    ): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('begin')
        if (options.prelude) await client.query(options.prelude.sql, options.prelude.params)
        const result = await fn(options.singleStatement ? oneStatement(wrap(client)) : wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, onPayload) {
      const client = await pool.connect()
      const onNotification = (message: pg.Notification) => {
        if (message.channel === channel) onPayload(message.payload ?? '')
      }
      client.on('notification', onNotification)
      let released = false
      const unlisten = async () => {
        if (released) return
        released = true
        listeners.delete(unlisten)
        client.off('notification', onNotification)
        const ok = await client
          .query(`unlisten ${quoteIdent(channel)}`)
          .then(() => true)
          .catch(() => false)
        // A connection whose UNLISTEN failed is not handed out again.
        client.release(ok ? undefined : true)
      }
      try {
        await client.query(`listen ${quoteIdent(channel)}`)
      } catch (error) {
        released = true
        client.off('notification', onNotification)
        client.release(true)
        throw error
      }
      listeners.add(unlisten)
      return unlisten
    },
    close() {
      // Every LISTEN connection is given back first: pool.end() waits for all of them.
      closed ??= (async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()))
        let timer: NodeJS.Timeout | undefined
        const ended = pool.end()
        const grace = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS)
        })
        if ((await Promise.race([ended, grace])) === 'late') {
          // Queries still running after the grace period: cut their connections.
          await Promise.all([...clients].map((client) => client.end().catch(() => undefined)))
          await ended.catch(() => undefined)
        }
        clearTimeout(timer)
      })()
      return closed
    },
  }
}
