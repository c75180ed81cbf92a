/**
 * A new in-memory database starts from a template: PGlite's data folder as it is
 * right after the platform objects and every migration were applied, dumped once and
 * loaded by each later in-memory open. An open then takes ~4 s instead of ~8.5 s
 * (initdb and the migrations), and the test suites open a database per file and per
 * stack.
 *
 * A template is named by a hash of everything that shapes it (PGlite's version, the
 * platform, shim and Storage schema code, the migrations' names and contents), so a
 * change to any of them makes a new one and a template never stands in for a
 * database these files would not create. Persisted databases (dataDir) and Postgres
 * servers never use one.
 */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const templatesDir = path.join(tmpdir(), 'homeward-pglite-templates')

/** The files that create a new database's schema, besides the migrations (open.ts, shims.ts). */
const schemaSources = [
  'open.ts',
  'platform.sql',
  'shims.ts',
  'vault.sql',
  '../cron/cron.sql',
  '../net/net.sql',
  '../storage/schema.ts',
  '../storage/schema.sql',
].map((file) => path.join(here, file))

/** The installed PGlite's version (its package.json, found up from its entry point). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) {
    dir = path.dirname(dir)
  }
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string
  }
  return manifest.version
}

/** Where the template for these migrations is (or will be) kept, and whether it exists. */
export async function templateFor(supabaseDir: string): Promise<{ file: string; exists: boolean }> {
  const hash = createHash('sha256').update(await pgliteVersion())
  const migrationsDir = path.join(supabaseDir, 'migrations')
  const migrations = existsSync(migrationsDir) ? (await readdir(migrationsDir)).sort() : []
  for (const file of [...schemaSources, ...migrations.map((m) => path.join(migrationsDir, m))]) {
    hash.update(`\0${path.relative(here, file)}\0`).update(await readFile(file))
  }
  const file = path.join(templatesDir, `${hash.digest('hex').slice(0, 32)}.tar`)
  return { file, exists: existsSync(file) }
}

/** Templates kept at most: the suites' own, plus a few made for test migrations. */
const KEPT = 4

/** Marks a template as used now, so that making room keeps it. */
export async function touchTemplate(file: string): Promise<void> {
  const now = new Date()
  await utimes(file, now, now).catch(() => undefined)
}

/** Makes room for a new template: only the most recently used others are kept. */
export async function prepareTemplateDir(): Promise<void> {
  await mkdir(templatesDir, { recursive: true })
  const templates = await Promise.all(
    (await readdir(templatesDir))
      .filter((name) => name.endsWith('.tar'))
      .map(async (name) => {
        const file = path.join(templatesDir, name)
        return { file, used: (await stat(file).catch(() => null))?.mtimeMs ?? 0 }
      }),
  )
  templates.sort((a, b) => b.used - a.used)
  for (const { file } of templates.slice(KEPT - 1)) await rm(file, { force: true })
}
