/**
 * One session per connection on the embedded database's wire port: superuser
 * clients (node-postgres, as psql would be) query the port while the app's
 * traffic runs (supabase-js as an owner and anonymously, each request under its
 * own role), and every one of them sees its own role, its own results and its
 * own transaction; the app's requests all succeed, under their own roles. On
 * PostgreSQL (DATABASE_URL) there is no wire port of ours: each connection is a
 * backend of its own there by construction, so this file runs on PGlite only.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activatedItem, seededUser } from '../../local-supabase/testing/chat-fixtures.ts'
import { client, startTestStack, type TestStack } from '../../local-supabase/testing/test-stack.ts'
import type { UserClient } from '../../local-supabase/testing/realtime-support.ts'

const onPGlite = !process.env.DATABASE_URL

let stack: TestStack
let owner: UserClient
let dbUrl: string

beforeAll(async () => {
  if (!onPGlite) return
  stack = await startTestStack({}, { dbSocket: true })
  dbUrl = stack.dbUrl ?? ''
  owner = await seededUser(stack)
  for (const name of ['Keys', 'Wallet', 'Umbrella']) await activatedItem(stack, owner.id, name)
  await stack.context.db.exec(
    'create table public.wire_probe (client text not null, n int not null)',
  )
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

/** The app's traffic until `until` settles: owner reads (RLS, role authenticated), anonymous RPCs. */
async function appTraffic(until: Promise<unknown>) {
  const anon = client(stack)
  const problems: string[] = []
  let requests = 0
  let done = false
  void until.finally(() => (done = true))
  const loop = async (fn: () => Promise<string | null>) => {
    while (!done) {
      const problem = await fn()
      requests += 1
      if (problem) problems.push(problem)
    }
  }
  await Promise.all([
    loop(async () => {
      const { data, error } = await owner.client.from('items').select('name').order('name')
      if (error) return `owner items: ${error.message}`
      const names = (data ?? []).map((row: { name: string }) => row.name).join(',')
      return names === 'Keys,Umbrella,Wallet' ? null : `owner items: ${names}`
    }),
    loop(async () => {
      const { data, error } = await anon.rpc('tag_status', { code: 'HWNOTATAG1' })
      return error ? `anon tag_status: ${error.message}` : data === undefined ? 'no data' : null
    }),
    loop(async () => {
      const { error } = await owner.client.from('items').select('id').limit(1).single()
      return error ? `owner single: ${error.message}` : null
    }),
  ])
  return { problems, requests }
}

/** A wire client's work: role, results and a rolled-back transaction, `rounds` times. */
async function wireClient(name: string, rounds: number) {
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  const problems: string[] = []
  const check = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(
        `${name} ${what}: ${JSON.stringify(actual)} (expected ${JSON.stringify(expected)})`,
      )
    }
  }
  try {
    for (let round = 0; round < rounds; round += 1) {
      try {
        check('current_user', (await db.query('select current_user as u')).rows[0]?.u, 'postgres')
        const echo = await db.query('select $1::text as client, $2::int * 2 as twice', [
          name,
          round,
        ])
        check('echo', echo.rows[0], { client: name, twice: round * 2 })
        // a superuser sees every owner's items, whatever role the app's requests run under
        const items = await db.query('select count(*)::int as n from public.items')
        check('items', items.rows[0]?.n, 3)

        await db.query('begin')
        await db.query('insert into public.wire_probe (client, n) values ($1, $2)', [name, round])
        check(
          'own uncommitted row',
          (
            await db.query('select count(*)::int as n from public.wire_probe where client = $1', [
              name,
            ])
          ).rows[0]?.n,
          1,
        )
        check(
          'no one else’s uncommitted rows',
          (
            await db.query('select count(*)::int as n from public.wire_probe where client <> $1', [
              name,
            ])
          ).rows[0]?.n,
          0,
        )
        check(
          'current_user in a transaction',
          (await db.query('select current_user as u')).rows[0]?.u,
          'postgres',
        )
        await db.query('rollback')
        check(
          'rolled back',
          (await db.query('select count(*)::int as n from public.wire_probe')).rows[0]?.n,
          0,
        )
      } catch (error) {
        problems.push(
          `${name} round ${round}: ${error instanceof Error ? error.message : String(error)}`,
        )
        await db.query('rollback').catch(() => undefined)
      }
    }
  } finally {
    await db.end()
  }
  return problems
}

describe.runIf(onPGlite)('the wire port: one session per connection', () => {
  it('superuser clients under app load see their own role, results and transactions', async () => {
    expect(dbUrl).toMatch(/^postgresql:/)
    const clients = Promise.all(
      ['alpha', 'bravo', 'charlie', 'delta'].map((name) => wireClient(name, 25)),
    )
    const [wire, app] = await Promise.all([clients, appTraffic(clients)])
    expect(wire.flat()).toEqual([])
    expect(app.problems).toEqual([])
    expect(app.requests).toBeGreaterThan(20)
  }, 240_000)

  it('a client’s session settings stay its own: a SET ROLE neither leaks to the app nor to other clients', async () => {
    const anonClient = new pg.Client({ connectionString: dbUrl })
    const plain = new pg.Client({ connectionString: dbUrl })
    await anonClient.connect()
    await plain.connect()
    try {
      await anonClient.query('set role anon')
      await anonClient.query(`set application_name = 'wire-test'`)
      for (let i = 0; i < 5; i += 1) {
        const [mine, theirs, app] = await Promise.all([
          anonClient.query(`select current_user as u, current_setting('application_name') as a`),
          plain.query(`select current_user as u, current_setting('application_name') as a`),
          owner.client.from('items').select('name'),
        ])
        expect(mine.rows[0]).toEqual({ u: 'anon', a: 'wire-test' })
        expect(theirs.rows[0]?.u).toBe('postgres')
        expect(theirs.rows[0]?.a).not.toBe('wire-test')
        expect(app.error).toBeNull()
        expect(app.data).toHaveLength(3)
      }
      // the stack's own statements run as the connection's user, not as that client's role
      const { rows } = await stack.context.db.query<{ u: string }>('select current_user as u')
      expect(rows[0]?.u).toBe('postgres')
    } finally {
      await anonClient.end()
      await plain.end()
    }
  })

  it('a client that leaves inside a transaction is rolled back and the app goes on', async () => {
    const leaver = new pg.Client({ connectionString: dbUrl })
    await leaver.connect()
    const marker = randomUUID()
    await leaver.query('begin')
    await leaver.query('insert into public.wire_probe (client, n) values ($1, 1)', [marker])
    // the app waits for the transaction to end, as it would for a row lock
    const pending = owner.client.from('items').select('name')
    await leaver.end()
    const { data, error } = await pending
    expect(error).toBeNull()
    expect(data).toHaveLength(3)
    const { rows } = await stack.context.db.query<{ n: number }>(
      'select count(*)::int as n from public.wire_probe where client = $1',
      [marker],
    )
    expect(rows[0]?.n).toBe(0)
  })
})
