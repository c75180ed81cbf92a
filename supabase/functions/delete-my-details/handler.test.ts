import assert from 'node:assert/strict'
import { testCallers } from '../_shared/testing/callers.ts'
import { createHandler, MESSAGES, type RpcError } from './handler.ts'

const callers = await testCallers()
const CHAT = crypto.randomUUID()

function harness(answer: { data: boolean | null; error: RpcError | null }, removal?: Error) {
  const calls: string[] = []
  const handler = createHandler({
    allowedOrigins: [],
    callerEnv: callers.env,
    deleteDetails: (authorization, chatId) => {
      calls.push(`delete ${chatId} ${authorization.startsWith('Bearer ') ? 'as caller' : '?'}`)
      return Promise.resolve(answer)
    },
    removeDuePhotos: () => {
      calls.push('remove photos')
      return removal ? Promise.reject(removal) : Promise.resolve()
    },
  })
  return { handler, calls }
}

const call = async (
  handler: (request: Request) => Promise<Response>,
  body: unknown,
  authorization: string | null = null,
) =>
  handler(
    new Request('http://localhost/delete-my-details', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: authorization ?? (await callers.user({ isAnonymous: true })),
      },
      body: JSON.stringify(body),
    }),
  )

Deno.test(
  "deletes the finder's details as the caller, then removes the photos in the same request",
  async () => {
    const { handler, calls } = harness({ data: true, error: null })
    const response = await call(handler, { chat_id: CHAT })
    assert.equal(response.status, 200)
    assert.deepEqual(await response.json(), { deleted: true })
    assert.deepEqual(calls, [`delete ${CHAT} as caller`, 'remove photos'])
  },
)

Deno.test(
  'the details are deleted even when removing the photos fails (the schedule retries)',
  async () => {
    const { handler, calls } = harness({ data: true, error: null }, new Error('Storage is down'))
    const response = await call(handler, { chat_id: CHAT })
    assert.equal(response.status, 200)
    assert.deepEqual(calls, [`delete ${CHAT} as caller`, 'remove photos'])
  },
)

Deno.test("someone who is not the chat's finder gets a 403 and nothing is removed", async () => {
  const { handler, calls } = harness({
    data: null,
    error: { message: 'not_the_finder', code: '42501' },
  })
  const response = await call(handler, { chat_id: CHAT })
  assert.equal(response.status, 403)
  assert.deepEqual(await response.json(), {
    error: { code: 'forbidden', message: MESSAGES.notTheFinder },
  })
  assert.deepEqual(calls, [`delete ${CHAT} as caller`])
})

Deno.test('a bad chat id is a 400, no caller a 401, and nothing is called', async () => {
  const { handler, calls } = harness({ data: true, error: null })
  for (const body of [{}, { chat_id: 'x' }, { chat_id: 42 }]) {
    assert.equal((await call(handler, body)).status, 400)
  }
  assert.equal((await call(handler, { chat_id: CHAT }, await callers.otherKey())).status, 401)
  assert.deepEqual(calls, [])
})
