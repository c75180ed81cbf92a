/**
 * Opens the shared database (PGlite, or a real Postgres server with
 * databaseUrl), creates the Supabase platform objects on a new database, then
 * applies supabase/migrations in filename order (recording each in
 * supabase_migrations.schema_migrations, as the Supabase CLI does) and, on a
 * new database, supabase/seed.sql.
 */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { openPGlite, type EmbeddedDatabase } from './pglite-database.ts'
import { withServerLock } from './postgres-admin.ts'
import { openPostgres } from './postgres-database.ts'
import { ensureShims } from './shims.ts'
import { prepareTemplateDir, templateFor, touchTemplate } from './template.ts'
import { ensureStorageSchema } from '../storage/schema.ts'
import type { Database, OpenDatabaseOptions, Queryable } from './types.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const defaultSupabaseDir = path.resolve(here, '../../supabase')
const platformSqlPath = path.join(here, 'platform.sql')

export type Migration = { version: string; name: string; file: string }

/** supabase/migrations/*.sql named `<version>_<name>.sql`, in filename order. */
export async function listMigrations(supabaseDir = defaultSupabaseDir): Promise<Migration[]> {
  const dir = path.join(supabaseDir, 'migrations')
  let files: string[]
  try {
    files = await readdir(dir)
  } catch {
    return []
  }
  return files
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const base = f.slice(0, -'.sql'.length)
      const cut = base.indexOf('_')
      return { version: base.slice(0, cut), name: base.slice(cut + 1), file: path.join(dir, f) }
    })
}

async function hasTable(db: Queryable, qualifiedName: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'select to_regclass($1) is not null as found',
    [qualifiedName],
  )
  return rows[0]?.found === true
}

/**
 * Creates the platform objects unless auth.users already exists (a real
 * Supabase database), Storage's schema unless it exists, and local copies of the extensions the migrations use
 * where the real ones are missing (see shims.ts).
 */
async function ensurePlatform(db: Database): Promise<void> {
  await useSupabaseSearchPath(db)
  if (!(await hasTable(db, 'auth.users'))) {
    const sql = await readFile(platformSqlPath, 'utf8')
    await db.transaction((tx) => tx.exec(sql))
    await ensureShims(db)
    await ensureStorageSchema(db)
    return
  }
  await ensureShims(db)
  await ensureStorageSchema(db)
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );
  `)
}

/**
 * Supabase's `postgres` role finds extensions unqualified: its search_path is
 * `"$user", public, extensions` (supabase/postgres's init scripts), so a seed.sql
 * or migration may call `crypt()` / `gen_salt()` (pgcrypto, in `extensions`)
 * without the schema. The role connecting here gets the same, for its later
 * sessions and for this one; migrations and seed.sql run with it too, whatever
 * session of a pool they land on.
 */
export const SUPABASE_SEARCH_PATH = '"$user", public, extensions'

async function useSupabaseSearchPath(db: Database): Promise<void> {
  await db.exec(`
    do $$ begin
      execute format('alter role %I set search_path to ${SUPABASE_SEARCH_PATH}', current_user);
    end $$;
    set search_path to ${SUPABASE_SEARCH_PATH};
  `)
}

type AppliedMigration = { version: string; statements: string[] | null }

/**
 * Refuses a database migrated with files that are no longer there as they were:
 * a recorded version without a file (as `supabase db push` refuses), or a file
 * edited since this stack applied it (a squash), whose changes would otherwise
 * never reach the database.
 */
function checkAppliedMigrations(applied: AppliedMigration[], files: Map<string, string>): void {
  const stale = applied.flatMap(({ version, statements }) => {
    const sql = files.get(version)
    if (sql === undefined) return [`${version} (no longer in supabase/migrations)`]
    const ours = statements?.length === 1 ? statements[0] : undefined
    return ours !== undefined && ours !== sql ? [`${version} (changed since it was applied)`] : []
  })
  if (stale.length === 0) return
  throw new Error(
    `the database was migrated with migrations that are not in supabase/migrations as they are now: ` +
      `${stale.join(', ')}. \`npm start -- --reset\` (or \`npm run stack -- --reset\`) starts again ` +
      'from an empty database with the current migrations',
  )
}

/** Applies the migrations not yet recorded; returns the versions applied now. */
export async function applyMigrations(
  db: Database,
  supabaseDir = defaultSupabaseDir,
): Promise<string[]> {
  const { rows } = await db.query<AppliedMigration>(
    'select version, statements from supabase_migrations.schema_migrations',
  )
  const migrations = await listMigrations(supabaseDir)
  const files = new Map<string, string>()
  for (const migration of migrations) {
    files.set(migration.version, await readFile(migration.file, 'utf8'))
  }
  checkAppliedMigrations(rows, files)
  const done = new Set(rows.map((r) => r.version))
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    const sql = files.get(migration.version)!
    try {
      await db.transaction(async (tx) => {
        await tx.exec(`set local search_path to ${SUPABASE_SEARCH_PATH}`)
        await tx.exec(sql)
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        )
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${reason}`, {
        cause: error,
      })
    }
    applied.push(migration.version)
  }
  return applied
}

/** Runs supabase/seed.sql if it exists. */
export async function applySeed(db: Database, supabaseDir = defaultSupabaseDir): Promise<void> {
  let sql: string
  try {
    sql = await readFile(path.join(supabaseDir, 'seed.sql'), 'utf8')
  } catch {
    return
  }
  try {
    await db.transaction(async (tx) => {
      await tx.exec(`set local search_path to ${SUPABASE_SEARCH_PATH}`)
      await tx.exec(sql)
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`seed.sql failed: ${reason}`, { cause: error })
  }
}

/**
 * PGlite, in memory or in dataDir. A data folder it cannot open (damaged, or
 * written by another PGlite version) is named in the error, with the way to
 * start again; the folder itself is left as it is.
 */
async function openEmbedded(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  try {
    return await openPGlite({ dataDir })
  } catch (error) {
    if (!dataDir) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `the embedded database in ${dataDir} could not be opened (${reason}). ` +
        '`npm start -- --reset` (or `npm run stack -- --reset`) starts again from an ' +
        'empty database, deleting that folder',
      { cause: error },
    )
  }
}

export type OpenDatabaseExtraOptions = OpenDatabaseOptions & {
  /** Folder holding migrations/ and seed.sql (default: the repository's supabase/). */
  supabaseDir?: string
}

export async function openDatabase(options: OpenDatabaseExtraOptions = {}): Promise<Database> {
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir
  if (!options.databaseUrl && !options.dataDir) return openInMemory(options, supabaseDir)
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openEmbedded(options.dataDir)
  const setUp = async () => {
    const isNew = await setUpSchema(db, supabaseDir)
    if (isNew && options.seed !== false) await applySeed(db, supabaseDir)
  }
  try {
    // Roles are server-wide: databases of one server are set up one at a time.
    if (options.databaseUrl) await withServerLock(options.databaseUrl, setUp)
    else await setUp()
    return db
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
}

/** The platform objects and the migrations; true when the database was new. */
async function setUpSchema(db: Database, supabaseDir: string): Promise<boolean> {
  await ensurePlatform(db)
  const { rows } = await db.query<{ count: number | string }>(
    'select count(*)::int as count from supabase_migrations.schema_migrations',
  )
  await applyMigrations(db, supabaseDir)
  return Number(rows[0]?.count ?? 0) === 0
}

/**
 * PGlite in memory, from the template of these migrations when there is one
 * (template.ts); otherwise migrated here, and then kept as the template.
 */
async function openInMemory(
  options: OpenDatabaseExtraOptions,
  supabaseDir: string,
): Promise<Database> {
  const template = await templateFor(supabaseDir)
  if (template.exists) await touchTemplate(template.file)
  // A template that cannot be loaded is made again below.
  const db = template.exists
    ? await openPGlite({ template: template.file }).catch(() => openPGlite())
    : await openPGlite()
  try {
    const isNew = await setUpSchema(db, supabaseDir)
    if (isNew) await keepAsTemplate(db, template.file)
    // A template is migrated but never seeded.
    if (options.seed !== false) await applySeed(db, supabaseDir)
    return db
  } catch (error) {
    await db.close().catch(() => undefined)
    throw error
  }
}

async function keepAsTemplate(db: EmbeddedDatabase, file: string): Promise<void> {
  try {
    await prepareTemplateDir()
    await db.dumpTo(file)
  } catch {
    // Only an optimisation: the next in-memory open migrates again and tries again.
  }
}
