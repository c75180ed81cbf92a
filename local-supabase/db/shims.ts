/**
 * Supabase extensions our migrations use that a bare database lacks: pg_cron,
 * pg_net and Vault. Where the real extension cannot be used (PGlite, a plain
 * PostgreSQL server), a same-shaped local copy is created before the
 * migrations run; the local stack then runs the cron jobs and sends the queued
 * HTTP requests itself (local-supabase/cron, local-supabase/net).
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import type { Database, Queryable } from './types.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

type Shim = { schema: string; extension: string; file: string }

const SHIMS: Shim[] = [
  { schema: 'cron', extension: 'pg_cron', file: path.join(here, '../cron/cron.sql') },
  { schema: 'net', extension: 'pg_net', file: path.join(here, '../net/net.sql') },
  { schema: 'vault', extension: 'supabase_vault', file: path.join(here, 'vault.sql') },
]

export const SHIM_COMMENT_PREFIX = 'local-supabase shim'

/** True when the extension is installed, or can be (background-worker extensions must be preloaded). */
async function realExtensionUsable(db: Queryable, shim: Shim): Promise<boolean> {
  const { rows } = await db.query<{ available: boolean; preload: string | null }>(
    `select exists (select 1 from pg_available_extensions where name = $1) as available,
            current_setting('shared_preload_libraries', true) as preload`,
    [shim.extension],
  )
  const row = rows[0]
  if (!row?.available) return false
  if (shim.extension === 'supabase_vault') return true
  return (row.preload ?? '').split(',').some((lib) => lib.trim() === shim.extension)
}

/** Creates the local copies a database needs; returns the schemas created now. */
export async function ensureShims(db: Database): Promise<string[]> {
  const created: string[] = []
  for (const shim of SHIMS) {
    const { rows } = await db.query<{ exists: boolean }>(
      'select to_regnamespace($1) is not null as exists',
      [shim.schema],
    )
    if (rows[0]?.exists) continue
    if (await realExtensionUsable(db, shim)) continue
    const sql = await readFile(shim.file, 'utf8')
    await db.transaction((tx) => tx.exec(sql))
    created.push(shim.schema)
  }
  return created
}

/** Whether `schema` is one of the local copies (so the stack, not an extension, works it off). */
export async function isShim(db: Queryable, schema: string): Promise<boolean> {
  const { rows } = await db.query<{ comment: string | null }>(
    `select obj_description(to_regnamespace($1), 'pg_namespace') as comment`,
    [schema],
  )
  return rows[0]?.comment?.startsWith(SHIM_COMMENT_PREFIX) === true
}
