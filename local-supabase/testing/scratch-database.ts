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

/**
 * Opens a database or a stack on a scratch database of its own when the tests
 * run on a server (`open(url)`), or on PGlite (`open(null)`). The scratch
 * database is dropped when what was opened closes, or at once if opening fails.
 */
export async function openOnScratch<T extends { close(): Promise<void> }>(
  open: (databaseUrl: string | null) => Promise<T>,
): Promise<T> {
  const scratch = await scratchDatabase()
  if (!scratch) return open(null)
  try {
    const opened = await open(scratch.url)
    return {
      ...opened,
      close: async () => {
        await opened.close()
        await scratch.drop()
      },
    }
  } catch (error) {
    await scratch.drop()
    throw error
  }
}
