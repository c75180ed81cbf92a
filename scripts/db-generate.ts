/**
 * npm run db:generate — applies supabase/migrations to a new in-memory database
 * (no seed) and writes what is generated from it:
 *   supabase/schema.sql           the schema snapshot (scripts/lib/schema-snapshot.ts)
 *   src/types/database.types.ts   the database types (scripts/lib/database-types.ts)
 * With --check it writes nothing and exits 1 when either file is stale (CI).
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../local-supabase/db/open.ts'
import { databaseTypes } from './lib/database-types.ts'
import { schemaSnapshot } from './lib/schema-snapshot.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const schemaFile = path.join(root, 'supabase/schema.sql')
const typesFile = path.join(root, 'src/types/database.types.ts')

async function generate(): Promise<Map<string, string>> {
  const db = await openDatabase({ seed: false })
  try {
    return new Map([
      [typesFile, await databaseTypes(db, typesFile)],
      [schemaFile, await schemaSnapshot(db)],
    ])
  } finally {
    await db.close()
  }
}

async function main(): Promise<void> {
  const files = await generate()
  const check = process.argv.includes('--check')
  const stale: string[] = []
  for (const [file, text] of files) {
    const name = path.relative(root, file)
    const current = await readFile(file, 'utf8').catch(() => null)
    if (current === text) {
      console.log(`${name} is up to date`)
    } else if (check) {
      stale.push(name)
    } else {
      await writeFile(file, text)
      console.log(`Wrote ${name}`)
    }
  }
  if (stale.length) {
    console.error(
      `${stale.join(' and ')} ${stale.length > 1 ? 'are' : 'is'} out of date: run npm run db:generate and commit the result`,
    )
    process.exit(1)
  }
}

await main()
