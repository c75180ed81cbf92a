import assert from 'node:assert/strict'
import { type Challenge, sha256Hex, verifyProof } from '../_shared/proof-of-work.ts'
import { createHandler } from './handler.ts'

const ORIGIN = 'http://localhost:5173'

Deno.test('issues a challenge that, once solved, report-found accepts', async () => {
  const handler = createHandler({ allowedOrigins: [ORIGIN], secret: 'key', maxNumber: 300 })
  const response = await handler(
    new Request('http://localhost/functions/v1/pow-challenge', {
      method: 'POST',
      headers: { Origin: ORIGIN },
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
  const handler = createHandler({ allowedOrigins: [ORIGIN], secret: 'key' })
  const response = await handler(
    new Request('http://localhost/functions/v1/pow-challenge', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN },
    }),
  )
  assert.equal(response.status, 200)
  await response.body?.cancel()
})
