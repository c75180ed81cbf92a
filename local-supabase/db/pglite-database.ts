import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { DbQueue, type Lane, type QueueOptions } from './queue.ts'
import type { Database, Queryable, QueryResult, Row } from './types.ts'

export type EmbeddedDatabase = Database & {
  /** The PGlite instance underneath (for wire access with @electric-sql/pglite-socket). */
  pglite: PGlite
  /** The order its one connection serves the stack in (queue.ts). */
  queue: DbQueue
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

/**
 * PGlite, in memory or persisted to dataDir, with pgcrypto available. Its one
 * connection serves the stack's jobs (statements and whole transactions) in
 * lanes, request work first (queue.ts).
 */
export async function openPGlite(
  dataDir?: string,
  queueOptions: QueueOptions = {},
): Promise<EmbeddedDatabase> {
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pgcrypto },
  })
  const base = wrap(pglite)
  const queue = new DbQueue(queueOptions)
  const views = new Map<Lane, EmbeddedDatabase>()
  const view = (lane: Lane): EmbeddedDatabase => {
    const existing = views.get(lane)
    if (existing) return existing
    const db: EmbeddedDatabase = {
      pglite,
      queue,
      query: (sql, params) => queue.run(lane, () => base.query(sql, params)),
      exec: (sql) => queue.run(lane, () => base.exec(sql)),
      transaction: (fn) => queue.run(lane, () => pglite.transaction((tx) => fn(wrap(tx)))),
      async listen(channel, onPayload) {
        const unlisten = await queue.run(lane, () => pglite.listen(channel, onPayload))
        return async () => {
          await queue.run(lane, () => unlisten())
        }
      },
      async close() {
        await pglite.close()
      },
      lane: view,
      requestStarted: () => queue.requestStarted(),
    }
    views.set(lane, db)
    return db
  }
  return view('request')
}
