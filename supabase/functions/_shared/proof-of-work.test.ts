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
    // the salt (with its expiry) is signed: a new expiry breaks the signature
    const later = proof.salt.replace(/expires=\d+/, 'expires=9999999999')
    assert.deepEqual(await verifyProof({ ...proof, salt: later }, options), {
      ok: false,
      reason: 'wrong',
    })
    // so is maxNumber
    assert.deepEqual(await verifyProof({ ...proof, maxNumber: proof.maxNumber + 1 }, options), {
      ok: false,
      reason: 'wrong',
    })
  },
)

/**
 * A solved proof whose number has at least two digits and no zero after its first,
 * and whose expiry ends in a digit other than zero (so digits move without a
 * leading zero the number would drop).
 */
async function solvedWithLongNumber(): Promise<Proof> {
  const now = new Date(NOW.getTime() + 7000)
  for (;;) {
    const proof = await solve(await createChallenge({ secret: SECRET, now, maxNumber: 5_000 }))
    if (/^[1-9][1-9]\d*$/.test(String(proof.number))) return proof
  }
}

Deno.test('an expiry edited by moving digits between salt and number is refused', async () => {
  const proof = await solvedWithLongNumber()
  const digits = String(proof.number)
  // the number's first digit moved onto the end of the expiry: ten times later
  const longer = { ...proof, salt: `${proof.salt}${digits[0]}`, number: Number(digits.slice(1)) }
  // the expiry's last digit moved onto the front of the number: long expired
  const expiry = proof.salt.slice(-1)
  const shorter = { ...proof, salt: proof.salt.slice(0, -1), number: Number(`${expiry}${digits}`) }
  for (const edited of [longer, shorter]) {
    // the hash still matches: only the signature over the salt can tell
    assert.equal(await sha256Hex(`${edited.salt}${edited.number}`), proof.challenge)
    const seen: string[] = []
    const consume = (challenge: string) => {
      seen.push(challenge)
      return Promise.resolve(true)
    }
    const maxNumber = Math.max(edited.maxNumber, edited.number)
    for (const candidate of [edited, { ...edited, maxNumber }]) {
      const result = await verifyProof(candidate, { secret: SECRET, consume, now: NOW })
      assert.equal(result.ok, false, JSON.stringify(candidate))
    }
    assert.deepEqual(seen, [])
  }
})

Deno.test('a signed expiry further than the challenge lifetime from now is refused', async () => {
  const longLived = await solve(
    await createChallenge({ secret: SECRET, now: NOW, maxNumber: 500, ttlSeconds: 24 * 3600 }),
  )
  const options = { secret: SECRET, consume: memoryConsume(), now: NOW }
  assert.deepEqual(await verifyProof(longLived, options), { ok: false, reason: 'wrong' })
  // the lifetime it was issued with is fine
  const usual = await solve(await issue())
  assert.deepEqual(await verifyProof(usual, options), { ok: true })
})

Deno.test('an expired challenge is refused', async () => {
  const proof = await solve(await issue())
  for (const later of [10 * 60_000, 3600_000]) {
    const now = new Date(NOW.getTime() + later)
    assert.deepEqual(await verifyProof(proof, { secret: SECRET, consume: memoryConsume(), now }), {
      ok: false,
      reason: 'expired',
    })
  }
  // a second before, it is still good
  const now = new Date(NOW.getTime() + 10 * 60_000 - 1000)
  assert.deepEqual(await verifyProof(proof, { secret: SECRET, consume: memoryConsume(), now }), {
    ok: true,
  })
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
