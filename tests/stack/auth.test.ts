/** Auth conformance: unmodified supabase-js against the local stack's /auth/v1. */
import { createClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  client,
  decodeJwt,
  firstLink,
  latestEmailTo,
  serviceClient,
  startTestStack,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import { authVariant } from './auth-variant.ts'
import { gotrueConformance } from './gotrue-conformance.ts'

let stack: TestStack
beforeAll(async () => {
  // GoTrue with auto-confirm (the CLI's default); confirmations: auth-confirmations.test.ts
  stack = await startTestStack({ auth: { enableConfirmations: false } })
})
afterAll(async () => {
  await stack?.close()
})

const PASSWORD = 'correct-horse-1'
const APP_RESET_PAGE = 'http://localhost:5173/password-reset/update'

async function registered(data: Record<string, unknown> = {}) {
  const sb = client(stack)
  const email = uniqueEmail()
  const { data: signUp, error } = await sb.auth.signUp({
    email,
    password: PASSWORD,
    options: { data },
  })
  expect(error).toBeNull()
  return { sb, email, session: signUp.session! }
}

describe('health and settings', () => {
  it('answers GET /health and /settings as GoTrue', async () => {
    const health = (await (await fetch(`${stack.apiUrl}/auth/v1/health`)).json()) as {
      name: string
    }
    expect(health.name).toBe('GoTrue')
    const settings = (await (await fetch(`${stack.apiUrl}/auth/v1/settings`)).json()) as {
      external: { email: boolean; anonymous_users: boolean }
      mailer_autoconfirm: boolean
    }
    expect(settings.external.email).toBe(true)
    expect(settings.external.anonymous_users).toBe(true)
    expect(settings.mailer_autoconfirm).toBe(true)
  })
})

describe('sign-up', () => {
  it('returns a session with the metadata and the claims Supabase issues', async () => {
    const { email, session } = await registered({ full_name: 'Ada Lovelace' })
    expect(session.user.email).toBe(email)
    expect(session.user.user_metadata.full_name).toBe('Ada Lovelace')
    expect(session.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] })
    expect(session.user.identities?.[0]?.provider).toBe('email')
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      iss: `${stack.apiUrl}/auth/v1`,
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      phone: '',
      is_anonymous: false,
    })
    expect(typeof claims.session_id).toBe('string')
    expect(claims.exp).toBe((claims.iat as number) + 3600)
    const row = await stack.context.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [session.user.id],
    )
    expect(row.rows[0]?.encrypted_password).toMatch(/^\$2[aby]\$10\$/)
  })

  it('refuses a duplicate e-mail with user_already_exists', async () => {
    const { email } = await registered()
    const { error } = await client(stack).auth.signUp({ email, password: PASSWORD })
    expect(error?.code).toBe('user_already_exists')
    expect(error?.status).toBe(422)
  })

  it('refuses a weak password with weak_password and its reasons', async () => {
    const { error } = await client(stack).auth.signUp({ email: uniqueEmail(), password: '123' })
    expect(error?.code).toBe('weak_password')
    expect(error?.status).toBe(422)
    expect((error as { reasons?: string[] }).reasons).toEqual(['length'])
  })

  it('refuses a malformed e-mail with validation_failed', async () => {
    const { error } = await client(stack).auth.signUp({ email: 'not-an-email', password: PASSWORD })
    expect(error?.code).toBe('validation_failed')
    expect(error?.status).toBe(400)
  })

  it('signs in anonymously', async () => {
    const { data, error } = await client(stack).auth.signInAnonymously()
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(true)
    const claims = decodeJwt(data.session!.access_token)
    expect(claims.is_anonymous).toBe(true)
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'anonymous' })])
  })
})

describe('password sign-in and tokens', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const { email } = await registered()
    const sb = client(stack)
    const wrong = await sb.auth.signInWithPassword({ email, password: 'wrong-password' })
    expect(wrong.error?.code).toBe('invalid_credentials')
    expect(wrong.error?.status).toBe(400)
    const unknown = await sb.auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD })
    expect(unknown.error?.code).toBe('invalid_credentials')
    const right = await sb.auth.signInWithPassword({ email, password: PASSWORD })
    expect(right.error).toBeNull()
    const { data: user } = await sb.auth.getUser()
    expect(user.user?.email).toBe(email)
  })

  it('rotates refresh tokens, allows reuse within the interval, refuses it after', async () => {
    const { sb, session } = await registered()
    const first = session.refresh_token
    const refreshed = await sb.auth.refreshSession()
    expect(refreshed.error).toBeNull()
    const second = refreshed.data.session!.refresh_token
    expect(second).not.toBe(first)
    // Within the reuse interval the old token yields the current one.
    const reuse = await client(stack).auth.refreshSession({ refresh_token: first })
    expect(reuse.error).toBeNull()
    expect(reuse.data.session?.refresh_token).toBe(second)
    // Outside it, the old token is refused.
    await stack.context.db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1",
      [first],
    )
    const late = await client(stack).auth.refreshSession({ refresh_token: first })
    expect(late.error?.code).toBe('refresh_token_already_used')
    const unknown = await client(stack).auth.refreshSession({ refresh_token: 'abcdefghijkl' })
    expect(unknown.error?.code).toBe('refresh_token_not_found')
  })

  it('refuses expired and forged access tokens with bad_jwt', async () => {
    const { session } = await registered()
    const claims = decodeJwt(session.access_token)
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 120 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(stack.config.jwtSecret))
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'))
    for (const token of [expired, forged]) {
      const { error } = await client(stack).auth.getUser(token)
      expect(error?.code).toBe('bad_jwt')
      expect(error?.status).toBe(403)
    }
  })

  it('answers errors as { code, message }, echoing X-Supabase-Api-Version and exposing it to browsers', async () => {
    const response = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: stack.config.publishableKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        Origin: 'http://localhost:5173',
      },
      body: JSON.stringify({ email: uniqueEmail(), password: 'nope-nope' }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain(
      'X-Supabase-Api-Version',
    )
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    })
    const preflight = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-headers')).toContain(
      'x-supabase-api-version',
    )
  })
})

describe('user', () => {
  it('refuses an e-mail change clearly (taken address: email_exists)', async () => {
    const { sb } = await registered()
    const { email: taken } = await registered()
    expect((await sb.auth.updateUser({ email: taken })).error?.code).toBe('email_exists')
    const change = await sb.auth.updateUser({ email: uniqueEmail('new') })
    expect(change.error?.code).toBe('email_change_not_supported')
    expect(change.error?.status).toBe(422)
  })

  it('updates metadata (shallow merge, null deletes) and the password', async () => {
    const { sb, email } = await registered({ full_name: 'A', county: 'Kent' })
    const merged = await sb.auth.updateUser({ data: { county: null, country: 'UK' } })
    expect(merged.error).toBeNull()
    expect(merged.data.user?.user_metadata).toMatchObject({ full_name: 'A', country: 'UK' })
    expect(merged.data.user?.user_metadata).not.toHaveProperty('county')
    const same = await sb.auth.updateUser({ password: PASSWORD })
    expect(same.error?.code).toBe('same_password')
    const weak = await sb.auth.updateUser({ password: 'x' })
    expect(weak.error?.code).toBe('weak_password')
    const changed = await sb.auth.updateUser({ password: 'new-password-2' })
    expect(changed.error).toBeNull()
    const old = await client(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await client(stack).auth.signInWithPassword({ email, password: 'new-password-2' })
    expect(fresh.error).toBeNull()
  })
})

/** GET /user with a token, read raw so the GoTrue code is visible (auth-js turns session_not_found into AuthSessionMissingError). */
async function userCode(token: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/auth/v1/user`, {
    headers: {
      apikey: stack.config.publishableKey,
      Authorization: `Bearer ${token}`,
      'X-Supabase-Api-Version': '2024-01-01',
    },
  })
  if (response.ok) return 'ok'
  return ((await response.json()) as { code: string }).code
}

describe('logout scopes', () => {
  it('local ends this session only, others the rest, global all of them', async () => {
    const { email } = await registered()
    const signIn = async () => {
      const sb = client(stack)
      const { data } = await sb.auth.signInWithPassword({ email, password: PASSWORD })
      return { sb, session: data.session! }
    }
    const a = await signIn()
    const b = await signIn()
    const c = await signIn()
    expect((await a.sb.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(await userCode(a.session.access_token)).toBe('session_not_found')
    expect(await userCode(b.session.access_token)).toBe('ok')
    expect((await b.sb.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect(await userCode(c.session.access_token)).toBe('session_not_found')
    expect(await userCode(b.session.access_token)).toBe('ok')
    const d = await signIn()
    expect((await d.sb.auth.signOut()).error).toBeNull()
    expect(await userCode(b.session.access_token)).toBe('session_not_found')
    const refresh = await client(stack).auth.refreshSession({
      refresh_token: b.session.refresh_token,
    })
    expect(refresh.error?.code).toBe('refresh_token_not_found')
  })

  it('requires a bearer token: 401 no_authorization, 403 bad_jwt for the anon key', async () => {
    const none = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(none.status).toBe(401)
    expect(((await none.json()) as { code: string }).code).toBe('no_authorization')
    const anonKey = await fetch(`${stack.apiUrl}/auth/v1/user`, {
      headers: { apikey: stack.config.publishableKey, 'X-Supabase-Api-Version': '2024-01-01' },
    })
    expect(anonKey.status).toBe(403)
    expect(((await anonKey.json()) as { code: string }).code).toBe('bad_jwt')
  })
})

describe('password recovery', () => {
  it('implicit flow: the e-mail link lands on the reset page signed in for recovery', async () => {
    const { email } = await registered()
    const sb = client(stack)
    const { error } = await sb.auth.resetPasswordForEmail(email, { redirectTo: APP_RESET_PAGE })
    expect(error).toBeNull()
    const mail = await latestEmailTo(stack, email)
    expect(mail?.Subject).toBe('Reset your Homeward password')
    const link = firstLink(mail!.Text)
    expect(link.startsWith(`${stack.apiUrl}/auth/v1/verify?token=`)).toBe(true)
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(APP_RESET_PAGE)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('recovery')
    expect(fragment.get('token_type')).toBe('bearer')
    const set = await sb.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(set.error).toBeNull()
    expect((await sb.auth.updateUser({ password: 'recovered-pass' })).error).toBeNull()
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: 'recovered-pass' })).error,
    ).toBeNull()
    // The link works once.
    const again = await fetch(link, { redirect: 'manual' })
    const failed = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1))
    expect(failed.get('error_code')).toBe('otp_expired')
  })

  it('PKCE flow: the link redirects with ?code= and exchangeCodeForSession signs in', async () => {
    const { email } = await registered()
    const memory = new Map<string, string>()
    const pkce = createClient(stack.apiUrl, stack.config.publishableKey, {
      auth: {
        flowType: 'pkce',
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (k) => memory.get(k) ?? null,
          setItem: (k, v) => void memory.set(k, v),
          removeItem: (k) => void memory.delete(k),
        },
      },
      realtime: { transport: WebSocket as never },
    })
    expect(
      (await pkce.auth.resetPasswordForEmail(email, { redirectTo: APP_RESET_PAGE })).error,
    ).toBeNull()
    const mail = await latestEmailTo(stack, email)
    const link = firstLink(mail!.Text)
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/)
    const response = await fetch(link, { redirect: 'manual' })
    const code = new URL(response.headers.get('location')!).searchParams.get('code')
    expect(code).toBeTruthy()
    const exchanged = await pkce.auth.exchangeCodeForSession(code!)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe(email)
    const reused = await pkce.auth.exchangeCodeForSession(code!)
    expect(reused.error).not.toBeNull()
  })

  it('verifyOtp with the token hash returns a recovery session; a bad hash is otp_expired', async () => {
    const { email } = await registered()
    await client(stack).auth.resetPasswordForEmail(email, { redirectTo: APP_RESET_PAGE })
    const link = firstLink((await latestEmailTo(stack, email))!.Text)
    const tokenHash = new URL(link).searchParams.get('token')!
    const sb = client(stack)
    const verified = await sb.auth.verifyOtp({ type: 'recovery', token_hash: tokenHash })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(email)
    const bad = await client(stack).auth.verifyOtp({ type: 'recovery', token_hash: 'f'.repeat(56) })
    expect(bad.error?.code).toBe('otp_expired')
    expect(bad.error?.status).toBe(403)
  })

  it('answers {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody')
    const { error } = await client(stack).auth.resetPasswordForEmail(email)
    expect(error).toBeNull()
    expect(await latestEmailTo(stack, email)).toBeNull()
  })
})

describe('admin API (service role only)', () => {
  it('creates, reads, lists and deletes users; other roles get not_admin', async () => {
    const admin = serviceClient(stack).auth.admin
    const email = uniqueEmail('admin')
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Made By Admin' },
    })
    expect(created.error).toBeNull()
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Made By Admin' },
    })
    expect(created.data.user?.email_confirmed_at).toBeTruthy()
    expect(
      (await client(stack).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull()
    const id = created.data.user!.id
    expect((await admin.getUserById(id)).data.user?.email).toBe(email)
    const listed = await admin.listUsers({ page: 1, perPage: 1000 })
    expect(listed.data.users.map((u) => u.id)).toContain(id)
    expect((await admin.deleteUser(id)).error).toBeNull()
    expect((await admin.getUserById(id)).error?.status).toBe(404)
    const notAdmin = await client(stack).auth.admin.listUsers()
    expect(notAdmin.error?.code).toBe('not_admin')
  })
})

describe('metadata Postgres cannot store', () => {
  const expectRefused = (result: {
    error: { status?: number; code?: string; message: string } | null
  }) => {
    expect(result.error).toMatchObject({ status: 400, code: 'validation_failed' })
    expect(result.error?.message).toMatch(/cannot store \(a NUL character/)
  }

  it('refuses a NUL or an unpaired surrogate in every metadata form with 400 validation_failed', async () => {
    const nul = { full_name: 'Ada\u0000' }
    const surrogate = { nested: ['ok', { '\ud800': 'key' }] }
    for (const data of [nul, surrogate]) {
      expectRefused(
        await client(stack).auth.signUp({
          email: uniqueEmail(),
          password: PASSWORD,
          options: { data },
        }),
      )
      expectRefused(await client(stack).auth.signInAnonymously({ options: { data } }))
      const admin = serviceClient(stack).auth.admin
      expectRefused(
        await admin.createUser({ email: uniqueEmail(), password: PASSWORD, user_metadata: data }),
      )
      expectRefused(
        await admin.createUser({ email: uniqueEmail(), password: PASSWORD, app_metadata: data }),
      )
    }
    const { sb } = await registered({ full_name: 'Kept' })
    expectRefused(await sb.auth.updateUser({ data: nul }))
    const { data: unchanged } = await sb.auth.getUser()
    expect(unchanged.user?.user_metadata.full_name).toBe('Kept')
  })
})

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit once the sign-up limit is reached', async () => {
    const limited = authVariant(stack, {
      rateLimits: { ...stack.config.rateLimits, otp: { limit: 2, windowSeconds: 300 } },
    })
    const attempt = () => limited.client().auth.signUp({ email: uniqueEmail(), password: PASSWORD })
    expect((await attempt()).error).toBeNull()
    expect((await attempt()).error).toBeNull()
    const third = await attempt()
    expect(third.error?.code).toBe('over_request_rate_limit')
    expect(third.error?.status).toBe(429)
  })
})

// The Auth examples of issue 19, on this file's stack.
gotrueConformance(() => stack)
