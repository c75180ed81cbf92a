/**
 * Every refusal is a 4xx: a walk over every public RPC (each function in
 * `public` that anon or authenticated may execute, read from the schema, so a
 * new one is walked without editing this file) and every Edge Function in
 * supabase/functions, as an anonymous visitor, a signed-in owner and a finder,
 * with a missing id, another owner's ids and malformed arguments. Any 5xx
 * fails the walk, listed with what was sent. Runs on PGlite and, through
 * `npm run test:postgres`, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFunctionsGateway } from '../../local-supabase/functions/gateway.ts'
import {
  activatedItem,
  reportFound,
  seededUser,
  type Report,
} from '../../local-supabase/testing/chat-fixtures.ts'
import { mintToken } from '../../local-supabase/testing/realtime-support.ts'
import { writeProviderEnv } from '../../local-supabase/testing/provider-env.ts'
import {
  serviceClient,
  startTestStack,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'

vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 })

const functionsDir = fileURLToPath(new URL('../../supabase/functions', import.meta.url))
const configPath = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url))

let stack: TestStack
let server: Server
let apiUrl: string
let envDir: string
let gateway: Awaited<ReturnType<typeof createFunctionsGateway>>

/** Who calls: the headers each sends (no session: the publishable key only). */
type Caller = { name: string; headers: Record<string, string> }
let callers: Caller[]
/** Another owner's things, which none of the callers may touch. */
let theirs: { itemId: string; tagCode: string; report: Report }
/** The 5xx answers met, with what was asked. */
const failures: string[] = []

beforeAll(async () => {
  stack = await startTestStack()
  const provider = await writeProviderEnv(stack.inboxUrl, 'http://localhost:5173')
  envDir = provider.envDir
  gateway = await createFunctionsGateway({
    ...stack.context,
    apiUrl: stack.apiUrl,
    functionsDir,
    configPath,
    envFile: provider.envFile,
  })
  const app = new Hono()
  app.mount('/functions/v1', (request, env) => gateway.app.fetch(request, env))
  app.all('*', (c) => {
    const url = new URL(c.req.url)
    return fetch(`${stack.apiUrl}${url.pathname}${url.search}`, c.req.raw)
  })
  server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const owner = await seededUser(stack)
  const otherOwner = await seededUser(stack)
  const finder = await seededUser(stack, { isAnonymous: true })
  await activatedItem(stack, owner.id, 'My own umbrella')
  const item = await activatedItem(stack, otherOwner.id, 'Their wallet')
  theirs = {
    ...item,
    report: await reportFound(serviceClient(stack), item.tagCode, finder.id),
  }
  const bearer = async (id: string) => ({
    apikey: stack.config.publishableKey,
    authorization: `Bearer ${await mintToken(stack, id)}`,
  })
  callers = [
    { name: 'anonymous', headers: { apikey: stack.config.publishableKey } },
    { name: 'owner', headers: await bearer(owner.id) },
    // the finder of the other owner's item: a member of that chat, owner of nothing
    { name: 'finder', headers: await bearer(finder.id) },
  ]
})

afterAll(async () => {
  await gateway?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await stack?.close()
  if (envDir) await rm(envDir, { recursive: true, force: true })
})

type Probe = { caller: Caller; what: string; method?: string; body: string | null }

/** Sends one probe; notes it when the answer is a 5xx. */
async function probe(url: string, { caller, what, method = 'POST', body }: Probe) {
  const response = await fetch(url, {
    method,
    headers: {
      ...caller.headers,
      ...(body === null ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === null ? {} : { body }),
  })
  const text = await response.text()
  if (response.status >= 500) {
    failures.push(
      `${response.status} ${new URL(url).pathname} as ${caller.name}, ${what}: ${body ?? ''} -> ${text.slice(0, 300)}`,
    )
  }
  return response.status
}

type PublicFunction = { name: string; args: { name: string; type: string }[] }

/** Every function in public that anon or authenticated may execute, with its input arguments. */
async function publicFunctions(): Promise<PublicFunction[]> {
  const { rows } = await stack.context.db.query<{
    name: string
    arg_names: string[] | null
    arg_modes: string[] | null
    arg_types: string[] | null
  }>(
    `select p.proname as name,
            p.proargnames as arg_names,
            p.proargmodes::text[] as arg_modes,
            array(select format_type(t, null)
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(t, i)
                   order by i) as arg_types
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and p.prokind = 'f'
        and p.prorettype <> 'trigger'::regtype
        and (has_function_privilege('anon', p.oid, 'execute')
             or has_function_privilege('authenticated', p.oid, 'execute'))
      order by p.proname`,
  )
  return rows.map((row) => ({
    name: row.name,
    args: (row.arg_types ?? [])
      .map((type, i) => ({
        name: row.arg_names?.[i] ?? '',
        type,
        mode: row.arg_modes?.[i] ?? 'i',
      }))
      .filter((arg) => ['i', 'b', 'v'].includes(arg.mode) && arg.name !== '')
      .map(({ name, type }) => ({ name, type })),
  }))
}

const NULL_CHAR = 'a\u0000b'

/** A plausible value of a type, a missing id for uuids. */
function plausible(type: string): unknown {
  if (type.endsWith('[]')) return [plausible(type.slice(0, -2))]
  if (type === 'uuid') return randomUUID()
  if (/^(integer|bigint|smallint|numeric|double precision|real)$/.test(type)) return 1
  if (type === 'boolean') return true
  if (type.startsWith('timestamp')) return new Date().toISOString()
  if (type === 'interval') return '1 hour'
  if (type.startsWith('time')) return '12:00'
  if (type === 'date') return '2026-11-28'
  if (type === 'json' || type === 'jsonb') return {}
  return 'x'
}

/** Values a caller should never be able to send successfully, per type. */
function malformed(type: string): unknown[] {
  if (type.endsWith('[]')) return ['not an array', [null], ['x', { nested: true }]]
  if (type === 'uuid') return ['not-a-uuid', 42, '', { id: 1 }]
  if (/^(integer|bigint|smallint)$/.test(type)) return ['abc', 1.5, 1e40, -1, 99999999999999]
  if (/^(numeric|double precision|real)$/.test(type)) return ['abc', 'NaN', 'Infinity', 1e308]
  if (type === 'boolean') return ['maybe', 2]
  if (type.startsWith('timestamp')) return ['not a time', '99999-01-01', 12]
  if (type === 'interval') return ['forever', '-1 hour', '1000000 years']
  if (type.startsWith('time')) return ['25:99', 'noon']
  if (type === 'date') return ['2026-02-30']
  if (type === 'json' || type === 'jsonb') return ['not json', [1, 2], null]
  return [NULL_CHAR, '', 'x'.repeat(20_000), 42, { text: 'x' }, ['x']]
}

/** Another owner's ids, for an argument of this type. */
function theirIds(type: string): unknown[] {
  if (type === 'uuid') {
    return [theirs.itemId, theirs.report.chat_id, theirs.report.report_id]
  }
  if (type === 'text') return [theirs.tagCode, theirs.report.invite_token ?? 'no-token']
  return []
}

describe('every refusal is a 4xx', () => {
  it('walks every public RPC with a missing id, another owner’s ids and malformed arguments: no 5xx', async () => {
    failures.length = 0
    const functions = await publicFunctions()
    // A sanity check that the walk reads the schema (these exist today).
    expect(functions.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'record_hand_in',
        'share_found_location',
        'ask_for_postal_address',
        'share_postal_address',
        'withdraw_postal_address',
        'close_conversation',
        'mark_item_returned',
      ]),
    )
    let probes = 0
    for (const fn of functions) {
      const url = `${apiUrl}/rest/v1/rpc/${fn.name}`
      const base = Object.fromEntries(fn.args.map((arg) => [arg.name, plausible(arg.type)]))
      const bodies: { what: string; body: string | null }[] = [
        { what: 'a missing id', body: JSON.stringify(base) },
        { what: 'no body', body: null },
        { what: 'an empty object', body: '{}' },
        { what: 'a JSON array', body: '[1, 2]' },
        { what: 'broken JSON', body: '{"chat_id": ' },
        { what: 'an unknown argument', body: JSON.stringify({ ...base, not_an_argument: 1 }) },
      ]
      for (const arg of fn.args) {
        for (const value of theirIds(arg.type)) {
          bodies.push({
            what: `another owner's ${arg.name}`,
            body: JSON.stringify({ ...base, [arg.name]: value }),
          })
        }
        for (const value of malformed(arg.type)) {
          bodies.push({
            what: `a malformed ${arg.name}`,
            body: JSON.stringify({ ...base, [arg.name]: value }),
          })
        }
        bodies.push({
          what: `a null ${arg.name}`,
          body: JSON.stringify({ ...base, [arg.name]: null }),
        })
      }
      // GET with the arguments in the query string (PostgREST's way for stable functions)
      const asQuery = (args: Record<string, unknown>) =>
        `${url}?${new URLSearchParams(
          Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        )}`
      const gets = [
        { what: 'GET with a missing id', url: asQuery(base) },
        ...fn.args.flatMap((arg) =>
          malformed(arg.type)
            .slice(0, 2)
            .map((value) => ({
              what: `GET with a malformed ${arg.name}`,
              url: asQuery({ ...base, [arg.name]: value }),
            })),
        ),
      ]
      for (const caller of callers) {
        for (const { what, body } of bodies) {
          await probe(url, { caller, what, body })
          probes += 1
        }
        for (const get of gets) {
          await probe(get.url, { caller, what: get.what, method: 'GET', body: null })
          probes += 1
        }
      }
    }
    expect(probes).toBeGreaterThan(100)
    expect(failures).toEqual([])
  })

  it('the seven ways-back and closing RPCs answer 404 PT404 with their code for a missing or another’s id', async () => {
    const owner = callers[1]!
    const finder = callers[2]!
    const missing = randomUUID()
    const cases: [Caller, string, Record<string, unknown>, string][] = [
      [owner, 'mark_item_returned', { item_id: missing }, 'item_not_found'],
      [owner, 'mark_item_returned', { item_id: theirs.itemId }, 'item_not_found'],
      [owner, 'close_conversation', { chat_id: theirs.report.chat_id }, 'chat_not_found'],
      [finder, 'close_conversation', { chat_id: theirs.report.chat_id }, 'chat_not_found'],
      [
        owner,
        'record_hand_in',
        { chat_id: theirs.report.chat_id, place: 'Desk' },
        'chat_not_found',
      ],
      [
        owner,
        'share_found_location',
        { chat_id: theirs.report.chat_id, latitude: 51, longitude: 0, accuracy_m: 5 },
        'chat_not_found',
      ],
      [owner, 'ask_for_postal_address', { chat_id: missing }, 'chat_not_found'],
      [
        finder,
        'share_postal_address',
        { chat_id: theirs.report.chat_id, address: '1 High St' },
        'chat_not_found',
      ],
      [finder, 'withdraw_postal_address', { chat_id: theirs.report.chat_id }, 'chat_not_found'],
    ]
    for (const [caller, name, body, message] of cases) {
      const response = await fetch(`${apiUrl}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { ...caller.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect({ name, status: response.status, body: await response.json() }).toEqual({
        name,
        status: 404,
        body: { code: 'PT404', message, details: null, hint: null },
      })
    }
  })

  it('walks every Edge Function with missing, another owner’s and malformed input: no 5xx', async () => {
    failures.length = 0
    const names = (await readdir(functionsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
    expect(names).toEqual(
      expect.arrayContaining(['activate-tag', 'delete-account', 'report-found']),
    )
    const ids = {
      chatId: theirs.report.chat_id,
      reportId: theirs.report.report_id,
      itemId: theirs.itemId,
      tagId: theirs.tagCode,
      tagCode: theirs.tagCode,
    }
    const bodies: { what: string; method?: string; body: string | null }[] = [
      { what: 'no body', body: null },
      { what: 'an empty object', body: '{}' },
      { what: 'broken JSON', body: '{"tagId": ' },
      { what: 'a JSON array', body: '[]' },
      { what: 'a string', body: '"HW"' },
      {
        what: 'missing ids',
        body: JSON.stringify({ chatId: randomUUID(), tagId: 'HWZZZZZZZZ', itemId: randomUUID() }),
      },
      { what: "another owner's ids", body: JSON.stringify(ids) },
      {
        what: 'wrong types',
        body: JSON.stringify({ tagId: 42, activationCode: [], itemName: {}, chatId: null }),
      },
      {
        what: 'a NUL character',
        body: JSON.stringify({ tagId: NULL_CHAR, itemName: NULL_CHAR, finderName: NULL_CHAR }),
      },
      { what: 'a GET', method: 'GET', body: null },
      { what: 'a PUT', method: 'PUT', body: '{}' },
    ]
    let probes = 0
    for (const name of names.filter((n) => n !== 'delete-account')) {
      for (const caller of callers) {
        for (const { what, method, body } of bodies) {
          await probe(`${apiUrl}/functions/v1/${name}`, { caller, what, method, body })
          probes += 1
        }
      }
    }
    // delete-account deletes whoever calls it: a throw-away owner, twice.
    const leaving = await seededUser(stack)
    const leaver: Caller = {
      name: 'an owner deleting their account',
      headers: {
        apikey: stack.config.publishableKey,
        authorization: `Bearer ${await mintToken(stack, leaving.id)}`,
      },
    }
    const url = `${apiUrl}/functions/v1/delete-account`
    for (const { what, method, body } of bodies.filter((b) => b.method === undefined)) {
      await probe(url, { caller: callers[0]!, what, method, body })
    }
    expect(await probe(url, { caller: leaver, what: 'the first call', body: '{}' })).toBe(200)
    const again = await fetch(url, {
      method: 'POST',
      headers: { ...leaver.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({
      error: { code: 'account_not_found', message: 'account_not_found' },
    })
    expect(probes).toBeGreaterThan(30)
    expect(failures).toEqual([])
  })
})
