/**
 * With DATABASE_URL set (scripts/test-postgres.sh), the database and stack
 * tests run against that PostgreSQL server: each test file gets a database of
 * its own, created empty and dropped when closed. Without it they use PGlite.
 */
import { createScratchDatabase } from '../db/postgres-admin.ts'

export type ScratchDatabase = { url: string; drop(): Promise<void> }

/** A fresh database on the DATABASE_URL server, or null when the tests run on PGlite. */
export async function scratchDatabase(): Promise<ScratchDatabase | null> {
  const serverUrl = process.env.DATABASE_URL?.trim()
  if (!serverUrl) return null
  return createScratchDatabase(serverUrl)
}
