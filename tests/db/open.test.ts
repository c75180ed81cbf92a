import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../local-supabase/db/open.ts'
import { parseFeedNotice } from '../../local-supabase/realtime/channels.ts'
import { withRole } from '../../local-supabase/roles.ts'
import type { Database } from '../../local-supabase/db/types.ts'

describe('openDatabase (embedded)', () => {
  const opened: Database[] = []
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()))
  })

  it('creates the platform objects and the auth helpers read request.jwt.claims', async () => {
    const db = await openDatabase({ seed: false })
    opened.push(db)
    const uid = '00000000-0000-4000-8000-000000000001'
    const row = await withRole(db, { role: 'authenticated', claims: { sub: uid } }, async (tx) => {
      const { rows } = await tx.query<{ uid: string; role: string; me: string; jwt: unknown }>(
        'select auth.uid() as uid, auth.role() as role, current_user as me, auth.jwt() as jwt',
      )
      return rows[0]
    })
    expect(row).toEqual({
      uid,
      role: 'authenticated',
      me: 'authenticated',
      jwt: { sub: uid, role: 'authenticated' },
    })
    const { rows } = await db.query<{ n: string }>(
      "select pubname as n from pg_publication where pubname = 'supabase_realtime'",
    )
    expect(rows).toHaveLength(1)
  })

  it('realtime.send stores the message and notifies realtime_messages with its id and route', async () => {
    const db = opened[0]!
    const seen: string[] = []
    const stop = await db.listen('realtime_messages', (notice) => seen.push(notice))
    await db.query("select realtime.send('{\"a\":1}'::jsonb, 'ev', 'chat:x y', true)")
    await db.query("select realtime.send('{}'::jsonb, 'ev', 'room', false)")
    await db.query("select realtime.send('{}'::jsonb, 'ev', repeat('t', 4001), true)")
    await expect.poll(() => seen.length).toBe(3)
    const notices = seen.map(parseFeedNotice)
    expect(notices.map((notice) => notice.route)).toEqual(['private:chat:x y', 'public:room', null])
    const { rows } = await db.query<{ topic: string; event: string }>(
      'select topic, event from realtime.messages where id = $1',
      [notices[0]!.id],
    )
    expect(rows).toEqual([{ topic: 'chat:x y', event: 'ev' }])
    const long = await db.query(
      'select 1 from realtime.messages where id = $1 and length(topic) = 4001',
      [notices[2]!.id],
    )
    expect(long.rows).toHaveLength(1)
    await stop()
  })

  it('a data folder PGlite cannot open is named in the error with the way to start again, and left as it is', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'homeward-db-'))
    try {
      await writeFile(path.join(dataDir, 'PG_VERSION'), 'not a database\n')
      const failure = await openDatabase({ dataDir }).catch((error: Error) => error)
      expect(failure).toBeInstanceOf(Error)
      expect((failure as Error).message).toContain(
        `the embedded database in ${dataDir} could not be opened`,
      )
      expect((failure as Error).message).toContain('npm start -- --reset')
      expect(await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('not a database\n')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('a persisted database applies only new migrations on reopen, and seeds only once', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'homeward-db-'))
    const supabaseDir = await mkdtemp(path.join(os.tmpdir(), 'homeward-supabase-'))
    try {
      await mkdir(path.join(supabaseDir, 'migrations'))
      await writeFile(
        path.join(supabaseDir, 'migrations', '20200101000000_first.sql'),
        'create table public.first_table (id int);',
      )
      await writeFile(
        path.join(supabaseDir, 'seed.sql'),
        'insert into public.first_table values (1);',
      )
      const first = await openDatabase({ dataDir, supabaseDir })
      await first.close()
      await writeFile(
        path.join(supabaseDir, 'migrations', '20200102000000_second.sql'),
        'create table public.second_table (id int);',
      )
      const second = await openDatabase({ dataDir, supabaseDir })
      const versions = await second.query<{ version: string; name: string }>(
        'select version, name from supabase_migrations.schema_migrations order by version',
      )
      const seeded = await second.query('select * from public.first_table')
      await second.close()
      expect(versions.rows).toEqual([
        { version: '20200101000000', name: 'first' },
        { version: '20200102000000', name: 'second' },
      ])
      expect(seeded.rows).toHaveLength(1)

      // A squash: the first file is edited and the second folded into it.
      await writeFile(
        path.join(supabaseDir, 'migrations', '20200101000000_first.sql'),
        'create table public.first_table (id int); create table public.second_table (id int);',
      )
      await rm(path.join(supabaseDir, 'migrations', '20200102000000_second.sql'))
      const refusal = await openDatabase({ dataDir, supabaseDir }).catch((error: Error) => error)
      expect(refusal).toBeInstanceOf(Error)
      expect((refusal as Error).message).toContain(
        '20200101000000 (changed since it was applied), 20200102000000 (no longer in supabase/migrations)',
      )
      expect((refusal as Error).message).toContain('npm start -- --reset')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await rm(supabaseDir, { recursive: true, force: true })
    }
  })
})
