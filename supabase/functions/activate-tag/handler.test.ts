import assert from 'node:assert/strict'
import { type ActivateTagArgs, type ActivateTagRpc, createHandler, MESSAGES } from './handler.ts'

const ORIGIN = 'http://localhost:5173'

function token(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`
}

const OWNER = `Bearer ${token({ sub: 'owner-1', role: 'authenticated', is_anonymous: false })}`
const ANONYMOUS = `Bearer ${token({ sub: 'finder-1', role: 'authenticated', is_anonymous: true })}`
const ANON_KEY = `Bearer ${token({ iss: 'supabase-demo', role: 'anon' })}`

type Call = { authorization: string; args: ActivateTagArgs }

function setup(result: Awaited<ReturnType<ActivateTagRpc>>) {
  const calls: Call[] = []
  const failures: { userId: string; code: string }[] = []
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    activateTag: (authorization, args) => {
      calls.push({ authorization, args })
      return Promise.resolve(result)
    },
    recordFailure: (userId, code) => {
      failures.push({ userId, code })
      return Promise.resolve({ error: null })
    },
  })
  return { calls, failures, handler }
}

function post(body: string, authorization: string | null = OWNER): Request {
  const headers = new Headers({ 'Content-Type': 'application/json', Origin: ORIGIN })
  if (authorization) headers.set('Authorization', authorization)
  return new Request('http://localhost/functions/v1/activate-tag', {
    method: 'POST',
    headers,
    body,
  })
}

const VALID = JSON.stringify({
  tagId: '  hw7k3m9qpx ',
  activationCode: ' 483920 ',
  itemName: ' Keys ',
})
const ITEM = { id: 'item-1', tag_code: 'HW7K3M9QPX', name: 'Keys', status: null }

Deno.test('activates the tag as the caller and returns the new item', async () => {
  const { calls, failures, handler } = setup({ data: ITEM, error: null, status: 200 })
  const response = await handler(post(VALID))
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), { item: ITEM })
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
  assert.deepEqual(calls, [
    {
      authorization: OWNER,
      args: { code: 'HW7K3M9QPX', activation_code: '483920', item_name: 'Keys' },
    },
  ])
  assert.equal(failures.length, 0)
})

Deno.test('a wrong code pair is a 400 with the product message, and is counted', async () => {
  const { failures, handler } = setup({
    data: null,
    error: { message: 'activation_incorrect', code: 'P0001', details: null },
    status: 400,
  })
  const response = await handler(post(VALID))
  assert.equal(response.status, 400)
  assert.deepEqual(await response.json(), {
    error: { code: 'activation_incorrect', message: MESSAGES.incorrect },
  })
  assert.deepEqual(failures, [{ userId: 'owner-1', code: 'HW7K3M9QPX' }])
})

Deno.test('missing fields are a 400 and never reach the database', async () => {
  for (const body of [
    { tagId: 'HW7K3M9QPX', activationCode: '483920' },
    { tagId: ' ', activationCode: '483920', itemName: 'Keys' },
    { tagId: 'HW7K3M9QPX', activationCode: 42, itemName: 'Keys' },
  ]) {
    const { calls, handler } = setup({ data: ITEM, error: null })
    const response = await handler(post(JSON.stringify(body)))
    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), {
      error: { code: 'missing_fields', message: 'Please fill in all fields' },
    })
    assert.equal(calls.length, 0)
  }
})

Deno.test('an item name over 80 characters is refused', async () => {
  const { calls, handler } = setup({ data: ITEM, error: null })
  const body = JSON.stringify({
    tagId: 'HW7K3M9QPX',
    activationCode: '1',
    itemName: 'x'.repeat(81),
  })
  const response = await handler(post(body))
  assert.equal(response.status, 400)
  assert.equal((await response.json()).error.code, 'invalid_input')
  assert.equal(calls.length, 0)
})

Deno.test('no JWT is a 401', async () => {
  const { calls, handler } = setup({ data: ITEM, error: null })
  for (const authorization of [null, 'Basic abc', 'Bearer not-a-jwt', ANON_KEY]) {
    const response = await handler(post(VALID, authorization))
    assert.equal(response.status, 401, String(authorization))
    assert.equal((await response.json()).error.code, 'unauthorized')
  }
  assert.equal(calls.length, 0)
})

Deno.test('an anonymous (finder) session is refused with 403', async () => {
  const { calls, handler } = setup({ data: ITEM, error: null })
  const response = await handler(post(VALID, ANONYMOUS))
  assert.equal(response.status, 403)
  assert.equal((await response.json()).error.code, 'forbidden')
  assert.equal(calls.length, 0)
})

Deno.test('throttled attempts are a 429 with Retry-After from the database', async () => {
  const { failures, handler } = setup({
    data: null,
    error: { message: 'too_many_attempts', code: 'P0001', details: '1800' },
    status: 400,
  })
  const response = await handler(post(VALID))
  assert.equal(response.status, 429)
  assert.equal(response.headers.get('Retry-After'), '1800')
  assert.deepEqual(await response.json(), {
    error: { code: 'too_many_attempts', message: MESSAGES.throttled },
  })
  assert.equal(failures.length, 0)
})

Deno.test('throttling without a usable detail still says when to retry', async () => {
  const { handler } = setup({
    data: null,
    error: { message: 'too_many_attempts', code: 'P0001', details: null },
  })
  const response = await handler(post(VALID))
  assert.equal(response.status, 429)
  assert.equal(response.headers.get('Retry-After'), '3600')
})

Deno.test('bad JSON is a 400', async () => {
  const { calls, handler } = setup({ data: ITEM, error: null })
  for (const body of ['{not json', '[1,2]', 'null']) {
    const response = await handler(post(body))
    assert.equal(response.status, 400)
    assert.equal((await response.json()).error.code, 'invalid_json')
  }
  assert.equal(calls.length, 0)
})

Deno.test('an unexpected database error is a logged 500 without details', async () => {
  const { handler } = setup({
    data: null,
    error: { message: 'relation "tags" does not exist', code: '42P01' },
    status: 404,
  })
  const originalError = console.error
  const logged: unknown[] = []
  console.error = (...args: unknown[]) => logged.push(args)
  try {
    const response = await handler(post(VALID))
    assert.equal(response.status, 500)
    const body = await response.json()
    assert.equal(body.error.code, 'internal_error')
    assert.ok(!JSON.stringify(body).includes('relation'))
    assert.equal(logged.length, 1)
  } finally {
    console.error = originalError
  }
})

Deno.test('answers the CORS preflight without authentication', async () => {
  const { handler } = setup({ data: ITEM, error: null })
  const response = await handler(
    new Request('http://localhost/functions/v1/activate-tag', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN },
    }),
  )
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
  await response.body?.cancel()
})
