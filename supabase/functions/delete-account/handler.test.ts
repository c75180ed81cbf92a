import assert from 'node:assert/strict'
import { type Caller, createHandler, MESSAGES } from './handler.ts'

const ORIGIN = 'http://localhost:5173'
const OWNER = 'Bearer owner-token'
const FINDER = 'Bearer finder-token'
const CALLERS: Record<string, Caller> = {
  [OWNER]: { id: 'owner-1', isAnonymous: false },
  [FINDER]: { id: 'finder-1', isAnonymous: true },
}

function setup(error: string | null = null) {
  const deleted: string[] = []
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    getCaller: (authorization) => Promise.resolve(CALLERS[authorization] ?? null),
    deleteUser: (userId) => {
      deleted.push(userId)
      return Promise.resolve({ error })
    },
  })
  return { deleted, handler }
}

function post(authorization: string | null): Request {
  const headers = new Headers({ 'Content-Type': 'application/json', Origin: ORIGIN })
  if (authorization) headers.set('Authorization', authorization)
  return new Request('http://localhost/functions/v1/delete-account', {
    method: 'POST',
    headers,
    body: '{}',
  })
}

Deno.test(
  'deletes the verified caller, and only the caller, with the Auth admin call',
  async () => {
    const { deleted, handler } = setup()
    const response = await handler(post(OWNER))
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { deleted: true })
    assert.deepEqual(deleted, ['owner-1'])
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
  },
)

Deno.test('refuses a request without a session, or with a token Auth does not know', async () => {
  for (const authorization of [null, 'Bearer forged']) {
    const { deleted, handler } = setup()
    const response = await handler(post(authorization))
    assert.equal(response.status, 401)
    assert.deepEqual(await response.json(), {
      error: { code: 'unauthorized', message: MESSAGES.signIn },
    })
    assert.deepEqual(deleted, [])
  }
})

Deno.test('refuses an anonymous finder session: there is no account to delete', async () => {
  const { deleted, handler } = setup()
  const response = await handler(post(FINDER))
  assert.equal(response.status, 403)
  assert.deepEqual(deleted, [])
})

Deno.test('a failed Auth admin delete is a 500, not a success', async () => {
  const { handler } = setup('Database error deleting user')
  const response = await handler(post(OWNER))
  assert.equal(response.status, 500)
  assert.equal(
    ((await response.json()) as { error: { code: string } }).error.code,
    'internal_error',
  )
})

Deno.test('answers the preflight', async () => {
  const { handler } = setup()
  const response = await handler(
    new Request('http://localhost/functions/v1/delete-account', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN },
    }),
  )
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
})
