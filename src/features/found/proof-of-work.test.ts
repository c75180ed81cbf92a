import { describe, expect, it } from 'vitest'
import { sha256Hex as ownSha256Hex, solvePow } from '@/features/found/proof-of-work'

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

const base = { algorithm: 'SHA-256', salt: 'a1b2?expires=1', signature: 's', maxNumber: 2000 }

describe('sha256Hex', () => {
  it('agrees with Web Crypto for empty, short, block-edge, multi-block and non-ASCII input', async () => {
    const inputs = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(119)]
    inputs.push('x'.repeat(200), 'Grüße ✓ 🧭', `${'f'.repeat(24)}?expires=1763870000${49999}`)
    for (const input of inputs) {
      expect(ownSha256Hex(input), input.slice(0, 20)).toBe(await sha256Hex(input))
    }
    expect(ownSha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })
})

describe('solvePow', () => {
  it('finds the number, also past the first batch and at maxNumber', async () => {
    for (const number of [0, 7, 1234, 2000]) {
      const challenge = await sha256Hex(`${base.salt}${number}`)
      expect(await solvePow({ ...base, challenge })).toEqual({ ...base, challenge, number })
    }
  })

  it('gives up (null) on a challenge with no answer in range, or another algorithm', async () => {
    const beyond = await sha256Hex(`${base.salt}2001`)
    expect(await solvePow({ ...base, challenge: beyond })).toBeNull()
    const challenge = await sha256Hex(`${base.salt}1`)
    expect(await solvePow({ ...base, challenge, algorithm: 'SHA-1' })).toBeNull()
    expect(await solvePow({ ...base, challenge: 'not hex' })).toBeNull()
  })
})
