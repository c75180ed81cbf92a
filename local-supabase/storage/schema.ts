/**
 * Creates Supabase Storage's `storage` schema (schema.sql) on a database that
 * lacks it, before the migrations run: a new embedded database, a plain
 * PostgreSQL server, or a local database made before the stack had Storage.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from '../db/types.ts'

const schemaSqlPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.sql')

/** Returns true when the schema was created now. */
export async function ensureStorageSchema(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select to_regclass('storage.objects') is not null as found`,
  )
  if (rows[0]?.found) return false
  const sql = await readFile(schemaSqlPath, 'utf8')
  await db.transaction((tx) => tx.exec(sql))
  return true
}
