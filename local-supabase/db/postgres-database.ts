import pg from 'pg'
import type { Database, Queryable, QueryResult, Row } from './types.ts'

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

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** A real Postgres server (the DATABASE_URL setting), through a small pool. */
export function openPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  const base = wrap(pool)
  return {
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
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
      await client.query(`listen ${quoteIdent(channel)}`)
      return async () => {
        client.off('notification', onNotification)
        await client.query(`unlisten ${quoteIdent(channel)}`).catch(() => undefined)
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}
