/**
 * Postgres wire access to the embedded database (PGlite's socket server), so
 * psql and `supabase db push --db-url` work against the local stack.
 */
import type { EmbeddedDatabase } from './db/pglite-database.ts'
import type { Database } from './db/types.ts'

export type DbSocket = { url: string; close(): Promise<void> }

function isEmbedded(db: Database): db is EmbeddedDatabase {
  return typeof (db as Partial<EmbeddedDatabase>).serveWire === 'function'
}

/** Starts the wire server; returns null when the database is not PGlite. */
export async function startDbSocket(
  db: Database,
  host: string,
  port: number,
): Promise<DbSocket | null> {
  if (!isEmbedded(db)) return null
  let bound: string
  try {
    bound = await db.serveWire(host, port, 8)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Postgres wire access on ${host}:${port} failed: ${reason}`, { cause: error })
  }
  const actual = bound.split(':').pop() ?? String(port)
  return {
    url: `postgresql://postgres:postgres@${host}:${actual}/postgres`,
    close: () => db.stopWire(),
  }
}
