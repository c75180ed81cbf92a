/**
 * report-found checks the proof-of-work before anything else; its one-time use
 * is recorded with the report (public.report_found answers proof_reused).
 */
import assert from 'node:assert/strict'
import { FakeOutbox, FakeProviders } from '../_shared/testing/fake-outbox.ts'
import { type Challenge, createChallenge, sha256Hex } from '../_shared/proof-of-work.ts'
import { testCallers } from '../_shared/testing/callers.ts'
import { type CreateReportArgs, createHandler, MESSAGES } from './handler.ts'
import { checkedProof } from './proof.ts'

const ORIGIN = 'http://localhost:5173'
const SECRET = 'service-role-key'
const FINDER_ID = 'a2f4c1de-1111-4a4a-9b9b-0123456789ab'
const callers = await testCallers()
const SESSION_ID = 'b3e5d2ef-2222-4b4b-8c8c-0123456789ab'
const FINDER = await callers.user({ sub: FINDER_ID, isAnonymous: true, sessionId: SESSION_ID })

function setup() {
  const used = new Set<string>()
  const reached: string[] = []
  const args: CreateReportArgs[] = []
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    siteUrl: ORIGIN,
    callerEnv: callers.env,
    checkProof: (proof) => checkedProof(proof, SECRET),
    // as public.report_found: the proof's one-time use goes with the report
    createReport: (call) => {
      reached.push('createReport')
      args.push(call)
      if (used.has(call.proof_challenge)) {
        return Promise.resolve({ data: null, error: { message: 'proof_reused' } })
      }
      used.add(call.proof_challenge)
      return Promise.resolve({
        data: [
          {
            report_id: 'report-1',
            chat_id: 'chat-1',
            invite_token: 'secret',
            chat_url: 'http://localhost:5173/chat?chatId=chat-1#token=secret',
          },
        ],
        error: null,
      })
    },
    db: new FakeOutbox(),
    providers: new FakeProviders(),
    runInBackground: () => undefined,
  })
  const report = (proof: unknown) =>
    handler(
      new Request('http://localhost/functions/v1/report-found', {
        method: 'POST',
        headers: { Authorization: FINDER, Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          tagCode: 'HW7K3M9QPX',
          name: 'Fiona',
          email: 'f@example.com',
          proof,
        }),
      }),
    )
  return { report, reached, args }
}

async function solved(secret = SECRET): Promise<Challenge & { number: number }> {
  const challenge = await createChallenge({ secret, maxNumber: 300 })
  let number = 0
  while ((await sha256Hex(`${challenge.salt}${number}`)) !== challenge.challenge) number += 1
  return { ...challenge, number }
}

Deno.test('a missing proof is a 400 and nothing else runs', async () => {
  const t = setup()
  const response = await t.report(undefined)
  assert.equal(response.status, 400)
  assert.equal((await response.json()).error.code, 'proof_required')
  assert.deepEqual(t.reached, [])
})

Deno.test('a wrong proof is a 403 and nothing else runs', async () => {
  const t = setup()
  const proof = await solved()
  for (const wrong of [{ ...proof, number: proof.number === 0 ? 1 : 0 }, await solved('other')]) {
    const response = await t.report(wrong)
    assert.equal(response.status, 403)
    assert.equal((await response.json()).error.code, 'proof_failed')
  }
  assert.deepEqual(t.reached, [])
})

Deno.test('a right proof lets the report through once; replaying it is refused', async () => {
  const t = setup()
  const proof = await solved()
  const first = await t.report(proof)
  assert.equal(first.status, 200)
  assert.deepEqual(t.reached, ['createReport'])
  const replay = await t.report(proof)
  assert.equal(replay.status, 403)
  assert.equal((await replay.json()).error.code, 'proof_failed')
  assert.deepEqual(t.reached, ['createReport', 'createReport'])
})

Deno.test("the database's field checks are a 400 in the product's words", async () => {
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    siteUrl: ORIGIN,
    callerEnv: callers.env,
    checkProof: () => Promise.resolve({ challenge: 'c'.repeat(64), expiresAt: new Date() }),
    createReport: () =>
      Promise.resolve({
        data: null,
        error: { message: 'invalid_input', details: 'finder_name' },
      }),
    db: new FakeOutbox(),
    providers: new FakeProviders(),
    runInBackground: () => undefined,
  })
  const response = await handler(
    new Request('http://localhost/functions/v1/report-found', {
      method: 'POST',
      headers: { Authorization: FINDER, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tagCode: 'HW7K3M9QPX', name: 'Fiona\nX', email: 'f@example.com' }),
    }),
  )
  assert.equal(response.status, 400)
  assert.equal((await response.json()).error.message, MESSAGES.oneLine)
})

Deno.test('bad input is a 400 with a clear message, never a 500, and creates nothing', async () => {
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    siteUrl: ORIGIN,
    callerEnv: callers.env,
    checkProof: () => Promise.resolve({ challenge: 'c'.repeat(64), expiresAt: new Date() }),
    createReport: () => {
      throw new Error('must not be reached')
    },
    db: new FakeOutbox(),
    providers: new FakeProviders(),
    runInBackground: () => undefined,
  })
  const post = (body: string) =>
    handler(
      new Request('http://localhost/functions/v1/report-found', {
        method: 'POST',
        headers: { Authorization: FINDER, Origin: ORIGIN, 'Content-Type': 'application/json' },
        body,
      }),
    )
  const valid = { tagCode: 'HW7K3M9QPX', name: 'Fiona', email: 'f@example.com' }
  for (const body of [
    JSON.stringify({ ...valid, name: 'Fi\u0000ona' }),
    JSON.stringify({ ...valid, foundLocation: 'bench\u0000' }),
    JSON.stringify({ ...valid, email: 42 }),
    JSON.stringify({ ...valid, email: ['f@example.com'] }),
    JSON.stringify({ ...valid, address: 'x'.repeat(20_000) }),
    JSON.stringify({ ...valid, extra: JSON.parse('['.repeat(30) + ']'.repeat(30)) as unknown }),
    '{"tagCode": "HW7K3M9QPX", "name": ',
    '',
  ]) {
    const response = await post(body)
    assert.equal(response.status, 400, body.slice(0, 60))
    const answer = await response.json()
    assert.equal(typeof answer.error.message, 'string')
  }
})

Deno.test("the finder is the verified token's user and session", async () => {
  const t = setup()
  const response = await t.report(await solved())
  assert.equal(response.status, 200)
  const [call] = t.args
  assert.equal(call?.finder_id, FINDER_ID)
  assert.equal(call?.finder_session_id, SESSION_ID)
})

Deno.test(
  'a proof is checked without being used up: its challenge and expiry go to SQL',
  async () => {
    const proof = await solved()
    const checked = await checkedProof(proof, SECRET)
    assert.equal(checked.challenge, proof.challenge)
    assert.ok(checked.expiresAt.getTime() > Date.now())
    assert.deepEqual(await checkedProof(proof, SECRET), checked)
  },
)
