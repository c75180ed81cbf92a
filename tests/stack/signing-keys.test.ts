/**
 * Signing keys, as current Supabase has them: access tokens are ES256 with the
 * signing key's kid, its public key is at /auth/v1/.well-known/jwks.json,
 * supabase-js getClaims() verifies a session with it, and REST and Realtime
 * accept those tokens and the legacy HS256 ones (the anon / service_role JWT
 * keys, tokens signed with the shared secret) alike. The key comes from
 * `[auth] signing_keys_path`, or is generated and kept in the data folder.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import { SignJWT, decodeProtectedHeader } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../local-supabase/config.ts'
import { startStack } from '../../local-supabase/stack.ts'
import { generateSigningJwk } from '../../local-supabase/signing-keys.ts'
import {
  client,
  decodeJwt,
  startTestStack,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import {
  createRoom,
  mintToken,
  ROOM_SCHEMA,
  subscribe,
  userClient,
  type UserClient,
} from '../../local-supabase/testing/realtime-support.ts'

let stack: TestStack
const users: UserClient[] = []

// A busy machine can take over a minute to start a stack (migrations on PGlite).
beforeAll(async () => {
  // Auto-confirmed sign-ups (the CLI's default), so signUp returns a session.
  stack = await startTestStack({ auth: { enableConfirmations: false } })
  await stack.context.db.exec(ROOM_SCHEMA)
}, 180_000)
afterEach(async () => {
  for (const { client: each } of users.splice(0)) await each.removeAllChannels()
})
afterAll(async () => {
  await stack?.close()
})

type Jwks = { keys: Record<string, unknown>[] }

async function jwksOf(apiUrl: string): Promise<{ jwks: Jwks; cacheControl: string | null }> {
  const response = await fetch(`${apiUrl}/auth/v1/.well-known/jwks.json`)
  expect(response.status).toBe(200)
  return {
    jwks: (await response.json()) as Jwks,
    cacheControl: response.headers.get('cache-control'),
  }
}

/** An ES256 token for the same user, same kid, signed by a key the stack does not know. */
async function signedByAnotherKey(token: string): Promise<string> {
  const { kid } = decodeProtectedHeader(token)
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return new SignJWT(decodeJwt(token))
    .setProtectedHeader({ alg: 'ES256', kid: kid!, typ: 'JWT' })
    .sign(privateKey)
}

function rest(token: string, apikey = stack.config.publishableKey) {
  return fetch(`${stack.apiUrl}/rest/v1/rt_members?select=room_id`, {
    headers: { apikey, Authorization: `Bearer ${token}` },
  })
}

describe('the JWKS endpoint', () => {
  it('serves the public signing key, never a private part or the legacy secret', async () => {
    const { jwks, cacheControl } = await jwksOf(stack.apiUrl)
    expect(cacheControl).toBe('public, max-age=600')
    expect(jwks.keys).toHaveLength(1)
    const [key] = jwks.keys
    expect(key).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
      kid: stack.config.jwtKeys.signing.kid,
    })
    expect(key).not.toHaveProperty('d')
    expect(JSON.stringify(jwks)).not.toContain(stack.config.jwtSecret)
  })
})

describe('sessions', () => {
  it('are ES256 with the kid, and supabase-js getClaims() verifies them with the JWKS', async () => {
    const sb = client(stack)
    const { data, error } = await sb.auth.signUp({ email: uniqueEmail(), password: 'correct-horse-1' })
    expect(error).toBeNull()
    const token = data.session!.access_token
    expect(decodeProtectedHeader(token)).toEqual({
      alg: 'ES256',
      kid: stack.config.jwtKeys.signing.kid,
      typ: 'JWT',
    })
    // getClaims verifies ES256 locally (WebCrypto) once it has the JWKS: no /user call.
    const userCalls: string[] = []
    const watched = createClient(stack.apiUrl, stack.config.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
      global: {
        fetch: (input, init) => {
          const url = input instanceof Request ? input.url : String(input)
          if (url.includes('/auth/v1/user')) userCalls.push(url)
          return fetch(input, init)
        },
      },
    })
    const claims = await watched.auth.getClaims(token)
    expect(claims.error).toBeNull()
    expect(claims.data?.claims.sub).toBe(data.user!.id)
    expect(claims.data?.header.kid).toBe(stack.config.jwtKeys.signing.kid)
    expect(userCalls).toEqual([])
    const forged = await watched.auth.getClaims(await signedByAnotherKey(token))
    expect(forged.data).toBeNull()
    expect(forged.error?.message).toContain('Invalid JWT signature')
  })
})

describe('REST', () => {
  it('accepts ES256 session tokens and legacy HS256 tokens and keys alike', async () => {
    const id = randomUUID()
    const room = await createRoom(stack.context.db, [id])
    for (const signing of ['signing-key', 'legacy'] as const) {
      const response = await rest(await mintToken(stack, id, 3600, signing))
      expect(response.status, signing).toBe(200)
      expect(await response.json(), signing).toEqual([{ room_id: room }])
    }
    for (const key of [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY]) {
      const response = await rest(key, key)
      expect(response.status).toBe(200)
    }
  })

  it('refuses an ES256 token signed by another key, and an unknown kid', async () => {
    const token = await mintToken(stack, randomUUID())
    const forged = await rest(await signedByAnotherKey(token))
    expect(forged.status).toBe(401)
    expect(((await forged.json()) as { code: string }).code).toBe('PGRST301')
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const unknownKid = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'ES256', kid: randomUUID(), typ: 'JWT' })
      .sign(privateKey)
    expect((await rest(unknownKid)).status).toBe(401)
    // HS256 with a kid is not the legacy secret's token: refused too.
    const withKid = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS256', kid: stack.config.jwtKeys.signing.kid, typ: 'JWT' })
      .sign(new TextEncoder().encode(stack.config.jwtSecret))
    expect((await rest(withKid)).status).toBe(401)
  })
})

describe('Realtime', () => {
  it('lets members join a private channel with an ES256 token or a legacy HS256 one', async () => {
    for (const signing of ['signing-key', 'legacy'] as const) {
      const member = await userClient(stack, { signing })
      users.push(member)
      const room = await createRoom(stack.context.db, [member.id])
      const joined = await subscribe(
        member.client.channel(`room:${room}`, { config: { private: true } }),
      )
      expect(joined.status, signing).toBe('SUBSCRIBED')
    }
  })

  it('refuses a socket whose ES256 token was signed by another key', async () => {
    const forged = await signedByAnotherKey(await mintToken(stack, randomUUID()))
    const sb = createClient(stack.apiUrl, stack.config.publishableKey, {
      accessToken: async () => forged,
      realtime: { transport: WebSocket as never, reconnectAfterMs: () => 60_000 },
    })
    const refused = await subscribe(sb.channel('room:nope', { config: { private: true } }))
    expect(refused.status).not.toBe('SUBSCRIBED')
    await sb.removeAllChannels()
  })
})

describe('where the key comes from', () => {
  const folders: string[] = []
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })
  async function folder(): Promise<string> {
    const made = await mkdtemp(path.join(tmpdir(), 'homeward-keys-'))
    folders.push(made)
    return made
  }
  const quiet = { ports: { api: 0, inbox: 0, db: 0 }, dbSocket: false, functions: false } as const

  it('keeps a generated key in the data folder across restarts; --reset makes a new one', async () => {
    const dataDir = path.join(await folder(), 'data')
    const options = { ...quiet, dataDir, scheduler: false, seed: false, env: {} }
    const first = await startStack({ ...options, config: { logLevel: 'silent' } })
    const kid = first.config.jwtKeys.signing.kid
    await first.close()
    const kept = JSON.parse(await readFile(path.join(dataDir, 'signing-key.json'), 'utf8')) as {
      kid: string
      d: string
    }[]
    expect(kept.map((key) => key.kid)).toEqual([kid])
    const again = await startStack({ ...options, config: { logLevel: 'silent' } })
    expect(again.config.jwtKeys.signing.kid).toBe(kid)
    expect((await jwksOf(again.apiUrl)).jwks.keys[0]?.kid).toBe(kid)
    await again.close()
    const reset = await startStack({ ...options, reset: true, config: { logLevel: 'silent' } })
    expect(reset.config.jwtKeys.signing.kid).not.toBe(kid)
    await reset.close()
  }, 180_000)

  it('signs with the key in [auth] signing_keys_path, and still accepts the legacy keys', async () => {
    const dir = await folder()
    const jwk = generateSigningJwk()
    await writeFile(path.join(dir, 'signing_keys.json'), JSON.stringify([jwk]))
    const toml = await readFile(path.resolve('supabase/config.toml'), 'utf8')
    await writeFile(
      path.join(dir, 'config.toml'),
      toml
        .replace('content_path = "./supabase/templates/recovery.html"', '')
        .replace('content_path = "./supabase/templates/confirmation.html"', '')
        .replace('[auth]\n', '[auth]\nsigning_keys_path = "./signing_keys.json"\n'),
    )
    // config.toml's env() values for development, beside it as in supabase/.
    await writeFile(
      path.join(dir, '.env.development'),
      await readFile(path.resolve('supabase/.env.development'), 'utf8'),
    )
    const fromFile = await startStack({
      ...quiet,
      dataDir: null,
      scheduler: false,
      seed: false,
      env: {},
      configPath: path.join(dir, 'config.toml'),
      config: { logLevel: 'silent' },
    })
    try {
      const { jwks } = await jwksOf(fromFile.apiUrl)
      expect(jwks.keys.map((key) => key.kid)).toEqual([jwk.kid])
      expect(jwks.keys[0]).toMatchObject({ x: jwk.x, y: jwk.y })
      const sb = createClient(fromFile.apiUrl, fromFile.config.publishableKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as never },
      })
      const { data } = await sb.auth.signInAnonymously()
      expect(decodeProtectedHeader(data.session!.access_token).kid).toBe(jwk.kid)
      const claims = await sb.auth.getClaims()
      expect(claims.data?.claims.is_anonymous).toBe(true)
      const legacy = await fetch(`${fromFile.apiUrl}/rest/v1/tags?select=code&limit=1`, {
        headers: {
          apikey: LOCAL_SERVICE_ROLE_KEY,
          Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
        },
      })
      expect(legacy.status).toBe(200)
    } finally {
      await fromFile.close()
    }
  }, 120_000)

  it('names a signing_keys_path it cannot use', async () => {
    const dir = await folder()
    await writeFile(path.join(dir, 'keys.json'), JSON.stringify(generateSigningJwk()))
    await expect(
      startStack({
        ...quiet,
        dataDir: null,
        env: { LOCAL_SUPABASE_SIGNING_KEYS_PATH: path.join(dir, 'keys.json') },
      }),
    ).rejects.toThrow(/must hold a JSON array of JWKs/)
    await expect(
      startStack({
        ...quiet,
        dataDir: null,
        env: { LOCAL_SUPABASE_SIGNING_KEYS_PATH: path.join(dir, 'missing.json') },
      }),
    ).rejects.toThrow(/failed to read signing keys: cannot read/)
  })
})
