import { describe, expect, it } from 'vitest'
import { solvePow } from '@/features/found/proof-of-work'

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

const base = { algorithm: 'SHA-256', salt: 'a1b2?expires=1', signature: 's', maxNumber: 2000 }

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
