/**
 * Transactions on the embedded database's thread (pglite-database.ts): BEGIN
 * and the prelude travel with the first statement, the queue lets the next
 * job follow a COMMIT without waiting for its answer, a single statement takes
 * its COMMIT along, and none of that may change what a transaction means.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPGlite, type EmbeddedDatabase } from '../../local-supabase/db/pglite-database.ts'

describe('transactions on the embedded database', () => {
  let db: EmbeddedDatabase
  beforeAll(async () => {
    db = await openPGlite()
    await db.exec(`
      create table items (id int primary key, note text not null);
      create table checked (id int constraint unique_at_commit unique deferrable initially deferred);
      create table entries (n int not null);
    `)
  })
  afterAll(async () => {
    await db.close()
  })

  const count = async (table: string) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n)

  it('runs the prelude before the first statement, inside the transaction', async () => {
    const seen = await db.transaction(
      async (tx) =>
        (await tx.query<{ odd: string }>(`select current_setting('request.odd') as odd`)).rows[0],
      { prelude: { sql: `select set_config('request.odd', 'from the prelude', true)` } },
    )
    expect(seen).toEqual({ odd: 'from the prelude' })
    const after = await db.query<{ odd: string | null }>(
      `select current_setting('request.odd', true) as odd`,
    )
    expect(after.rows[0]?.odd ?? '').toBe('')
  })

  it('commits a prelude with parameters even when fn sends no statement', async () => {
    await db.transaction(async () => undefined, {
      prelude: { sql: 'insert into items (id, note) values ($1, $2)', params: [1, 'prelude only'] },
    })
    const { rows } = await db.query('select note from items where id = 1')
    expect(rows).toEqual([{ note: 'prelude only' }])
  })

  it('rolls everything back when the prelude fails, and the next transaction runs', async () => {
    await expect(
      db.transaction(
        async (tx) => {
          await tx.query('insert into items (id, note) values (2, $1)', ['never'])
        },
        { prelude: { sql: 'select no_such_function()' } },
      ),
    ).rejects.toThrow(/no_such_function/)
    expect(await count('items where id = 2')).toBe(0)
    await db.transaction((tx) => tx.exec(`insert into items (id, note) values (3, 'after')`))
    expect(await count('items where id = 3')).toBe(1)
  })

  it('rolls back what fn wrote when fn throws, and when fn throws before any statement', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`insert into items (id, note) values (4, 'written')`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await expect(
      db.transaction(async () => {
        throw new Error('before anything')
      }),
    ).rejects.toThrow('before anything')
    expect(await count('items where id = 4')).toBe(0)
    expect(await count('items where id = 3')).toBe(1)
  })

  it("serves statements sent together before BEGIN's answer, in order", async () => {
    const notes = await db.transaction(async (tx) => {
      const writes = [5, 6, 7].map((id) =>
        tx.query('insert into items (id, note) values ($1, $2) returning note', [id, `n${id}`]),
      )
      const results = await Promise.all(writes)
      return results.map((result) => result.rows[0]?.note)
    })
    expect(notes).toEqual(['n5', 'n6', 'n7'])
    expect(await count('items where id between 5 and 7')).toBe(3)
  })

  it("reports an error raised at COMMIT to that transaction's caller, not the next one's", async () => {
    let inserted = 0
    const failing = db.transaction(async (tx) => {
      inserted = (await tx.query('insert into checked (id) values (1), (1)')).affectedRows ?? 0
    })
    const next = db.transaction((tx) => tx.query('select 1 as one'))
    await expect(failing).rejects.toMatchObject({ code: '23505' })
    expect(inserted).toBe(2) // the statement itself went through: the error is COMMIT's
    await expect(next).resolves.toMatchObject({ rows: [{ one: 1 }] })
    expect(await count('checked')).toBe(0)
  })

  it('reads a statement with text parameters in a transaction as it does outside one', async () => {
    const sql = `select $1::int + 1 as n, $2::text as nothing, $3::jsonb as doc, $4::timestamptz as at,
                        $5::uuid as id, $6::boolean as yes, $7::numeric as amount, $8::int[] as list,
                        $9::text as awkward`
    const params = [
      '41',
      null,
      '{"a": [1, "b"]}',
      '2026-11-23T12:00:00Z',
      '6f9619ff-8b86-d011-b42d-00c04fc964ff',
      'true',
      '12.50',
      '{1,2,3}',
      `it's "quoted" \\ and ünïcødé`,
    ]
    const outside = await db.query(sql, params)
    const inside = await db.transaction((tx) => tx.query(sql, params))
    expect(inside.rows).toEqual(outside.rows)
    expect(inside.fields).toEqual(outside.fields)
    expect(inside.rows[0]).toMatchObject({ n: 42, nothing: null, doc: { a: [1, 'b'] }, yes: true })
  })

  it("keeps a failed statement's Postgres fields in a transaction", async () => {
    const failure = db.transaction((tx) =>
      tx.query('insert into items (id, note) values ($1, $2)', ['not a number', 'x']),
    )
    await expect(failure).rejects.toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "not a number"',
    })
    const missing = db.transaction((tx) => tx.query('insert into items (id) values ($1)', ['8']))
    await expect(missing).rejects.toMatchObject({ code: '23502', column: 'note', table: 'items' })
  })

  it('keeps back-to-back transactions apart: each sees its own writes and the ones committed before', async () => {
    const seen = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.query('insert into entries (n) values ($1)', [i])
          const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from entries')
          return rows[0]!.n
        }),
      ),
    )
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  })

  describe('a reusable statement (kept prepared)', () => {
    const reusable = { reusable: true }
    const prepared = async () =>
      Number(
        (await db.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`))
          .rows[0]!.n,
      )

    it('answers as an ordinary statement does, prepared once however often it runs', async () => {
      const sql = `select count(*)::int as n, $1::text as label from items where id > $2::int`
      const before = await prepared()
      for (const [label, above] of [
        ['a', '0'],
        ['b', '5'],
        ['c', '100'],
      ] as const) {
        const plain = await db.transaction((tx) => tx.query(sql, [label, above]))
        const reused = await db.transaction((tx) => tx.query(sql, [label, above], reusable))
        expect(reused.rows).toEqual(plain.rows)
        expect(reused.fields).toEqual(plain.fields)
      }
      expect(await prepared()).toBe(before + 1)
    })

    it('sees a table changed after it was prepared', async () => {
      await db.exec(`create table shelf (id int)`)
      const sql = `select count(*)::int as n, coalesce(json_agg(s), '[]')::text as body from shelf s where id >= $1::int`
      const read = async () =>
        (await db.transaction((tx) => tx.query<{ n: number; body: string }>(sql, ['0'], reusable)))
          .rows[0]
      await db.exec(`insert into shelf values (1)`)
      expect(await read()).toEqual({ n: 1, body: '[{"id":1}]' })
      await db.exec(`alter table shelf add column label text default 'new'`)
      expect(await read()).toEqual({ n: 1, body: '[{"id":1,"label":"new"}]' })
    })

    it('keeps a failed statement from spoiling the next call of the same text', async () => {
      const sql = `select (100 / $1::int)::int as n`
      await expect(db.transaction((tx) => tx.query(sql, ['0'], reusable))).rejects.toMatchObject({
        code: '22012',
      })
      await expect(db.transaction((tx) => tx.query(sql, ['4'], reusable))).resolves.toMatchObject({
        rows: [{ n: 25 }],
      })
      await expect(
        db.transaction((tx) =>
          tx.query(`select no_such_column from items where id = $1`, ['1'], reusable),
        ),
      ).rejects.toMatchObject({ code: '42703' })
    })

    it('is parsed afresh after a wire client deallocates it', async () => {
      const sql = `select $1::text || '!' as shout`
      await db.transaction((tx) => tx.query(sql, ['hey'], reusable))
      await db.exec('deallocate all')
      // the first call after finds its name gone and fails; the next prepares it again
      await expect(db.transaction((tx) => tx.query(sql, ['lost'], reusable))).rejects.toMatchObject(
        { code: '26000' },
      )
      await expect(
        db.transaction((tx) => tx.query(sql, ['again'], reusable)),
      ).resolves.toMatchObject({ rows: [{ shout: 'again!' }] })
    })

    it('keeps only the 200 used last', async () => {
      for (let i = 0; i < 210; i++) {
        await db.transaction((tx) => tx.query(`select $1::int + ${i} as n`, ['1'], reusable))
      }
      expect(await prepared()).toBeLessThanOrEqual(200)
      const { rows } = await db.transaction((tx) =>
        tx.query(`select $1::int + 0 as n`, ['1'], reusable),
      )
      expect(rows).toEqual([{ n: 1 }])
    })
  })

  describe('a single-statement transaction (committed with its statement)', () => {
    const single = { singleStatement: true }

    it('commits its statement, after the prelude, in the same transaction', async () => {
      const { rows } = await db.transaction(
        (tx) =>
          tx.query<{ note: string }>(
            `insert into items (id, note) values (20, current_setting('request.note')) returning note`,
          ),
        { ...single, prelude: { sql: `select set_config('request.note', 'single', true)` } },
      )
      expect(rows).toEqual([{ note: 'single' }])
      const after = await db.query(`select note, current_setting('request.note', true) as setting
                                      from items where id = 20`)
      expect(after.rows).toEqual([{ note: 'single', setting: '' }])
    })

    it('rolls back the prelude and the statement when the statement fails, and the next job runs', async () => {
      const failure = db.transaction(
        (tx) => tx.query('insert into items (id, note) values ($1, null)', ['22']),
        { ...single, prelude: { sql: `insert into items (id, note) values (21, 'prelude')` } },
      )
      const next = db.transaction((tx) => tx.query('select 1 as one'), single)
      await expect(failure).rejects.toMatchObject({ code: '23502' })
      await expect(next).resolves.toMatchObject({ rows: [{ one: 1 }] })
      expect(await count('items where id in (21, 22)')).toBe(0)
    })

    it("reports an error raised at COMMIT to that transaction's caller, not the next one's", async () => {
      const failing = db.transaction(
        (tx) => tx.query('insert into checked (id) values (2), (2)'),
        single,
      )
      const next = db.transaction((tx) => tx.query('select 2 as two'), single)
      await expect(failing).rejects.toMatchObject({ code: '23505' })
      await expect(next).resolves.toMatchObject({ rows: [{ two: 2 }] })
      expect(await count('checked where id = 2')).toBe(0)
    })

    it('refuses a second statement', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into items (id, note) values (23, 'first')`)
          await tx.query(`insert into items (id, note) values (24, 'second')`)
        }, single),
      ).rejects.toThrow('a single-statement transaction sends one statement')
      expect(await count('items where id = 24')).toBe(0)
    })

    it('rolls back a statement that ends past its deadline and fails it with 57014', async () => {
      const late = db.transaction(
        (tx) => tx.query(`insert into items (id, note) values (25, 'too late')`),
        { ...single, deadline: Date.now() - 1 },
      )
      await expect(late).rejects.toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      })
      expect(await count('items where id = 25')).toBe(0)
      await db.transaction(
        (tx) => tx.query(`insert into items (id, note) values (26, 'in time')`),
        { ...single, deadline: Date.now() + 60_000 },
      )
      expect(await count('items where id = 26')).toBe(1)
    })

    it('lets the queue go on while the thread has at most one other to run first', async () => {
      const events: string[] = []
      const slow = db
        .transaction((tx) => tx.query('select pg_sleep(0.2)'), single)
        .then(() => events.push('first answered'))
      const second = db
        .transaction((tx) => tx.query('select 2 as n'), single)
        .then(() => events.push('second answered'))
      const third = db.transaction(async (tx) => {
        events.push('third began')
        await tx.query('select 3 as n')
      })
      await Promise.all([slow, second, third])
      // the second went to the thread behind the first; the third waited in the queue
      expect(events.indexOf('first answered')).toBeLessThan(events.indexOf('third began'))
    })

    it('does not run a statement that reaches the thread past its deadline', async () => {
      const slow = db.transaction((tx) => tx.query('select pg_sleep(0.2)'), single)
      const late = db.transaction(
        (tx) => tx.query(`insert into items (id, note) values (28, 'late') returning pg_sleep(0)`),
        { ...single, deadline: Date.now() + 50 },
      )
      await slow
      await expect(late).rejects.toMatchObject({ code: '57014' })
      expect(await count('items where id = 28')).toBe(0)
    })

    it('is not touched by a failing statement queued right behind it', async () => {
      const insert = db.transaction(
        (tx) => tx.query(`insert into items (id, note) values (27, 'kept')`),
        single,
      )
      const failing = db.query('select 1 / 0')
      await expect(failing).rejects.toMatchObject({ code: '22012' })
      await insert
      expect(await count('items where id = 27')).toBe(1)
    })

    it('keeps back-to-back transactions apart when single and ordinary ones alternate', async () => {
      await db.exec('delete from entries')
      const seen = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? db
                .transaction(
                  (tx) =>
                    tx.query<{ n: number }>(
                      `with added as (insert into entries (n) values ($1) returning n)
                       select (select count(*)::int from entries) + 1 as n`,
                      [i],
                    ),
                  single,
                )
                .then(({ rows }) => rows[0]!.n)
            : db.transaction(async (tx) => {
                await tx.query('insert into entries (n) values ($1)', [i])
                const { rows } = await tx.query<{ n: number }>(
                  'select count(*)::int as n from entries',
                )
                return rows[0]!.n
              }),
        ),
      )
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    })
  })
})
