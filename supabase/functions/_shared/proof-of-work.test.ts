import assert from 'node:assert/strict'
import {
  type Challenge,
  createChallenge,
  type Proof,
  requireProof,
  sha256Hex,
  verifyProof,
} from './proof-of-work.ts'
import { HttpError } from './http.ts'

const SECRET = 'service-role-key'
const NOW = new Date('2026-11-23T03:00:00Z')

/** The browser's search, done plainly here. */
async function solve(challenge: Challenge): Promise<Proof> {
  for (let number = 0; number <= challenge.maxNumber; number += 1) {
    if ((await sha256Hex(`${challenge.salt}${number}`)) === challenge.challenge) {
      return { ...challenge, number }
    }
  }
  throw new Error('no solution')
}

function memoryConsume() {
  const used = new Set<string>()
  return (challenge: string) => {
    if (used.has(challenge)) return Promise.resolve(false)
    used.add(challenge)
    return Promise.resolve(true)
  }
}

const issue = (maxNumber = 500) => createChallenge({ secret: SECRET, now: NOW, maxNumber })

Deno.test('a solved challenge is accepted once, then refused as reused', async () => {
  const proof = await solve(await issue())
  const consume = memoryConsume()
  const options = { secret: SECRET, consume, now: new Date(NOW.getTime() + 60_000) }
  assert.deepEqual(await verifyProof(proof, options), { ok: true })
  assert.deepEqual(await verifyProof(proof, options), { ok: false, reason: 'reused' })
})

Deno.test('a missing proof is refused', async () => {
  for (const value of [undefined, null, '']) {
    assert.deepEqual(await verifyProof(value, { secret: SECRET, consume: memoryConsume() }), {
      ok: false,
      reason: 'missing',
    })
  }
})

Deno.test('a malformed proof is refused', async () => {
  const proof = await solve(await issue())
  for (const value of [
    'proof',
    42,
    [proof],
    { ...proof, number: '1' },
    { ...proof, number: -1 },
    { ...proof, number: proof.maxNumber + 1 },
    { ...proof, number: 1.5 },
    { ...proof, algorithm: 'SHA-1' },
    { ...proof, challenge: 'abc' },
    { ...proof, salt: 'x'.repeat(1000) },
    { ...proof, salt: 'no-expiry' },
  ]) {
    const result = await verifyProof(value, { secret: SECRET, consume: memoryConsume(), now: NOW })
    assert.deepEqual(result, { ok: false, reason: 'malformed' }, JSON.stringify(value).slice(0, 60))
  }
})

Deno.test(
  'a wrong number, a forged or re-signed challenge, or a moved expiry is refused',
  async () => {
    const challenge = await issue()
    const proof = await solve(challenge)
    const options = { secret: SECRET, consume: memoryConsume(), now: NOW }
    const wrongNumber = { ...proof, number: (proof.number + 1) % (proof.maxNumber + 1) }
    assert.deepEqual(await verifyProof(wrongNumber, options), { ok: false, reason: 'wrong' })
    // a challenge the client made itself: easy to solve, but not signed by us
    const salt = `${'ab'.repeat(12)}?expires=${Math.floor(NOW.getTime() / 1000) + 600}`
    const forged = { ...proof, salt, challenge: await sha256Hex(`${salt}0`), number: 0 }
    assert.deepEqual(await verifyProof(forged, options), { ok: false, reason: 'wrong' })
    // signed with another secret
    const other = await solve(
      await createChallenge({ secret: 'another', now: NOW, maxNumber: 500 }),
    )
    assert.deepEqual(await verifyProof(other, options), { ok: false, reason: 'wrong' })
    // the expiry lives in the salt, which the signed challenge covers
    const later = proof.salt.replace(/expires=\d+/, 'expires=9999999999')
    assert.deepEqual(await verifyProof({ ...proof, salt: later }, options), {
      ok: false,
      reason: 'wrong',
    })
  },
)

Deno.test('an expired challenge is refused', async () => {
  const proof = await solve(await issue())
  const afterTenMinutes = new Date(NOW.getTime() + 10 * 60_000)
  assert.deepEqual(
    await verifyProof(proof, { secret: SECRET, consume: memoryConsume(), now: afterTenMinutes }),
    { ok: false, reason: 'expired' },
  )
})

Deno.test('a refused proof is never recorded as used', async () => {
  const proof = await solve(await issue())
  const seen: string[] = []
  const consume = (challenge: string) => {
    seen.push(challenge)
    return Promise.resolve(true)
  }
  await verifyProof({ ...proof, number: proof.number + 1 }, { secret: SECRET, consume, now: NOW })
  assert.deepEqual(seen, [])
})

Deno.test(
  'requireProof answers 400 when missing or malformed and 403 when wrong, expired or reused',
  async () => {
    const proof = await solve(await issue())
    const consume = memoryConsume()
    const status = async (value: unknown, now = NOW) => {
      try {
        await requireProof(value, { secret: SECRET, consume, now })
        return 200
      } catch (error) {
        assert.ok(error instanceof HttpError)
        return error.status
      }
    }
    assert.equal(await status(undefined), 400)
    assert.equal(await status({ nope: true }), 400)
    assert.equal(await status({ ...proof, number: proof.number === 0 ? 1 : 0 }), 403)
    assert.equal(await status(proof, new Date(NOW.getTime() + 3_600_000)), 403)
    assert.equal(await status(proof), 200)
    assert.equal(await status(proof), 403)
  },
)

Deno.test('challenges differ each time and carry their expiry', async () => {
  const [a, b] = await Promise.all([issue(), issue()])
  assert.notEqual(a?.challenge, b?.challenge)
  assert.match(a?.salt ?? '', new RegExp(`\\?expires=${Math.floor(NOW.getTime() / 1000) + 600}$`))
})
