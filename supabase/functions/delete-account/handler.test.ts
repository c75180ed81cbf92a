import assert from 'node:assert/strict'
import { SECRET_KEY, testCallers } from '../_shared/testing/callers.ts'
import { createHandler, MESSAGES } from './handler.ts'

const ORIGIN = 'http://localhost:5173'
const OWNER_ID = '5d1e0b7a-3c2f-4e8d-9a6b-1f0e2d3c4b5a'
const callers = await testCallers()
const OWNER = await callers.user({ sub: OWNER_ID })

function setup(options: { deleteError?: string; isGone?: boolean; purgeFails?: boolean } = {}) {
  const calls: string[] = []
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    callerEnv: callers.env,
    deleteUser: (userId) => {
      calls.push(`delete ${userId}`)
      return Promise.resolve({ error: options.deleteError ?? null, isGone: options.isGone })
    },
    purgePhotos: () => {
      calls.push('purge photos')
      return options.purgeFails ? Promise.reject(new Error('Storage is down')) : Promise.resolve()
    },
  })
  return { calls, handler }
}

function post(headers: Record<string, string>): Request {
  return new Request('http://localhost/functions/v1/delete-account', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: '{}',
  })
}

Deno.test(
  'deletes the verified caller, and only the caller, then removes the photos that became due',
  async () => {
    const { calls, handler } = setup()
    const response = await handler(post({ Authorization: OWNER }))
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { deleted: true })
    assert.deepEqual(calls, [`delete ${OWNER_ID}`, 'purge photos'])
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
  },
)

Deno.test(
  'refuses, in our words, any caller @supabase/server does not verify as a user',
  async () => {
    const refused = {
      'no credentials': {},
      'a token signed by another key': { Authorization: await callers.otherKey({ sub: OWNER_ID }) },
      'an expired token': { Authorization: await callers.user({ sub: OWNER_ID, expiresIn: -60 }) },
      'a forged legacy HS256 token': {
        Authorization: await callers.forgedHs256({ sub: OWNER_ID }),
      },
      "the project's secret key": { apikey: SECRET_KEY },
      'a token that is not a user’s': {
        Authorization: await callers.user({ role: 'service_role' }),
      },
    }
    for (const [what, headers] of Object.entries(refused)) {
      const { calls, handler } = setup()
      const response = await handler(post(headers))
      assert.equal(response.status, 401, what)
      assert.deepEqual(
        await response.json(),
        { error: { code: 'unauthorized', message: MESSAGES.signIn } },
        what,
      )
      assert.deepEqual(calls, [], what)
    }
  },
)

Deno.test('refuses an anonymous finder session: there is no account to delete', async () => {
  const { calls, handler } = setup()
  const response = await handler(post({ Authorization: await callers.user({ isAnonymous: true }) }))
  assert.equal(response.status, 403)
  assert.deepEqual(await response.json(), {
    error: { code: 'forbidden', message: MESSAGES.ownersOnly },
  })
  assert.deepEqual(calls, [])
})

Deno.test('a failed Auth admin delete is a 500 and removes no photos', async () => {
  const { calls, handler } = setup({ deleteError: 'Database error deleting user' })
  const response = await handler(post({ Authorization: OWNER }))
  assert.equal(response.status, 500)
  assert.equal(
    ((await response.json()) as { error: { code: string } }).error.code,
    'internal_error',
  )
  assert.deepEqual(calls, [`delete ${OWNER_ID}`])
})

Deno.test('a repeat call for an account already deleted is a 404 in plain words', async () => {
  const { calls, handler } = setup({ deleteError: 'User not found', isGone: true })
  const response = await handler(post({ Authorization: OWNER }))
  assert.equal(response.status, 404)
  assert.deepEqual(await response.json(), {
    error: { code: 'account_not_found', message: MESSAGES.alreadyDeleted },
  })
  assert.deepEqual(calls, [`delete ${OWNER_ID}`])
})

Deno.test(
  'the account stays deleted when removing the photos fails (the schedule retries)',
  async () => {
    const { calls, handler } = setup({ purgeFails: true })
    const response = await handler(post({ Authorization: OWNER }))
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { deleted: true })
    assert.deepEqual(calls, [`delete ${OWNER_ID}`, 'purge photos'])
  },
)

Deno.test('answers the preflight', async () => {
  const { calls, handler } = setup()
  const response = await handler(
    new Request('http://localhost/functions/v1/delete-account', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN },
    }),
  )
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
  assert.deepEqual(calls, [])
})
