/**
 * Postgres wire access to the embedded database (PGlite's socket server), so
 * psql and `supabase db push --db-url` work against the local stack.
 */
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import type { Database } from './db/types.ts'

export type DbSocket = { url: string; close(): Promise<void> }

/** Finds the PGlite instance behind the shared db module, if it exposes one. */
function pgliteOf(db: Database): PGlite | null {
  const candidate = (db as unknown as { pglite?: unknown }).pglite
  return candidate instanceof PGlite ? candidate : null
}

/** Starts the wire server; returns null when the database is not PGlite. */
export async function startDbSocket(
  db: Database,
  host: string,
  port: number,
): Promise<DbSocket | null> {
  const pglite = pgliteOf(db)
  if (!pglite) return null
  const server = new PGLiteSocketServer({ db: pglite, host, port, maxConnections: 8 })
  try {
    await server.start()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Postgres wire access on ${host}:${port} failed: ${reason}`, { cause: error })
  }
  const actual = server.getServerConn().split(':').pop() ?? String(port)
  return {
    url: `postgresql://postgres:postgres@${host}:${actual}/postgres`,
    close: () => server.stop(),
  }
}
