import assert from 'node:assert/strict'
import { type Challenge, sha256Hex, verifyProof } from '../_shared/proof-of-work.ts'
import { PROOF_MESSAGES } from '../_shared/proof-of-work.ts'
import { PUBLISHABLE_KEY, testCallers } from '../_shared/testing/callers.ts'
import { createHandler } from './handler.ts'
import type { IssueCaller } from './issue-limit.ts'

const ORIGIN = 'http://localhost:5173'
const FINDER_ID = 'a2f4c1de-1111-4a4a-9b9b-0123456789ab'
const unlimited = () => Promise.resolve({ wait: 0, doublings: 0 })
const callers = await testCallers()
const FINDER = await callers.user({ sub: FINDER_ID, isAnonymous: true })

Deno.test('issues a challenge that, once solved, report-found accepts', async () => {
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    callerEnv: callers.env,
    secret: 'key',
    maxNumber: 300,
    countIssue: unlimited,
  })
  const response = await handler(
    new Request('http://localhost/functions/v1/pow-challenge', {
      method: 'POST',
      headers: { Origin: ORIGIN, Authorization: FINDER },
    }),
  )
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('Cache-Control'), 'no-store')
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
  const challenge = (await response.json()) as Challenge
  assert.equal(challenge.algorithm, 'SHA-256')
  assert.equal(challenge.maxNumber, 300)
  let number = 0
  while ((await sha256Hex(`${challenge.salt}${number}`)) !== challenge.challenge) number += 1
  const result = await verifyProof(
    { ...challenge, number },
    { secret: 'key', consume: () => Promise.resolve(true) },
  )
  assert.deepEqual(result, { ok: true })
})

Deno.test('answers the CORS preflight', async () => {
  const counted: IssueCaller[] = []
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    callerEnv: callers.env,
    secret: 'key',
    countIssue: (caller) => {
      counted.push(caller)
      return Promise.resolve({ wait: 0, doublings: 0 })
    },
  })
  const response = await handler(
    new Request('http://localhost/functions/v1/pow-challenge', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN },
    }),
  )
  assert.equal(response.status, 200)
  await response.body?.cancel()
  assert.deepEqual(counted, [])
})

Deno.test(
  'issuing is limited: over a limit it answers 429 with Retry-After and issues nothing',
  async () => {
    // as public.issue_challenge: 3 per user, 5 per address, nothing counted when refused
    const issued = new Map<string, number>()
    const countIssue = ({ address, userId }: IssueCaller) => {
      const subjects = [
        ...(address ? [[`address:${address}`, 5] as const] : []),
        ...(userId ? [[`user:${userId}`, 3] as const] : []),
      ]
      if (subjects.some(([subject, max]) => (issued.get(subject) ?? 0) >= max)) {
        return Promise.resolve({ wait: 42, doublings: 0 })
      }
      for (const [subject] of subjects) issued.set(subject, (issued.get(subject) ?? 0) + 1)
      return Promise.resolve({ wait: 0, doublings: 0 })
    }
    const handler = createHandler({
      allowedOrigins: [ORIGIN],
      callerEnv: callers.env,
      secret: 'key',
      countIssue,
    })
    const ask = async (user: string, address: string) =>
      handler(
        new Request('http://localhost/functions/v1/pow-challenge', {
          method: 'POST',
          headers: {
            Origin: ORIGIN,
            Authorization: await callers.user({ sub: user, isAnonymous: true }),
            'CF-Connecting-IP': address,
          },
        }),
      )
    const statuses = async (user: string, address: string, times: number) => {
      const answers: number[] = []
      for (let i = 0; i < times; i += 1) {
        const response = await ask(user, address)
        answers.push(response.status)
        if (response.status === 429) {
          assert.equal(response.headers.get('Retry-After'), '42')
          assert.equal(response.headers.get('Access-Control-Allow-Origin'), ORIGIN)
          assert.deepEqual(await response.json(), {
            error: { code: 'too_many_requests', message: PROOF_MESSAGES.tooMany },
          })
        } else {
          assert.equal(typeof (await response.json()).challenge, 'string')
        }
      }
      return answers
    }
    // one anonymous finder: 3, then refused
    assert.deepEqual(await statuses(FINDER_ID, '203.0.113.7', 4), [200, 200, 200, 429])
    // new finders from the same address: 2 more until the address's 5
    const other = 'b3e5d2ef-2222-4b4b-8c8c-0123456789ab'
    assert.deepEqual(await statuses(other, '203.0.113.7', 3), [200, 200, 429])
    // another address is unaffected
    const third = 'c4f6e3f0-3333-4c4c-8d8d-0123456789ab'
    assert.deepEqual(await statuses(third, '198.51.100.2', 1), [200])
  },
)

Deno.test(
  'the limits count the address the proxy reports and the user the token names',
  async () => {
    const counted: IssueCaller[] = []
    const handler = createHandler({
      allowedOrigins: [ORIGIN],
      callerEnv: callers.env,
      secret: 'key',
      countIssue: (caller) => {
        counted.push(caller)
        return Promise.resolve({ wait: 0, doublings: 0 })
      },
    })
    const ask = (headers: Record<string, string>) =>
      handler(
        new Request('http://localhost/functions/v1/pow-challenge', { method: 'POST', headers }),
      )
    const statuses: number[] = []
    const requests: Record<string, string>[] = [
      { Authorization: FINDER, 'CF-Connecting-IP': '203.0.113.9', 'X-Forwarded-For': '10.9.9.9' },
      { Authorization: FINDER, 'X-Forwarded-For': '198.51.100.4, 10.0.0.1' },
      // not signed in: refused before anything is counted
      { apikey: PUBLISHABLE_KEY, 'X-Forwarded-For': '198.51.100.5' },
      { Authorization: await callers.otherKey(), 'X-Forwarded-For': '198.51.100.6' },
    ]
    for (const headers of requests) {
      const response = await ask(headers)
      statuses.push(response.status)
      await response.body?.cancel()
    }
    assert.deepEqual(statuses, [200, 200, 401, 401])
    assert.deepEqual(counted, [
      { address: '203.0.113.9', userId: FINDER_ID },
      { address: '198.51.100.4', userId: FINDER_ID },
    ])
  },
)

Deno.test('the difficulty SQL answers doubles the base number of tries', async () => {
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    callerEnv: callers.env,
    secret: 'key',
    maxNumber: 300,
    countIssue: () => Promise.resolve({ wait: 0, doublings: 3 }),
  })
  const response = await handler(
    new Request('http://localhost/functions/v1/pow-challenge', {
      method: 'POST',
      headers: { Origin: ORIGIN, Authorization: FINDER },
    }),
  )
  assert.equal(response.status, 200)
  const challenge = (await response.json()) as Challenge
  assert.equal(challenge.maxNumber, 2400)
  // the doubled maxNumber is signed: report-found accepts the solved challenge
  let number = 0
  while ((await sha256Hex(`${challenge.salt}${number}`)) !== challenge.challenge) number += 1
  assert.deepEqual(
    await verifyProof(
      { ...challenge, number },
      { secret: 'key', consume: () => Promise.resolve(true) },
    ),
    { ok: true },
  )
})
