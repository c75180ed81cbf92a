/**
 * PostgREST conformance: unmodified supabase-js drives /rest/v1 through each
 * example of issue 19. Every answer either matches PostgREST v14 or says
 * clearly that the local stack does not support the feature.
 *
 * The fuzz-style part at the end sends malformed and hostile select, filter,
 * order and cast strings (injection attempts among them): every answer must be
 * a 4xx in PostgREST's error shape, with no SQL error text from a failed
 * injection.
 *
 * Not a test file of its own: rest.test.ts runs it on its stack, so `npm test`
 * starts no extra stack (each start applies every migration).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { createConformanceSchema } from './conformance-fixtures.ts'
import { serviceClient, type TestStack } from '../../local-supabase/testing/test-stack.ts'

let stack: TestStack
let sb: ReturnType<SupabaseClient['schema']>

/** Registers the PostgREST conformance suites on a stack started with `conformanceConfig`. */

const NOT_SUPPORTED = 'not supported by the local Supabase stack'

async function rest(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', stack.config.secretKey)
  headers.set('Accept-Profile', 'conformance')
  headers.set('Content-Profile', 'conformance')
  return fetch(`${stack.apiUrl}/rest/v1/${path}`, { ...init, headers })
}

const INJECTIONS = [
  `text) from pg_catalog.pg_user --`,
  `"; drop table conformance.users; --`,
  `int); select pg_sleep(5); --`,
  `'`,
  `"`,
  `)`,
  `$1`,
  `\\`,
  `;`,
  `x" or 1=1 --`,
]

/** A small deterministic generator (mulberry32) so failures reproduce. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ALPHABET = `abcdefghijklmnopqrstuvwxyz_().,:!*"'\\;-=/ {}[]$0123456789`
function garbage(next: () => number, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)]
  return out
}

function cases(): string[] {
  const list: string[] = []
  for (const text of INJECTIONS) {
    list.push(`users?select=username::${encodeURIComponent(text)}`)
    list.push(`users?select=${encodeURIComponent(text)}`)
    list.push(`users?select=username,${encodeURIComponent(`messages(${text})`)}`)
    list.push(`users?${encodeURIComponent(text)}=eq.1`)
    list.push(`users?username=${encodeURIComponent(text)}.1`)
    list.push(`users?username=eq.${encodeURIComponent(text)}`)
    list.push(`users?age=eq.${encodeURIComponent(text)}`)
    list.push(`users?username=in.(${encodeURIComponent(text)})`)
    list.push(`users?username=is.${encodeURIComponent(text)}`)
    list.push(`users?or=(${encodeURIComponent(text)})`)
    list.push(`users?or=(username.eq.${encodeURIComponent(text)},age.${encodeURIComponent(text)})`)
    list.push(`users?order=${encodeURIComponent(text)}`)
    list.push(`users?order=username.${encodeURIComponent(text)}`)
    list.push(`users?limit=${encodeURIComponent(text)}`)
    list.push(`users?offset=${encodeURIComponent(text)}`)
    list.push(`messages?select=*,users!${encodeURIComponent(text)}(*)`)
    list.push(`messages?users.${encodeURIComponent(text)}=eq.1&select=*,users(*)`)
    list.push(`rpc/online_users?select=username::${encodeURIComponent(text)}`)
    list.push(`rpc/online_users?order=${encodeURIComponent(text)}`)
  }
  const next = random(19)
  for (let i = 0; i < 36; i++) {
    const text = encodeURIComponent(garbage(next, 1 + Math.floor(next() * 24)))
    const shape = i % 6
    if (shape === 0) list.push(`users?select=${text}`)
    else if (shape === 1) list.push(`users?select=username::${text}`)
    else if (shape === 2) list.push(`users?username=${text}`)
    else if (shape === 3) list.push(`users?order=${text}`)
    else if (shape === 4) list.push(`users?or=${text}`)
    else list.push(`messages?select=id,${text}(*)`)
  }
  return list
}

const LEAKS = [
  /syntax error/i,
  /at or near/i,
  /_t\d/,
  /_src|_m0|_r\b/,
  /unterminated/i,
  /relation ".*" does not exist/i,
]

export function postgrestConformance(getStack: () => TestStack): void {
  beforeAll(async () => {
    stack = getStack()
    await createConformanceSchema(stack)
    sb = serviceClient(stack).schema('conformance')
  })

  describe('upsert', () => {
    it('returns the row with 200 when the body holds only the conflict column', async () => {
      const result = await sb.from('users').upsert({ username: 'alice' }).select()
      expect(result.error).toBeNull()
      expect(result.status).toBe(200)
      expect(result.data).toEqual([{ username: 'alice', status: 'ONLINE', age: 30 }])
    })

    it('answers 200 when every row was updated and 201 when one was inserted', async () => {
      const updated = await sb.from('users').upsert({ username: 'bob', status: 'AWAY' }).select()
      expect(updated.status).toBe(200)
      expect(updated.data).toEqual([{ username: 'bob', status: 'AWAY', age: null }])
      const minimal = await sb.from('users').upsert({ username: 'bob', status: 'OFFLINE' })
      expect(minimal.status).toBe(200)
      const mixed = await sb
        .from('users')
        .upsert([
          { username: 'bob', status: 'OFFLINE' },
          { username: 'dave', status: 'ONLINE' },
        ])
        .select('username')
      expect(mixed.status).toBe(201)
      expect(mixed.data).toEqual([{ username: 'bob' }, { username: 'dave' }])
      await sb.from('users').delete().eq('username', 'dave')
    })

    it('keeps 201 for a plain insert and [] for ignored duplicates', async () => {
      const inserted = await sb.from('channels').insert({ id: 9, slug: 'nine' }).select()
      expect(inserted.status).toBe(201)
      const ignored = await sb
        .from('channels')
        .upsert({ id: 9, slug: 'other' }, { ignoreDuplicates: true })
        .select()
      expect(ignored.error).toBeNull()
      expect(ignored.data).toEqual([])
      await sb.from('channels').delete().eq('id', 9)
    })
  })

  describe('rpc', () => {
    it('refuses overloaded functions that both fit with 300 PGRST203', async () => {
      const result = await sb.rpc('pick', { a: 1 })
      expect(result.status).toBe(300)
      expect(result.error).toMatchObject({
        code: 'PGRST203',
        message: expect.stringContaining('Could not choose the best candidate function between'),
        hint: expect.stringContaining('overloading'),
      })
    })

    it('passes {"": value} to a single unnamed parameter, and the body to an unnamed json one', async () => {
      // PostgREST v14 (Plan.hs findProc, OnePosParam): the unnamed text parameter gets the whole body
      const shout = await sb.rpc('shout', { '': 'quiet' })
      expect(shout.error).toBeNull()
      expect(shout.data).toBe('{"":"QUIET"}')
      const echo = await sb.rpc('echo', { any: ['thing'] })
      expect(echo.data).toEqual({ any: ['thing'] })
      const text = await rest('rpc/shout', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'raw body',
      })
      expect(await text.json()).toBe('RAW BODY')
    })

    it('takes {"": value} only for a single unnamed bytea, json, jsonb, text or xml parameter', async () => {
      // negate(boolean): PostgREST's schema cache leaves it out, so it is not found
      const bad = await sb.rpc('negate', { '': true })
      expect(bad.status).toBe(404)
      expect(bad.error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function conformance.negate() in the schema cache',
        details:
          'Searched for the function conformance.negate with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      })
      // either(text) and either(integer): only the text overload is callable, so it answers
      const either = await sb.rpc('either', { '': 'v' })
      expect(either.status).toBe(200)
      expect(either.data).toBe('text: {"":"v"}')
      const plain = await rest('rpc/negate', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'true',
      })
      expect(plain.status).toBe(404)
      expect(await plain.json()).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function conformance.negate in the schema cache',
        details:
          'Searched for the function conformance.negate with a single unnamed text parameter, but no matches were found in the schema cache.',
      })
    })

    it('answers Content-Range for count=exact on scalar and set-returning functions', async () => {
      const scalar = await sb.rpc('answer', {}, { count: 'exact' })
      expect(scalar.data).toBe(42)
      expect(scalar.count).toBe(1)
      const rows = await sb.rpc('online_users', {}, { count: 'exact' }).limit(1)
      expect(rows.status).toBe(206)
      expect(rows.count).toBe(2)
      expect(rows.data).toHaveLength(1)
    })

    it('runs GET read-only: a writing function answers 405 (25006)', async () => {
      const result = await sb.rpc('add_channel', { slug: 'x' }, { get: true })
      expect(result.status).toBe(405)
      expect(result.error?.code).toBe('25006')
    })

    it('returns a set of scalars as a JSON array of values', async () => {
      const ages = await sb.rpc('ages')
      expect(ages.data).toEqual([30, 41])
    })
  })

  describe('counts', () => {
    it('answers count=planned with the planner estimate and 206 for a partial page', async () => {
      const planned = await sb.from('users').select('username', { count: 'planned' }).limit(1)
      expect(planned.error).toBeNull()
      // analyzed in the fixture: the estimate is the row count
      expect(planned.count).toBe(3)
      expect(planned.status).toBe(206)
      const estimated = await sb.from('users').select('username', { count: 'estimated' }).limit(1)
      expect(estimated.count).toBe(3)
      expect(estimated.status).toBe(206)
    })
  })

  describe('embedding', () => {
    it('omits an empty embed and still filters on it', async () => {
      const result = await sb
        .from('messages')
        .select('message, users!inner()')
        .eq('users.status', 'ONLINE')
        .order('id')
      expect(result.error).toBeNull()
      expect(result.data).toEqual([{ message: 'Hello' }, { message: 'Bye' }])
    })

    it('refuses two embeds of the same table without an alias with 400', async () => {
      const result = await sb.from('messages').select('message, users(username), users(status)')
      expect(result.status).toBe(400)
      expect(result.error?.code).toBe('42712')
      const aliased = await sb
        .from('messages')
        .select('id, author:users(username), state:users(status)')
        .eq('id', 1)
      expect(aliased.data).toEqual([
        { id: 1, author: { username: 'alice' }, state: { status: 'ONLINE' } },
      ])
    })

    it('embeds by foreign key name', async () => {
      const result = await sb
        .from('messages')
        .select('id, users!messages_username_fkey(username)')
        .eq('id', 2)
      expect(result.data).toEqual([{ id: 2, users: { username: 'bob' } }])
      const byName = await sb
        .from('messages')
        .select('id, messages_channel_id_fkey(slug)')
        .eq('id', 3)
      expect(byName.data).toEqual([{ id: 3, messages_channel_id_fkey: { slug: 'random' } }])
    })

    it('says "not supported" for computed fields, computed relationships and many-to-many', async () => {
      for (const result of [
        await sb.from('users').select('username, label'),
        await sb.from('users').select('username').eq('label', 'x'),
        await sb.from('users').select('username, recent_messages(*)'),
        await sb.from('films').select('title, actors(name)'),
        await sb.from('users').select('username, messages(count)'),
        await sb.from('messages').select('id, users(username)').order('users(username)'),
      ]) {
        expect(result.status).toBe(400)
        expect(result.error).toMatchObject({
          code: 'PGRST100',
          message: expect.stringContaining(NOT_SUPPORTED),
        })
        expect(result.error).toHaveProperty('details')
        expect(result.error).toHaveProperty('hint')
      }
    })
  })

  describe('other PostgREST features', () => {
    it('answers media types and preferences it does not serve with "not supported"', async () => {
      const csv = await sb.from('users').select('username').csv()
      expect(csv.status).toBe(406)
      expect(csv.error?.message).toContain(NOT_SUPPORTED)
      const headersOnly = await rest('channels', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
        body: JSON.stringify({ id: 11, slug: 'eleven' }),
      })
      expect(headersOnly.status).toBe(400)
      expect((await headersOnly.json()) as unknown).toMatchObject({ code: 'PGRST100' })
      const put = await rest('channels?id=eq.11', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 11, slug: 'eleven' }),
      })
      expect(put.status).toBe(400)
      expect(((await put.json()) as { message: string }).message).toContain(NOT_SUPPORTED)
    })

    it('pages with a Range header as PostgREST does', async () => {
      const response = await rest('users?select=username&order=username', {
        headers: { Range: '1-2', 'Range-Unit': 'items', Prefer: 'count=exact' },
      })
      expect(response.status).toBe(206)
      expect(response.headers.get('content-range')).toBe('1-2/3')
      expect(await response.json()).toEqual([{ username: 'bob' }, { username: 'carol' }])
    })
  })

  describe('nulls=stripped', () => {
    it('leaves null-valued keys out of arrays and single objects', async () => {
      const list = await sb.from('users').select('username, age').eq('username', 'bob').stripNulls()
      expect(list.data).toEqual([{ username: 'bob' }])
      const single = await sb.from('messages').select('id, note').eq('id', 1).single().stripNulls()
      expect(single.data).toEqual({ id: 1 })
      const response = await rest('users?select=username,age&username=eq.bob', {
        headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
      })
      expect(response.headers.get('content-type')).toContain('nulls=stripped')
      expect(await response.json()).toEqual([{ username: 'bob' }])
    })
  })

  describe('limits', () => {
    it('answers a body over the size limit with 413 and deep JSON with 400, in PostgREST’s shape', async () => {
      const big = await rest('channels', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 10, slug: 'x'.repeat(11 * 1024 * 1024) }),
      })
      expect(big.status).toBe(413)
      expect(await big.json()).toMatchObject({ code: 'PGRST102', message: 'Payload Too Large' })
      const deep = await rest('channels', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"id":10,"slug":${'['.repeat(200)}${']'.repeat(200)}}`,
      })
      expect(deep.status).toBe(400)
      expect(await deep.json()).toMatchObject({
        code: 'PGRST102',
        details: expect.stringContaining('deeper'),
      })
    })
  })

  describe('malformed and hostile query strings', () => {
    it('answer only 4xx in PostgREST’s error shape, leaking no SQL error text', async () => {
      const failures: string[] = []
      for (const path of cases()) {
        const response = await fetch(`${stack.apiUrl}/rest/v1/${path}`, {
          headers: { apikey: stack.config.publishableKey, 'Accept-Profile': 'conformance' },
        })
        const text = await response.text()
        if (response.status < 400 || response.status >= 500) {
          // a garbage string may happen to be valid: then it must be a plain success
          if (response.status === 200 || response.status === 206) continue
          failures.push(`${response.status} ${path} ${text}`)
          continue
        }
        const body = JSON.parse(text) as Record<string, unknown>
        if (!['code', 'details', 'hint', 'message'].every((key) => key in body)) {
          failures.push(`shape ${path} ${text}`)
        }
        if (LEAKS.some((leak) => leak.test(text))) failures.push(`leak ${path} ${text}`)
      }
      expect(failures).toEqual([])
      const { rows } = await stack.context.db.query<{ n: number }>(
        'select count(*)::int as n from conformance.users',
      )
      expect(rows[0]?.n).toBe(3)
    })

    it('never runs an injected cast: the select cast is refused before any SQL', async () => {
      const response = await fetch(
        `${stack.apiUrl}/rest/v1/users?select=${encodeURIComponent('username::text from conformance.users; --')}`,
        { headers: { apikey: stack.config.secretKey, 'Accept-Profile': 'conformance' } },
      )
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        code: 'PGRST100',
        message: expect.stringContaining('is not allowed by the local Supabase stack'),
      })
    })
  })
}
