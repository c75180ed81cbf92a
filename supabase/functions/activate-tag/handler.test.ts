import assert from 'node:assert/strict'
import { BODY_LIMITS, INPUT_MESSAGES } from '../_shared/http.ts'
import { SECRET_KEY, testCallers } from '../_shared/testing/callers.ts'
import {
  type ActivateTagArgs,
  type ActivationOutcome,
  createHandler,
  MESSAGES,
  type RpcError,
} from './handler.ts'

const ORIGIN = 'http://localhost:5173'
const OWNER_ID = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'
const callers = await testCallers()
const OWNER = await callers.user({ sub: OWNER_ID })
const FINDER = await callers.user({ isAnonymous: true })

type Result = { data: unknown; error: RpcError | null }

function setup(result: Result) {
  const calls: ActivateTagArgs[] = []
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    callerEnv: callers.env,
    activateTag: (args) => {
      calls.push(args)
      return Promise.resolve(result)
    },
  })
  return { calls, handler }
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
const outcome = (value: ActivationOutcome): Result => ({ data: value, error: null })

Deno.test(
  'activates the tag for the verified caller, as the service role, and returns the item',
  async () => {
    const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
    const response = await handler(post(VALID))
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { item: ITEM })
    assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
    assert.deepEqual(calls, [
      { owner_id: OWNER_ID, code: 'HW7K3M9QPX', activation_code: '483920', item_name: 'Keys' },
    ])
  },
)

Deno.test('a wrong code pair is a 400 with the product message', async () => {
  const { handler } = setup(outcome({ outcome: 'incorrect' }))
  const response = await handler(post(VALID))
  assert.equal(response.status, 400)
  assert.deepEqual(await response.json(), {
    error: { code: 'activation_incorrect', message: MESSAGES.incorrect },
  })
})

Deno.test("the owner's own tag is a 409 saying it is already theirs", async () => {
  const { handler } = setup(outcome({ outcome: 'already_yours', item: ITEM }))
  const response = await handler(post(VALID))
  assert.equal(response.status, 409)
  assert.deepEqual(await response.json(), {
    error: { code: 'already_yours', message: 'already_yours' },
  })
})

Deno.test('throttled attempts are a 429 with Retry-After from the database', async () => {
  const { handler } = setup(outcome({ outcome: 'too_many_attempts', retry_after: 1800 }))
  const response = await handler(post(VALID))
  assert.equal(response.status, 429)
  assert.equal(response.headers.get('Retry-After'), '1800')
  assert.deepEqual(await response.json(), {
    error: { code: 'too_many_attempts', message: MESSAGES.throttled },
  })
})

Deno.test('throttling without a usable wait still says when to retry', async () => {
  const { handler } = setup(outcome({ outcome: 'too_many_attempts' }))
  const response = await handler(post(VALID))
  assert.equal(response.status, 429)
  assert.equal(response.headers.get('Retry-After'), '3600')
})

Deno.test('missing fields are a 400 and never reach the database', async () => {
  for (const body of [
    { tagId: 'HW7K3M9QPX', activationCode: '483920' },
    { tagId: ' ', activationCode: '483920', itemName: 'Keys' },
    { tagId: 'HW7K3M9QPX', activationCode: null, itemName: 'Keys' },
  ]) {
    const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
    const response = await handler(post(JSON.stringify(body)))
    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), {
      error: { code: 'missing_fields', message: 'missing_fields' },
    })
    assert.equal(calls.length, 0)
  }
})

Deno.test(
  'bad input is a 400 with its code, never a 500, and never reaches the database',
  async () => {
    const cases: Array<[string, string]> = [
      [
        JSON.stringify({ tagId: 'HW7K3M9QPX', activationCode: 42, itemName: 'Keys' }),
        INPUT_MESSAGES.notText,
      ],
      [
        JSON.stringify({ tagId: ['HW7K3M9QPX'], activationCode: '1', itemName: 'Keys' }),
        INPUT_MESSAGES.notText,
      ],
      [
        JSON.stringify({ tagId: { a: 1 }, activationCode: '1', itemName: 'Keys' }),
        INPUT_MESSAGES.notText,
      ],
      [
        JSON.stringify({ tagId: 'HW7K3M9QPX', activationCode: '1', itemName: 'x'.repeat(81) }),
        MESSAGES.nameTooLong,
      ],
      [
        JSON.stringify({ tagId: 'HW7K3M9QPX', activationCode: '1', itemName: 'Keys\nmore' }),
        MESSAGES.nameOneLine,
      ],
      [
        JSON.stringify({ tagId: 'HW'.repeat(40), activationCode: '1', itemName: 'Keys' }),
        MESSAGES.codeTooLong,
      ],
      [
        JSON.stringify({ tagId: 'HW7K3M9QPX\u0000', activationCode: '1', itemName: 'Keys' }),
        INPUT_MESSAGES.badCharacters,
      ],
      [
        JSON.stringify({ tagId: 'HW7K3M9QPX', activationCode: '1', itemName: 'Ke\u0000ys' }),
        INPUT_MESSAGES.badCharacters,
      ],
      [
        JSON.stringify({ tagId: 'HW7K3M9QPX', 'activation\u0000Code': '1', itemName: 'Keys' }),
        INPUT_MESSAGES.badCharacters,
      ],
      [
        JSON.stringify({
          tagId: 'HW7K3M9QPX',
          activationCode: '1',
          itemName: 'Keys',
          x: 'a'.repeat(BODY_LIMITS.maxBytes),
        }),
        INPUT_MESSAGES.tooLarge,
      ],
      [
        `{"tagId":"HW7K3M9QPX","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
        INPUT_MESSAGES.tooLarge,
      ],
      [`{"tagId":"HW7K3M9QPX","x":${'['.repeat(50)}${']'.repeat(50)}}`, INPUT_MESSAGES.tooDeep],
    ]
    for (const [body, message] of cases) {
      const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
      const response = await handler(post(body))
      assert.equal(response.status, 400, body.slice(0, 80))
      const answer = await response.json()
      assert.deepEqual(
        { code: answer.error.code, message: answer.error.message },
        { code: 'invalid_input', message },
      )
      // A field over its limit says the limit.
      if (message === MESSAGES.nameTooLong) assert.equal(answer.error.detail, '80')
      assert.equal(calls.length, 0)
    }
  },
)

Deno.test('bytes that are not UTF-8 are a 400', async () => {
  const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
  const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])
  const response = await handler(
    new Request('http://localhost/functions/v1/activate-tag', {
      method: 'POST',
      headers: { Authorization: OWNER, 'Content-Type': 'application/json' },
      body: bytes,
    }),
  )
  assert.equal(response.status, 400)
  assert.equal((await response.json()).error.code, 'invalid_input')
  assert.equal(calls.length, 0)
})

Deno.test("the database's own input checks are a 400, not a 500", async () => {
  const { handler } = setup({
    data: null,
    error: { message: 'invalid_input', code: 'P0001', details: 'item_name' },
  })
  const response = await handler(post(VALID))
  assert.equal(response.status, 400)
  assert.deepEqual(await response.json(), {
    error: { code: 'invalid_input', message: MESSAGES.nameOneLine },
  })
})

Deno.test('no session, or a token the signing keys do not verify, is a 401', async () => {
  const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
  const refused = [
    null,
    'Basic abc',
    'Bearer ',
    'Bearer forged.jwt.token',
    await callers.forgedHs256({ sub: OWNER_ID, role: 'authenticated' }),
    await callers.otherKey({ sub: OWNER_ID }),
    await callers.user({ sub: OWNER_ID, expiresIn: -60 }),
    `Bearer ${SECRET_KEY}`,
  ]
  for (const authorization of refused) {
    const response = await handler(post(VALID, authorization))
    assert.equal(response.status, 401, String(authorization))
    assert.equal((await response.json()).error.code, 'unauthorized')
  }
  assert.equal(calls.length, 0)
})

Deno.test('an anonymous (finder) session is refused with 403', async () => {
  const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
  const response = await handler(post(VALID, FINDER))
  assert.equal(response.status, 403)
  assert.equal((await response.json()).error.code, 'forbidden')
  assert.equal(calls.length, 0)
})

Deno.test('bad JSON is a 400', async () => {
  const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
  for (const body of ['{not json', '[1,2]', 'null', '']) {
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
  const { handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
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

Deno.test('a Tag ID typed with dashes and spaces reaches the database as the code', async () => {
  const { calls, handler } = setup(outcome({ outcome: 'activated', item: ITEM }))
  const body = JSON.stringify({ tagId: 'hw7k-3m9q px', activationCode: '483920', itemName: 'Keys' })
  assert.equal((await handler(post(body))).status, 200)
  assert.equal(calls[0]?.code, 'HW7K3M9QPX')
})
