/**
 * verifyAccessToken remembers verified tokens (local-supabase/keys.ts): a
 * remembered token still expires, and is remembered per secret only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { JwtError, signAccessToken, verifyAccessToken } from '../../local-supabase/keys.ts'
import { generateSigningJwk, loadJwtKeys, type JwtKeys } from '../../local-supabase/signing-keys.ts'

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

afterEach(() => {
  vi.useRealTimers()
})

describe('verifyAccessToken', () => {
  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'))
    const now = Math.floor(Date.now() / 1000)
    const token = await signAccessToken(
      { sub: 'user-1', role: 'authenticated', exp: now + 60 },
      SECRET,
    )
    expect((await verifyAccessToken(token, SECRET)).sub).toBe('user-1')
    expect((await verifyAccessToken(token, SECRET)).sub).toBe('user-1')
    vi.setSystemTime(new Date('2026-11-23T12:02:00Z'))
    const error = await verifyAccessToken(token, SECRET).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JwtError)
    expect((error as JwtError).reason).toBe('expired')
  })

  it('remembers a token for its own secret only', async () => {
    const token = await signAccessToken({ sub: 'user-2', role: 'authenticated' }, SECRET)
    expect((await verifyAccessToken(token, SECRET)).sub).toBe('user-2')
    const error = await verifyAccessToken(token, `${SECRET}-other`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JwtError)
    expect((error as JwtError).reason).toBe('invalid')
  })

  it('hands out copies: changing returned claims does not change the next answer', async () => {
    const token = await signAccessToken({ sub: 'user-3', role: 'authenticated' }, SECRET)
    const first = await verifyAccessToken(token, SECRET)
    first.role = 'service_role'
    expect((await verifyAccessToken(token, SECRET)).role).toBe('authenticated')
  })
})

describe('verifyAccessToken with signing keys', () => {
  const keys = (kid?: string) => {
    const jwk = generateSigningJwk()
    return loadJwtKeysFrom([{ ...jwk, kid: kid ?? jwk.kid }])
  }

  it('verifies ES256 by kid and HS256 without a kid by the secret; refuses other keys', async () => {
    const mine = keys('shared-kid')
    const other = keys('shared-kid')
    const token = await signAccessToken({ sub: 'user-4', role: 'authenticated' }, mine)
    expect((await verifyAccessToken(token, mine)).sub).toBe('user-4')
    // Same kid, another key: not taken from what was remembered for the first.
    await expect(verifyAccessToken(token, other)).rejects.toBeInstanceOf(JwtError)
    const legacy = await signAccessToken({ sub: 'user-5', role: 'authenticated' }, SECRET)
    expect((await verifyAccessToken(legacy, mine)).sub).toBe('user-5')
    // Given only the secret, an ES256 token is refused.
    await expect(verifyAccessToken(token, SECRET)).rejects.toBeInstanceOf(JwtError)
  })
})

function loadJwtKeysFrom(jwks: object[]): JwtKeys {
  const dir = mkdtempSync(path.join(tmpdir(), 'homeward-keys-'))
  const file = path.join(dir, 'signing_keys.json')
  writeFileSync(file, JSON.stringify(jwks))
  try {
    return loadJwtKeys({ secret: SECRET, signingKeysPath: file, dataDir: null })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
