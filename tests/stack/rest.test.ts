/** REST conformance: unmodified supabase-js against the local stack's /rest/v1, as the product uses it. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { conformanceConfig } from './conformance-fixtures.ts'
import {
  client,
  decodeJwt,
  serviceClient,
  startTestStack,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import { postgrestConformance } from './postgrest-conformance.ts'

let stack: TestStack
let service: SupabaseClient
let owner: { sb: SupabaseClient; id: string; email: string; token: string }
let tags: { code: string; activation_code: string }[]

beforeAll(async () => {
  // Auto-confirmed sign-ups (the CLI's default), so signUp returns a session.
  stack = await startTestStack({ ...conformanceConfig, auth: { enableConfirmations: false } })
  service = serviceClient(stack)
  const sb = client(stack)
  const email = uniqueEmail('owner')
  const { data } = await sb.auth.signUp({
    email,
    password: 'owner-pass-1',
    options: { data: { full_name: 'Olive Owner' } },
  })
  owner = { sb, id: data.user!.id, email, token: data.session!.access_token }
  const minted = await service.rpc('mint_tags', { count: 4, batch: 'rest-test' })
  expect(minted.error).toBeNull()
  tags = minted.data as { code: string; activation_code: string }[]
})
afterAll(async () => {
  await stack?.close()
})

function withToken(token: string): SupabaseClient {
  return createClient(stack.apiUrl, stack.config.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  })
}

describe('profiles (the owner’s own row)', () => {
  it('inserts with return=representation and single(), then refuses a duplicate with 409', async () => {
    const profile = {
      id: owner.id,
      email: owner.email,
      full_name: 'Olive Owner',
      country: 'United Kingdom',
    }
    const created = await owner.sb.from('profiles').insert(profile).select('*').single()
    expect(created.error).toBeNull()
    expect(created.status).toBe(201)
    expect(created.data).toMatchObject(profile)
    const duplicate = await owner.sb.from('profiles').insert(profile).select('*').single()
    expect(duplicate.status).toBe(409)
    expect(duplicate.error?.code).toBe('23505')
  })

  it('reads with maybeSingle and updates with select().single()', async () => {
    const read = await owner.sb.from('profiles').select('*').eq('id', owner.id).maybeSingle()
    expect(read.data?.email).toBe(owner.email)
    const updated = await owner.sb
      .from('profiles')
      .update({ county: 'Kent', mobile_number: '07700900123' })
      .eq('id', owner.id)
      .select('*')
      .single()
    expect(updated.error).toBeNull()
    expect(updated.data).toMatchObject({ county: 'Kent', mobile_number: '07700900123' })
  })

  it('lets RLS decide: another user sees nothing, anon is refused with 401', async () => {
    const other = client(stack)
    await other.auth.signUp({ email: uniqueEmail(), password: 'other-pass-1' })
    const seen = await other.from('profiles').select('*').eq('id', owner.id)
    expect(seen.error).toBeNull()
    expect(seen.data).toEqual([])
    const anon = await client(stack).from('profiles').insert({ id: owner.id })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
  })

  it('single() with no rows is 406 PGRST116', async () => {
    const none = await owner.sb
      .from('profiles')
      .select('*')
      .eq('id', '00000000-0000-0000-0000-000000000000')
      .single()
    expect(none.status).toBe(406)
    expect(none.error?.code).toBe('PGRST116')
  })
})

describe('tags, items and RPC', () => {
  it('tag_status by POST and GET for anon', async () => {
    const anon = client(stack)
    expect((await anon.rpc('tag_status', { code: tags[0]!.code })).data).toEqual({
      status: 'unclaimed',
      lost_note: null,
      return_instructions: null,
      own_item: null,
    })
    expect(
      (await anon.rpc('tag_status', { code: 'HWNOPE2345' }, { get: true })).data,
    ).toMatchObject({ status: 'not_found' })
  })

  it('activate_tag is refused to clients through /rest/v1/rpc: guesses never reach the tag', async () => {
    for (let guess = 0; guess < 12; guess += 1) {
      const old = await owner.sb.rpc('activate_tag', {
        code: tags[1]!.code,
        activation_code: `WRONG${guess}`,
        item_name: 'Keys',
      })
      expect(old.status).toBe(404)
      const direct = await owner.sb.rpc('activate_tag', {
        owner_id: owner.id,
        code: tags[1]!.code,
        activation_code: `WRONG${guess}`,
        item_name: 'Keys',
      })
      expect(direct.status).toBe(403)
      expect(direct.error?.code).toBe('42501')
    }
    const anon = await client(stack).rpc('activate_tag', {
      owner_id: owner.id,
      code: tags[1]!.code,
      activation_code: 'WRONG',
      item_name: 'Keys',
    })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
  })

  it('activate_tag as the service role returns the outcome; a raise is P0001 as 400', async () => {
    const invalid = await service.rpc('activate_tag', {
      owner_id: owner.id,
      code: tags[0]!.code,
      activation_code: tags[0]!.activation_code,
      item_name: ' ',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.error?.code).toBe('P0001')
    expect(invalid.error?.message).toBe('invalid_input')
    const item = await service.rpc('activate_tag', {
      owner_id: owner.id,
      code: tags[0]!.code,
      activation_code: tags[0]!.activation_code,
      item_name: 'Rucksack',
    })
    expect(item.error).toBeNull()
    expect(item.data).toMatchObject({
      outcome: 'activated',
      item: { name: 'Rucksack', owner_id: owner.id, status: null },
    })
  })

  it('an insert RLS and grants refuse is 403 for a signed-in user (42501)', async () => {
    const refused = await owner.sb.from('items').insert({ name: 'Sneaky', owner_id: owner.id })
    expect(refused.status).toBe(403)
    expect(refused.error?.code).toBe('42501')
  })

  it('lists own items ordered, embeds the tag, and updates status', async () => {
    const items = await owner.sb
      .from('items')
      .select('*')
      .eq('owner_id', owner.id)
      .order('created_at', { ascending: true })
    expect(items.data).toHaveLength(1)
    const embedded = await service
      .from('items')
      .select('id, name, tag:tags(code, status)')
      .eq('owner_id', owner.id)
    expect(embedded.data?.[0]).toMatchObject({
      name: 'Rucksack',
      tag: { code: tags[0]!.code, status: 'activated' },
    })
    const oneToMany = await service
      .from('tags')
      .select('code, items(name)')
      .eq('code', tags[0]!.code)
      .single()
    expect(oneToMany.data).toEqual({ code: tags[0]!.code, items: { name: 'Rucksack' } })
    const lost = await owner.sb
      .from('items')
      .update({ status: 'LOST' })
      .eq('id', items.data![0]!.id)
      .select('*')
      .single()
    expect(lost.error).toBeNull()
    expect(lost.data?.status).toBe('LOST')
  })

  it('filters, order, range and exact counts as PostgREST', async () => {
    const codes = tags.map((t) => t.code)
    const counted = await service
      .from('tags')
      .select('code', { count: 'exact' })
      .in('code', codes)
      .order('code', { ascending: false })
      .range(0, 1)
    expect(counted.status).toBe(206)
    expect(counted.count).toBe(4)
    expect(counted.data?.map((r) => r.code)).toEqual([...codes].sort().reverse().slice(0, 2))
    const head = await service
      .from('tags')
      .select('*', { count: 'exact', head: true })
      .eq('batch', 'rest-test')
    expect(head.count).toBe(4)
    expect(head.data).toBeNull()
    const unclaimed = await service
      .from('tags')
      .select('code')
      .eq('batch', 'rest-test')
      .neq('status', 'activated')
      .not('code', 'is', null)
      .like('code', 'HW%')
      .ilike('batch', 'REST-%')
    expect(unclaimed.data).toHaveLength(3)
    const either = await service
      .from('tags')
      .select('code')
      .or(`code.eq.${codes[1]},code.eq.${codes[2]}`)
      .is('activated_at', null)
      .gte('created_at', '2000-01-01')
      .lt('created_at', '2999-01-01')
    expect(either.data?.map((r) => r.code).sort()).toEqual([codes[1], codes[2]].sort())
    const deactivated = await service.rpc('deactivate_tags', { codes: [codes[3]] })
    expect(deactivated.data).toBe(1)
    expect((await client(stack).rpc('tag_status', { code: codes[3] })).data).toEqual({
      status: 'not_found',
      lost_note: null,
      return_instructions: null,
      own_item: null,
    })
  })
})

describe('chat: found report, join, idempotent messages', () => {
  it('runs the finder’s and owner’s calls as the product makes them', async () => {
    const finder = client(stack)
    const anon = await finder.auth.signInAnonymously()
    const report = await service
      .rpc('create_found_report', {
        tag_code: tags[0]!.code,
        finder_id: anon.data.user!.id,
        finder_name: 'Fiona Finder',
        finder_email: 'fiona@example.com',
        finder_phone: '07700900456',
        finder_address: '1 High Street',
        found_location: 'Bus stop',
        site_url: 'http://localhost:5173',
      })
      .single()
    expect(report.error).toBeNull()
    const { chat_id: chatId, invite_token: token } = report.data as {
      chat_id: string
      invite_token: string
    }
    const joined = await finder.rpc('join_chat', { chat_id: chatId, token })
    expect(joined.data).toBe('finder')
    const bad = await client(stack).rpc('join_chat', { chat_id: chatId, token: 'x' })
    expect(bad.error).not.toBeNull()
    const role = await finder
      .from('chat_members')
      .select('role')
      .eq('chat_id', chatId)
      .eq('user_id', anon.data.user!.id)
      .maybeSingle()
    expect(role.data).toEqual({ role: 'finder' })
    const id = crypto.randomUUID()
    const send = () =>
      finder
        .from('messages')
        .upsert(
          { id, chat_id: chatId, body: 'Found your bag' },
          { onConflict: 'id', ignoreDuplicates: true },
        )
        .select('id,chat_id,sender_id,sender_role,body,created_at')
    const first = await send()
    expect(first.error).toBeNull()
    expect(first.data).toEqual([
      expect.objectContaining({ id, sender_role: 'finder', sender_id: anon.data.user!.id }),
    ])
    const again = await send()
    expect(again.error).toBeNull()
    expect(again.data).toEqual([])
    const messages = await owner.sb
      .from('messages')
      .select('*')
      .eq('chat_id', chatId)
      .order('created_at')
      .order('id')
    expect(messages.data?.map((m) => m.body)).toEqual(['Found your bag'])
    const chats = await owner.sb
      .from('chats')
      .select('id,item_id,created_at')
      .eq('owner_id', owner.id)
      .order('created_at', { ascending: false })
    expect(chats.data?.map((c) => c.id)).toContain(chatId)
    const empty = await owner.sb.from('messages').insert({ chat_id: chatId, body: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.error?.code).toBe('23514')
  })
})

describe('protocol edges', () => {
  it('refuses expired and forged JWTs as PostgREST does (401 PGRST303 / PGRST301)', async () => {
    const claims = decodeJwt(owner.token)
    const secret = new TextEncoder().encode(stack.config.jwtSecret)
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 120 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret)
    const forged = await new SignJWT({ ...claims, role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('not-the-secret-but-32-characters-long!'))
    const late = await withToken(expired).from('items').select('*')
    expect(late.status).toBe(401)
    expect(late.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    const fake = await withToken(forged).from('items').select('*')
    expect(fake.status).toBe(401)
    expect(fake.error?.code).toBe('PGRST301')
  })

  it('answers an unsupported query with a clear PostgREST-style error, never other data', async () => {
    const fts = await service.from('tags').select('code').textSearch('code', 'x')
    expect(fts.status).toBe(400)
    expect(fts.error?.code).toBe('PGRST100')
    expect(fts.error?.message).toContain('not supported by the local Supabase stack')
    const spread = await service.from('items').select('...tags(code)')
    expect(spread.error?.code).toBe('PGRST100')
    const unknownTable = await service.from('nope').select('*')
    expect(unknownTable.status).toBe(404)
    expect(unknownTable.error?.code).toBe('PGRST205')
    const unknownFn = await service.rpc('nope', {})
    expect(unknownFn.status).toBe(404)
    expect(unknownFn.error?.code).toBe('PGRST202')
    const badSchema = await service.schema('private').from('tags').select('*')
    expect(badSchema.status).toBe(406)
    expect(badSchema.error?.code).toBe('PGRST106')
    const badColumn = await service.from('tags').select('nope')
    expect(badColumn.status).toBe(400)
    expect(badColumn.error?.code).toBe('42703')
  })

  it('refuses and/or trees nested beyond 64 levels with 400, however deep', async () => {
    // sent as written (supabase-js would percent-encode each parenthesis, over Node's header limit at 3000)
    const nested = async (depth: number) => {
      const tree = `(${'or('.repeat(depth - 1)}code.eq.X${')'.repeat(depth - 1)})`
      const response = await fetch(`${stack.apiUrl}/rest/v1/tags?select=code&or=${tree}`, {
        headers: { apikey: stack.config.secretKey },
      })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    expect(await nested(64)).toEqual({ status: 200, body: [] })
    for (const depth of [65, 3000]) {
      const deeper = await nested(depth)
      expect(deeper.status, `${depth} deep`).toBe(400)
      expect(deeper.body).toMatchObject({
        code: 'PGRST100',
        details: 'and/or nested deeper than 64 levels',
      })
    }
  })

  it('says the OpenAPI root is not supported, with or without a trailing slash', async () => {
    for (const path of ['/rest/v1', '/rest/v1/']) {
      const response = await fetch(`${stack.apiUrl}${path}`, {
        headers: { apikey: stack.config.publishableKey },
      })
      const body = (await response.json()) as { message: string }
      expect(body.message, path).toContain('the OpenAPI root')
      expect(body.message, path).toContain('not supported by the local Supabase stack')
    }
  })

  it('exposes Content-Range to browsers and answers preflights', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/tags?select=code&limit=1`, {
      headers: {
        apikey: stack.config.secretKey,
        Origin: 'http://localhost:5173',
        Prefer: 'count=exact',
      },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range')
    expect(response.headers.get('content-range')).toMatch(/^0-0\/\d+$/)
    const preflight = await fetch(`${stack.apiUrl}/rest/v1/tags`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'apikey,prefer',
      },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
  })

  it('runs each request as the JWT role with request.jwt.claims set', async () => {
    const { rows } = await stack.context.db.query<{ proname: string }>(
      "select proname from pg_proc where proname = 'uid' and pronamespace = 'auth'::regnamespace",
    )
    expect(rows).toHaveLength(1)
    // The owner reads their own items only because auth.uid() resolved to them in the transaction.
    const mine = await owner.sb.from('items').select('owner_id')
    expect(mine.data?.every((r) => r.owner_id === owner.id)).toBe(true)
    expect(mine.data?.length).toBeGreaterThan(0)
  })
})

// The examples of issue 19 and the fuzz-style test, on this file's stack.
postgrestConformance(() => stack)
