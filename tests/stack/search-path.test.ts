/**
 * The role the stack connects as finds extensions unqualified, as Supabase's
 * `postgres` role does (search_path `"$user", public, extensions`): a migration
 * or seed.sql calling pgcrypto's `gen_salt()` / `crypt()` without `extensions.`
 * runs, on PGlite and (DATABASE_URL) PostgreSQL alike.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../local-supabase/db/open.ts'
import type { Database } from '../../local-supabase/db/types.ts'
import { openOnScratch } from '../../local-supabase/testing/scratch-database.ts'

let dir: string
let db: Database

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'homeward-search-path-'))
  await mkdir(join(dir, 'migrations'))
  await writeFile(
    join(dir, 'migrations', '20260101000000_staff.sql'),
    `create table public.staff (email text primary key, password_hash text not null);
     create function public.staff_password_ok(who text, password text) returns boolean
       language sql stable as $$
         select exists (select 1 from public.staff s
                         where s.email = who and s.password_hash = crypt(password, s.password_hash))
       $$;`,
  )
  await writeFile(
    join(dir, 'seed.sql'),
    `insert into public.staff (email, password_hash)
     values ('desk@example.test', crypt('front-desk-1', gen_salt('bf', 4)));`,
  )
  db = await openOnScratch((databaseUrl) =>
    openDatabase({ supabaseDir: dir, ...(databaseUrl ? { databaseUrl } : {}) }),
  )
}, 180_000)

afterAll(async () => {
  await db?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe("the connecting role's search_path", () => {
  it('runs a migration and a seed.sql that call crypt() and gen_salt() unqualified', async () => {
    const { rows } = await db.query<{ ok: boolean; wrong: boolean }>(
      `select public.staff_password_ok('desk@example.test', 'front-desk-1') as ok,
              public.staff_password_ok('desk@example.test', 'guess') as wrong`,
    )
    expect(rows[0]).toEqual({ ok: true, wrong: false })
  })

  it('is set on the role as Supabase sets it on postgres', async () => {
    const { rows } = await db.query<{ config: string[] | null }>(
      `select s.setconfig as config from pg_db_role_setting s
         join pg_roles r on r.oid = s.setrole
        where r.rolname = current_user and s.setdatabase = 0`,
    )
    expect(rows[0]?.config).toContain('search_path="$user", public, extensions')
  })
})
