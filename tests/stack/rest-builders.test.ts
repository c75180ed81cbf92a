/**
 * The REST plan-to-SQL builders, request parsing and the request deadline,
 * without a stack: identifiers quoted and checked against the schema cache,
 * values only as parameters, PostgREST's choices (upsert, overloads, unnamed
 * parameters, negotiation) made before any SQL runs.
 */
import { describe, expect, it } from 'vitest'
import type { Database, Queryable, TransactionOptions } from '../../local-supabase/db/types.ts'
import { buildCall } from '../../local-supabase/rest/call.ts'
import { transactionWithin, type Timers } from '../../local-supabase/rest/deadline.ts'
import { RestError } from '../../local-supabase/rest/errors.ts'
import {
  buildMutation,
  deleteMutation,
  insertMutation,
  updateMutation,
} from '../../local-supabase/rest/mutate.ts'
import { chooseFunction, type CallRequest } from '../../local-supabase/rest/find-function.ts'
import {
  planCall,
  planMutation,
  planRead,
  type MutationInput,
} from '../../local-supabase/rest/plan.ts'
import { negotiate } from '../../local-supabase/rest/negotiate.ts'
import { parseCast } from '../../local-supabase/rest/parse.ts'
import { parsePrefer } from '../../local-supabase/rest/prefer.ts'
import { parseQuery, RESERVED } from '../../local-supabase/rest/query.ts'
import { buildRead } from '../../local-supabase/rest/read.ts'
import type {
  DbFunction,
  FunctionArg,
  Relation,
  SchemaCache,
} from '../../local-supabase/rest/schema-cache.ts'

const users: Relation = {
  schema: 'public',
  name: 'users',
  kind: 'r',
  columns: ['username', 'status', 'age'],
  primaryKey: ['username'],
  uniques: [['username']],
}
const messages: Relation = {
  schema: 'public',
  name: 'messages',
  kind: 'r',
  columns: ['id', 'message', 'username'],
  primaryKey: ['id'],
  uniques: [['id']],
}
const userView: Relation = { ...users, name: 'user_view', kind: 'v' }

const arg = (name: string, type: string, hasDefault = false): FunctionArg => ({
  name,
  type,
  isArray: type.endsWith('[]'),
  category: type === 'boolean' ? 'B' : 'S',
  hasDefault,
})
const fn = (name: string, args: FunctionArg[], more: Partial<DbFunction> = {}): DbFunction => ({
  schema: 'public',
  name,
  args,
  returnsSet: false,
  returnType: 'text',
  returnKind: 'b',
  isVoid: false,
  volatile: true,
  callable: true,
  ...more,
})

const cache: SchemaCache = {
  relations: new Map([
    ['public.users', users],
    ['public.messages', messages],
    ['public.user_view', userView],
  ]),
  foreignKeys: [
    {
      name: 'messages_username_fkey',
      schema: 'public',
      table: 'messages',
      columns: ['username'],
      refSchema: 'public',
      refTable: 'users',
      refColumns: ['username'],
    },
  ],
  functions: new Map([
    ['public.pick', [fn('pick', [arg('a', 'integer')]), fn('pick', [arg('a', 'text')])]],
    ['public.shout', [fn('shout', [arg('', 'text')])]],
    ['public.echo', [fn('echo', [arg('', 'json')], { returnType: 'json' })]],
    ['public.label', [fn('label', [arg('', 'users')])]],
    ['public.ages', [fn('ages', [], { returnsSet: true, returnType: 'integer' })]],
    ['public.touch', [fn('touch', [arg('id', 'integer')], { isVoid: true, returnType: 'void' })]],
  ]),
}

function expectRestError(run: () => unknown, status: number, code: string) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(RestError)
    expect(error).toMatchObject({ status, code })
    return error as RestError
  }
  throw new Error(`expected ${status} ${code}`)
}

const query = (text: string) => parseQuery(new URLSearchParams(text))

describe('buildRead', () => {
  const read = (text: string, stripNulls = false) =>
    buildRead(
      planRead({
        cache,
        schema: 'public',
        relation: users,
        query: query(text),
        maxRows: 1000,
        stripNulls,
      }),
    )

  it('quotes identifiers, passes values as parameters and caps the page at max rows', () => {
    const { page, count } = read(
      'select=username,age::text&status=eq.x%27y&order=age.desc&limit=5000',
    )
    expect(page.sql).toContain('_t0."age"::text as "age"')
    expect(page.sql).toContain('_t0."status" = $1')
    expect(page.sql).toContain('order by _t0."age" desc')
    expect(page.sql).toContain('limit 1000')
    expect(page.params).toEqual(["x'y"])
    expect(count.sql).toBe('select 1 from "public"."users" as _t0 where _t0."status" = $1')
  })

  it('checks every column against the schema cache', () => {
    expect(expectRestError(() => read('select=nope'), 400, '42703').message).toBe(
      'column users.nope does not exist',
    )
    expectRestError(() => read('nope=eq.1'), 400, '42703')
    expectRestError(() => read('order=nope'), 400, '42703')
    const computed = expectRestError(() => read('select=label'), 400, 'PGRST100')
    expect(computed.message).toContain('not supported by the local Supabase stack')
  })

  it('omits an empty embed but keeps its !inner condition, and strips nulls on request', () => {
    const built = buildRead(
      planRead({
        cache,
        schema: 'public',
        relation: messages,
        query: query('select=message,users!inner()&users.status=eq.ONLINE'),
        maxRows: 1000,
        stripNulls: true,
      }),
    )
    expect(built.page.sql).not.toContain('as "users"')
    expect(built.page.sql).toContain('exists (select 1 from "public"."users" as _t1')
    expect(built.page.sql).toContain('json_strip_nulls(')
  })
})

describe('query parsing', () => {
  it('refuses two embeds with one name and options for a missing embed', () => {
    // checked by the plan, which knows the parent: PostgREST's alias is <parent>_<embed>_1
    const planned = (text: string) => () =>
      planRead({
        cache,
        schema: 'public',
        relation: messages,
        query: query(text),
        maxRows: 1000,
        stripNulls: false,
      })
    const twice = expectRestError(planned('select=users(username),users(status)'), 400, '42712')
    expect(twice.message).toBe('table name "messages_users_1" specified more than once')
    expectRestError(planned('select=id&users.status=eq.x'), 400, 'PGRST108')
  })

  it('allows only listed casts', () => {
    expect(parseCast('TIMESTAMPTZ')).toBe('timestamptz')
    expect(parseCast('double   precision')).toBe('double precision')
    expect(parseCast('int[]')).toBe('int[]')
    for (const bad of ['text) from x --', 'regclass', 'text;', 'pg_catalog.text', ''])
      expectRestError(() => parseCast(bad), 400, 'PGRST100')
  })
})

describe('mutations', () => {
  const plan = (more: Partial<MutationInput>): MutationInput => ({
    cache,
    schema: 'public',
    relation: users,
    query: query(''),
    prefer: parsePrefer('return=representation'),
    stripNulls: false,
    ...more,
  })

  const planPost = (more: Partial<MutationInput>) => planMutation(plan(more), 'POST')
  const planPatch = (more: Partial<MutationInput>) => planMutation(plan(more), 'PATCH')
  const planDelete = (more: Partial<MutationInput>) => planMutation(plan(more), 'DELETE')

  it('updates the conflict column itself when the upsert body holds nothing else', () => {
    const mutation = insertMutation(
      planPost({ prefer: parsePrefer('resolution=merge-duplicates'), body: { username: 'alice' } }),
    )
    expect(mutation.sql).toContain(
      'on conflict ("username") do update set "username" = excluded."username"',
    )
    expect(mutation.tracksInserts).toBe(true)
    expect(buildMutation(planDelete({}), mutation).sql).toContain('(_t0.xmax = 0) as _ins')
  })

  it('tells inserts apart only on tables (views have no xmax)', () => {
    const onView = insertMutation(
      planPost({
        relation: userView,
        prefer: parsePrefer('resolution=merge-duplicates'),
        body: { username: 'a', status: 'x' },
      }),
    )
    expect(onView.tracksInserts).toBe(false)
    expect(buildMutation(planDelete({}), onView).sql).toContain('true as _ins')
  })

  it('ignores duplicates with do nothing and refuses unknown columns', () => {
    const ignore = insertMutation(
      planPost({ prefer: parsePrefer('resolution=ignore-duplicates'), body: [{ username: 'a' }] }),
    )
    expect(ignore.sql).toContain('on conflict ("username") do nothing')
    expectRestError(() => insertMutation(planPost({ body: { nope: 1 } })), 400, 'PGRST204')
    expectRestError(
      () =>
        insertMutation(
          planPost({
            prefer: parsePrefer('resolution=merge-duplicates'),
            body: { username: 'a' },
            onConflict: 'nope',
          }),
        ),
      400,
      '42703',
    )
  })

  it('builds update and delete with checked filters; an empty PATCH changes nothing', () => {
    const update = updateMutation(planPatch({ body: { status: 'x' }, query: query('age=gt.3') }))
    expect(update?.sql).toContain('set "status" = _src."status"')
    expect(update?.sql).toContain('where _t0."age" > $2')
    expect(updateMutation(planPatch({ body: {} }))).toBeNull()
    expectRestError(() => deleteMutation(planDelete({ query: query('nope=eq.1') })), 400, '42703')
    const minimal = buildMutation(
      planDelete({ prefer: parsePrefer('return=minimal') }),
      deleteMutation(planDelete({ query: query('age=eq.1') })),
    )
    expect(minimal.sql).not.toContain('json_agg')
  })
})

describe('function calls', () => {
  const request = (more: Partial<CallRequest>): CallRequest => ({
    method: 'POST',
    args: {},
    rawBody: '',
    contentType: 'application/json',
    isJson: true,
    ...more,
  })
  const choose = (name: string, more: Partial<CallRequest>) =>
    chooseFunction(cache, 'public', name, request(more), RESERVED)

  it('refuses overloads that all fit with 300 PGRST203', () => {
    const error = expectRestError(() => choose('pick', { args: { a: 1 } }), 300, 'PGRST203')
    expect(error.message).toBe(
      'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    )
  })

  it('gives a single unnamed parameter {"": value}, the JSON body or a raw body of its type', () => {
    const named = choose('shout', { args: { '': 'x' }, rawBody: '{"":"x"}' })
    // PostgREST v14 passes a single unnamed parameter the whole body, {"": value} included
    expect(
      buildCall(planCall({ cache, chosen: named, query: query(''), stripNulls: false })).call,
    ).toEqual({
      sql: 'select (to_json("public"."shout"($1::text)))::text as body',
      params: ['{"":"x"}'],
    })
    const json = choose('echo', { args: { a: 1 }, rawBody: '{"a":1}' })
    expect(json.args[0]).toMatchObject({ value: '{"a":1}', raw: true })
    const raw = choose('shout', { rawBody: 'hello', contentType: 'text/plain', isJson: false })
    expect(raw.args[0]).toMatchObject({ value: 'hello', raw: true })
    expectRestError(() => choose('shout', { args: { a: 'x' } }), 404, 'PGRST202')
  })

  it('shapes void, scalar and set-of-scalar results', () => {
    const shapes = ['touch', 'ages'].map(
      (name) =>
        buildCall(
          planCall({
            cache,
            chosen: choose(name, { args: name === 'touch' ? { id: 1 } : {} }),
            query: query(''),
            stripNulls: false,
          }),
        ).shape,
    )
    expect(shapes).toEqual(['void', 'rows'])
    expectRestError(
      () =>
        buildCall(
          planCall({
            cache,
            chosen: choose('shout', { args: { '': 'x' } }),
            query: query('order=x'),
            stripNulls: false,
          }),
        ),
      400,
      'PGRST100',
    )
  })
})

describe('negotiation and preferences', () => {
  it('reads nulls=stripped on both pgrst media types and refuses others with 406', () => {
    expect(negotiate(undefined)).toMatchObject({ single: false, stripNulls: false })
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped')).toMatchObject({
      single: true,
      stripNulls: true,
    })
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped').contentType).toBe(
      'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
    )
    expectRestError(() => negotiate('text/csv'), 406, 'PGRST107')
  })

  it('refuses preferences the local stack cannot honour', () => {
    expect(parsePrefer('count=planned, return=minimal')).toMatchObject({
      count: 'planned',
      return: 'minimal',
    })
    expectRestError(() => parsePrefer('handling=strict'), 400, 'PGRST100')
  })
})

describe('request deadline', () => {
  /** A database whose one connection is busy until `release()`. */
  function busyDatabase() {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const outcomes: string[] = []
    const db = {
      async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
        await gate
        try {
          const result = await fn({} as Queryable)
          outcomes.push('commit')
          return result
        } catch (error) {
          outcomes.push('rollback')
          throw error
        }
      },
    } as unknown as Database
    return { db, release: () => release(), outcomes }
  }
  function manualTimers() {
    const pending: (() => void)[] = []
    const timers: Timers = {
      setTimeout: (fn) => pending.push(fn),
      clearTimeout: () => {},
    }
    return { timers, fire: () => pending.splice(0).forEach((fn) => fn()) }
  }

  it.each([
    ['', {}],
    [' (a single statement still waiting for its turn)', { singleStatement: true }],
  ])(
    'answers 57014 once the limit passes and never runs the request afterwards%s',
    async (_, options) => {
      const { db, release, outcomes } = busyDatabase()
      const { timers, fire } = manualTimers()
      let ran = false
      const request = transactionWithin(
        db,
        1000,
        async () => {
          ran = true
        },
        { timers, ...options },
      )
      fire()
      await expect(request).rejects.toMatchObject({ code: '57014' })
      release()
      await new Promise((resolve) => setImmediate(resolve))
      expect(ran).toBe(false)
      expect(outcomes).toEqual(['rollback'])
    },
  )

  it('waits for a single statement the database already has, and tells it the deadline', async () => {
    let finish = (_rows: unknown[]) => {}
    const seen: TransactionOptions[] = []
    const db = {
      async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions) {
        seen.push(options)
        const tx = {
          query: () => new Promise((resolve) => (finish = (rows) => resolve({ rows, fields: [] }))),
        } as unknown as Queryable
        return fn(tx)
      },
    } as unknown as Database
    const { timers, fire } = manualTimers()
    const before = Date.now()
    const request = transactionWithin(db, 1000, (tx) => tx.query('select 1'), {
      timers,
      singleStatement: true,
    })
    await new Promise((resolve) => setImmediate(resolve))
    fire() // the statement is with the database: it, not the timer, decides the outcome
    let settled = false
    void request.finally(() => (settled = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    finish([{ one: 1 }])
    await expect(request).resolves.toMatchObject({ rows: [{ one: 1 }] })
    expect(seen[0]?.deadline).toBeGreaterThanOrEqual(before + 1000)
  })

  it('commits a request that finishes in time', async () => {
    const { db, release, outcomes } = busyDatabase()
    const { timers } = manualTimers()
    const request = transactionWithin(db, 1000, async () => 'done', { timers })
    release()
    await expect(request).resolves.toBe('done')
    expect(outcomes).toEqual(['commit'])
  })
})
