/**
 * What the stack and the tests do to a real Postgres server beside running SQL
 * in its database: serialise setup across databases of one server, drop and
 * recreate a database (`npm run stack -- --reset`), and make throw-away
 * databases for tests.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { quoteIdent } from '../sql-ident.ts'

/** The database named in a URL, and a URL of the same server's maintenance database. */
export function parseDatabaseUrl(databaseUrl: string): { database: string; adminUrl: string } {
  const url = new URL(databaseUrl)
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres'
  const admin = new URL(databaseUrl)
  admin.pathname = `/${database === 'postgres' ? 'template1' : 'postgres'}`
  return { database, adminUrl: admin.toString() }
}

function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl)
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

async function withAdmin<T>(
  databaseUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: parseDatabaseUrl(databaseUrl).adminUrl })
  client.on('error', () => undefined)
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Runs fn while holding a server-wide advisory lock (taken in the maintenance
 * database), so databases set up side by side do not race on the server's
 * roles. Without access to the maintenance database, fn runs unlocked.
 */
export async function withServerLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  let client: pg.Client | null = new pg.Client({
    connectionString: parseDatabaseUrl(databaseUrl).adminUrl,
  })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query(`select pg_advisory_lock(hashtext('local-supabase platform'))`)
  } catch {
    await client.end().catch(() => undefined)
    client = null
  }
  try {
    return await fn()
  } finally {
    if (client) {
      await client
        .query(`select pg_advisory_unlock(hashtext('local-supabase platform'))`)
        .catch(() => undefined)
      await client.end().catch(() => undefined)
    }
  }
}

/** DROP DATABASE … WITH (FORCE), then CREATE DATABASE: what --reset does with DATABASE_URL. */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  const { database } = parseDatabaseUrl(databaseUrl)
  await withAdmin(databaseUrl, async (client) => {
    await client.query(`drop database if exists ${quoteIdent(database)} with (force)`)
    await client.query(`create database ${quoteIdent(database)} template template0`)
  })
}

/** A new, empty database on the same server; drop() removes it. */
export async function createScratchDatabase(
  databaseUrl: string,
  prefix = 'homeward_test',
): Promise<{ url: string; database: string; drop(): Promise<void> }> {
  const database = `${prefix}_${randomBytes(6).toString('hex')}`
  // template0 takes no connections, so databases made side by side never wait on one another.
  await withAdmin(databaseUrl, (client) =>
    client.query(`create database ${quoteIdent(database)} template template0`),
  )
  return {
    url: withDatabase(databaseUrl, database),
    database,
    drop: () =>
      withAdmin(databaseUrl, async (client) => {
        await client.query(`drop database if exists ${quoteIdent(database)} with (force)`)
      }),
  }
}
