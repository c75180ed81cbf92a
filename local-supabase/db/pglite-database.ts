import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type { Database, Queryable, QueryResult, Row } from './types.ts'

export type EmbeddedDatabase = Database & {
  /** The PGlite instance underneath (for wire access with @electric-sql/pglite-socket). */
  pglite: PGlite
}

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'>

function wrap(target: PGliteQueryable): Queryable {
  return {
    async query<R extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const result = await target.query<R>(sql, params)
      return {
        rows: result.rows,
        affectedRows: result.affectedRows,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      }
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql)
    },
  }
}

/** PGlite, in memory or persisted to dataDir, with pgcrypto available. */
export async function openPGlite(dataDir?: string): Promise<EmbeddedDatabase> {
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pgcrypto },
  })
  const base = wrap(pglite)
  return {
    pglite,
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) => fn(wrap(tx)))
    },
    async listen(channel, onPayload) {
      const unlisten = await pglite.listen(channel, onPayload)
      return async () => {
        await unlisten()
      }
    },
    async close() {
      await pglite.close()
    },
  }
}
