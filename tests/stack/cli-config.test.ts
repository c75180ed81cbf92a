/** Stack configuration and the gateway's key translation (protocols reference §5.2). */
import { describe, expect, it } from 'vitest'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, parseConfig } from '../../local-supabase/config.ts'
import { JwtError, resolveApiRole } from '../../local-supabase/keys.ts'

describe('parseConfig', () => {
  it('defaults to the Supabase CLI local values', () => {
    const config = parseConfig({})
    expect(config.ports).toEqual({ api: 54321, db: 54322, inbox: 54324 })
    expect(config.jwtSecret).toBe('super-secret-jwt-token-with-at-least-32-characters-long')
    expect(config.publishableKey).toBe('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH')
    expect(config.secretKey).toBe('sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz')
    // The CLI's default without a config.toml; the repository's sizes it for the national peak.
    expect(parseConfig({}, {}, { configPath: null }).rateLimits.otp).toEqual({
      limit: 30,
      windowSeconds: 300,
    })
    expect(config.rateLimits.otp).toEqual({ limit: 100, windowSeconds: 300 })
    expect(config.dataDir).toBe('.local-supabase/data')
  })

  it('lists every bad value in one readable error', () => {
    expect(() =>
      parseConfig({
        LOCAL_SUPABASE_API_PORT: 'abc',
        SITE_URL: 'nope',
        LOCAL_SUPABASE_RATE_LIMIT_VERIFY: '0',
      }),
    ).toThrow(
      /LOCAL_SUPABASE_API_PORT must be a whole number[\s\S]*LOCAL_SUPABASE_RATE_LIMIT_VERIFY[\s\S]*SITE_URL must be an http\(s\) URL/,
    )
  })
})

describe('resolveApiRole (Kong translation)', () => {
  const config = parseConfig({})
  const role = async (headers: Record<string, string>) =>
    (await resolveApiRole(new Headers(headers), config)).role

  it('maps sb_publishable_ and sb_secret_ keys, in apikey or as Bearer, to anon and service_role', async () => {
    expect(await role({ apikey: config.publishableKey })).toBe('anon')
    expect(await role({ apikey: config.secretKey })).toBe('service_role')
    expect(
      await role({
        apikey: config.publishableKey,
        authorization: `Bearer ${config.publishableKey}`,
      }),
    ).toBe('anon')
    expect(await role({ authorization: `Bearer ${config.secretKey}` })).toBe('service_role')
    expect(await role({ apikey: LOCAL_ANON_KEY })).toBe('anon')
    expect(
      await role({
        apikey: config.publishableKey,
        authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      }),
    ).toBe('service_role')
    expect(await role({})).toBe('anon')
  })

  it('refuses unknown sb_ keys and forged JWTs', async () => {
    await expect(
      resolveApiRole(new Headers({ apikey: 'sb_secret_wrong' }), config),
    ).rejects.toBeInstanceOf(JwtError)
    await expect(
      resolveApiRole(new Headers({ authorization: 'Bearer a.b.c' }), config),
    ).rejects.toBeInstanceOf(JwtError)
  })
})
