/**
 * Auth at /auth/v1 in GoTrue's wire format (protocols reference §1): health,
 * settings, sign-up (with metadata, anonymous), token grants (password,
 * refresh_token, pkce), verify (GET redirect and POST), recover, user, logout.
 */
import { createHash, randomInt } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import type { Queryable } from '../db/types.ts'
import type { EmailInput } from '../inbox/store.ts'
import { bearerToken, JwtError, verifyAccessToken, type Claims } from '../keys.ts'
import {
  AuthError,
  authErrorResponse,
  invalidCredentials,
  validationFailed,
  API_VERSION,
} from './errors.ts'
import { createLimiter } from './rate-limit.ts'
import {
  createSession,
  endSessions,
  refreshSession,
  type Issuer,
  type SessionJson,
} from './sessions.ts'
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  INSTANCE_ID,
  userJson,
  type UserRow,
} from './users.ts'
import { recoveryEmail } from './emails.ts'
import { isAllowedRedirect } from './redirects.ts'

export type AuthDeps = StackContext & { apiUrl: string; sendEmail: (email: EmailInput) => void }

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const BCRYPT_COST = 10

type Body = Record<string, unknown>

export function createAuthApp(deps: AuthDeps): Hono {
  const { db, config } = deps
  const issuer: Issuer = { config, issuer: `${deps.apiUrl}/auth/v1` }
  const limits = {
    token: createLimiter(config.rateLimits.tokenRefresh),
    verify: createLimiter(config.rateLimits.verify),
    otp: createLimiter(config.rateLimits.otp),
    anonymous: createLimiter(config.rateLimits.anonymousUsers),
    email: createLimiter(config.rateLimits.emailSent),
  }
  const app = new Hono()

  app.use('*', async (c, next) => {
    await next()
    if (c.req.header('x-supabase-api-version'))
      c.res.headers.set('X-Supabase-Api-Version', API_VERSION)
  })
  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    deps.log.error({ err: error, path: c.req.path }, 'auth: unexpected error')
    return authErrorResponse(
      c,
      new AuthError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    )
  })

  app.get('/health', (c) =>
    c.json({
      version: 'v2.189.0',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  )
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: config.auth.enableAnonymousSignIns, email: true, phone: false },
      disable_signup: !config.auth.enableSignup,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }))

  app.post('/signup', async (c) => {
    const body = await readBody(c)
    const data = isObject(body.data) ? body.data : {}
    if (!config.auth.enableSignup)
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    const phone = typeof body.phone === 'string' ? body.phone.trim() : ''
    if (!email && !phone) {
      if (!config.auth.enableAnonymousSignIns) {
        throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
      }
      limits.anonymous.take(clientIp(c))
      const session = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
           values ($1, gen_random_uuid(), 'authenticated', 'authenticated', '{}'::jsonb, $2::jsonb, now(), now(), true) returning id`,
          [INSTANCE_ID, JSON.stringify(data)],
        )
        return createSession(
          tx,
          issuer,
          rows[0]!.id,
          'anonymous',
          c.req.header('user-agent') ?? null,
        )
      })
      return c.json(session)
    }
    if (phone && !email)
      throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled')
    limits.otp.take(clientIp(c))
    validateEmail(email)
    const password = typeof body.password === 'string' ? body.password : ''
    validatePassword(password, config.auth.minimumPasswordLength)
    const hash = await bcrypt.hash(password, BCRYPT_COST)
    const session = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email))
        throw new AuthError(422, 'user_already_exists', 'User already registered')
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ($1, gen_random_uuid(), 'authenticated', 'authenticated', lower($2), $3, now(),
           '{"provider":"email","providers":["email"]}'::jsonb, $4::jsonb, now(), now(), false) returning id`,
        [INSTANCE_ID, email, hash, JSON.stringify(data)],
      )
      const id = rows[0]!.id
      const identityData = {
        sub: id,
        email: email.toLowerCase(),
        email_verified: true,
        phone_verified: false,
      }
      await tx.query(
        `update auth.users set raw_user_meta_data = $2::jsonb || raw_user_meta_data where id = $1`,
        [id, JSON.stringify(identityData)],
      )
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
        [id, JSON.stringify(identityData)],
      )
      return createSession(tx, issuer, id, 'password', c.req.header('user-agent') ?? null)
    })
    return c.json(session)
  })

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type')
    limits.token.take(clientIp(c))
    const body = await readBody(c)
    let session: SessionJson
    if (grant === 'password') {
      session = await passwordGrant(body, c.req.header('user-agent') ?? null)
    } else if (grant === 'refresh_token') {
      const token = typeof body.refresh_token === 'string' ? body.refresh_token : ''
      if (!token) throw validationFailed('refresh_token required')
      session = await db.transaction((tx) => refreshSession(tx, issuer, token))
    } else if (grant === 'pkce') {
      session = await pkceGrant(body, c.req.header('user-agent') ?? null)
    } else {
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
    }
    return c.json(session)
  })

  async function passwordGrant(body: Body, userAgent: string | null): Promise<SessionJson> {
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (typeof body.phone === 'string' && body.phone && email) {
      throw validationFailed('Only an email address or phone number should be provided on login.')
    }
    const user = email ? await findUserByEmail(db, email) : undefined
    if (!user?.encrypted_password || !(await bcrypt.compare(password, user.encrypted_password))) {
      throw invalidCredentials()
    }
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned')
    const session = await db.transaction((tx) =>
      createSession(tx, issuer, user.id, 'password', userAgent),
    )
    const reasons = passwordWeaknesses(password, config.auth.minimumPasswordLength)
    return reasons.length > 0
      ? ({ ...session, weak_password: { message: 'Password is weak', reasons } } as SessionJson)
      : session
  }

  async function pkceGrant(body: Body, userAgent: string | null): Promise<SessionJson> {
    const authCode = typeof body.auth_code === 'string' ? body.auth_code : ''
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : ''
    if (!authCode || !verifier)
      throw validationFailed(
        'invalid request: both auth code and code verifier should be non-empty',
      )
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string
        user_id: string | null
        code_challenge: string
        code_challenge_method: string
        authentication_method: string
        created_at: unknown
      }>('select * from auth.flow_state where auth_code = $1', [authCode])
      const flow = rows[0]
      if (!flow)
        throw new AuthError(
          404,
          'flow_state_not_found',
          'invalid flow state, no valid flow state found',
        )
      const created =
        flow.created_at instanceof Date ? flow.created_at : new Date(String(flow.created_at))
      if (Date.now() - created.getTime() > config.auth.flowStateExpiry * 1000) {
        throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
      }
      const method = String(flow.code_challenge_method).toLowerCase()
      const computed =
        method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
      if (computed !== flow.code_challenge) {
        throw new AuthError(
          400,
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        )
      }
      if (!flow.user_id)
        throw new AuthError(
          404,
          'flow_state_not_found',
          'invalid flow state, no valid flow state found',
        )
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      const amr = flow.authentication_method === 'recovery' ? 'recovery' : 'otp'
      return createSession(tx, issuer, flow.user_id, amr, userAgent)
    })
  }

  app.post('/recover', async (c) => {
    limits.otp.take(clientIp(c))
    const body = await readBody(c)
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    validateEmail(email)
    const redirectTo = redirectTarget(c)
    const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : ''
    const challengeMethod =
      typeof body.code_challenge_method === 'string' ? body.code_challenge_method : ''
    if (challenge && !['s256', 'plain'].includes(challengeMethod.toLowerCase())) {
      throw validationFailed('code challenge method not supported')
    }
    const user = await findUserByEmail(db, email)
    if (!user?.email) return c.json({})
    limits.email.take('project')
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const hash = createHash('sha224')
      .update(user.email + otp)
      .digest('hex')
    const tokenHash = challenge ? `pkce_${hash}` : hash
    await db.transaction(async (tx) => {
      await tx.query(
        'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1',
        [user.id, tokenHash],
      )
      if (challenge) {
        await tx.query(
          `delete from auth.flow_state where user_id = $1 and authentication_method = 'recovery'`,
          [user.id],
        )
        await tx.query(
          `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
             authentication_method, created_at, updated_at)
           values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3, 'recovery', 'recovery', now(), now())`,
          [user.id, challengeMethod.toLowerCase(), challenge],
        )
      }
    })
    const link = `${deps.apiUrl}/auth/v1/verify?token=${tokenHash}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`
    deps.sendEmail(
      recoveryEmail({ to: user.email, link, otp, siteUrl: config.siteUrl }, config.email),
    )
    return c.json({})
  })

  app.get('/verify', async (c) => {
    const redirectTo = redirectTarget(c)
    const type = c.req.query('type') ?? ''
    const token = c.req.query('token') ?? ''
    try {
      limits.verify.take(clientIp(c))
      const user = await userForToken(type, token)
      if (token.startsWith('pkce_')) {
        const code = await db.transaction(async (tx) => {
          await consumeToken(tx, user.id)
          const { rows } = await tx.query<{ auth_code: string }>(
            `select auth_code from auth.flow_state where user_id = $1 and authentication_method = 'recovery'
             order by created_at desc limit 1`,
            [user.id],
          )
          return rows[0]?.auth_code
        })
        if (!code) throw new AuthError(404, 'flow_state_not_found', 'Flow state not found')
        const target = new URL(redirectTo)
        target.searchParams.set('code', code)
        return c.redirect(target.toString(), 303)
      }
      const session = await db.transaction(async (tx) => {
        await consumeToken(tx, user.id)
        return createSession(tx, issuer, user.id, 'otp', c.req.header('user-agent') ?? null)
      })
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
        type,
      })
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303)
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      const fragment = new URLSearchParams({
        error: error.status === 429 ? 'too_many_requests' : 'access_denied',
        error_code: error.code,
        error_description:
          error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
        sb: '',
      })
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303)
    }
  })

  app.post('/verify', async (c) => {
    limits.verify.take(clientIp(c))
    const body = await readBody(c)
    const type = typeof body.type === 'string' ? body.type : ''
    let tokenHash = typeof body.token_hash === 'string' ? body.token_hash : ''
    if (!tokenHash) {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      const token = typeof body.token === 'string' ? body.token : ''
      if (!email || !token)
        throw validationFailed('Only an email address or phone number should be provided on verify')
      tokenHash = createHash('sha224')
        .update(email + token)
        .digest('hex')
      const user = await findUserByEmail(db, email)
      if (user?.recovery_token?.endsWith(tokenHash)) tokenHash = user.recovery_token
    }
    const user = await userForToken(type, tokenHash, 'Token has expired or is invalid')
    const session = await db.transaction(async (tx) => {
      await consumeToken(tx, user.id)
      return createSession(tx, issuer, user.id, 'otp', c.req.header('user-agent') ?? null)
    })
    return c.json(session)
  })

  async function userForToken(
    type: string,
    token: string,
    message = 'Email link is invalid or has expired',
  ) {
    if (type !== 'recovery' || !token) {
      if (!['recovery', 'signup', 'invite', 'magiclink', 'email', 'email_change'].includes(type)) {
        throw validationFailed('Verify requires a verification type')
      }
      throw new AuthError(403, 'otp_expired', message)
    }
    const { rows } = await db.query<UserRow>(
      `select * from auth.users where recovery_token = $1 and deleted_at is null
         and recovery_sent_at > now() - make_interval(secs => $2)`,
      [token, config.auth.otpExpiry],
    )
    const user = rows[0]
    if (!user) throw new AuthError(403, 'otp_expired', message)
    return user
  }

  async function consumeToken(tx: Queryable, userId: string) {
    await tx.query(
      `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`,
      [userId],
    )
  }

  app.get('/user', async (c) => {
    const { user } = await requireUser(c)
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })

  app.put('/user', async (c) => {
    const { user } = await requireUser(c)
    const body = await readBody(c)
    if ('app_metadata' in body && body.app_metadata !== undefined) {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
    const updated = await db.transaction(async (tx) => {
      if (typeof body.password === 'string') {
        if (user.is_anonymous && !user.email && typeof body.email !== 'string') {
          throw validationFailed(
            'Updating password of an anonymous user without an email or phone is not allowed',
          )
        }
        validatePassword(body.password, config.auth.minimumPasswordLength)
        if (
          user.encrypted_password &&
          (await bcrypt.compare(body.password, user.encrypted_password))
        ) {
          throw new AuthError(
            422,
            'same_password',
            'New password should be different from the old password.',
          )
        }
        const hash = await bcrypt.hash(body.password, BCRYPT_COST)
        await tx.query(
          'update auth.users set encrypted_password = $2, updated_at = now() where id = $1',
          [user.id, hash],
        )
      }
      if (
        typeof body.email === 'string' &&
        body.email.trim().toLowerCase() !== (user.email ?? '')
      ) {
        const email = body.email.trim()
        validateEmail(email)
        const other = await findUserByEmail(tx, email)
        if (other && other.id !== user.id) {
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        // GoTrue first e-mails a confirmation to both addresses; rather than change it silently, say so.
        throw new AuthError(
          422,
          'email_change_not_supported',
          'Changing the e-mail address is not supported by the local Supabase stack',
        )
      }
      if (isObject(body.data)) {
        const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) }
        for (const [key, value] of Object.entries(body.data)) {
          if (value === null) delete merged[key]
          else merged[key] = value
        }
        await tx.query(
          'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
          [user.id, JSON.stringify(merged)],
        )
      }
      return (await findUserById(tx, user.id))!
    })
    return c.json(userJson(updated, await identitiesOf(db, updated.id)))
  })

  app.post('/logout', async (c) => {
    const { user, claims } = await requireUser(c)
    const scope = c.req.query('scope') ?? 'global'
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed(`Unsupported logout scope "${scope}"`)
    }
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null
    await db.transaction((tx) => endSessions(tx, user.id, sessionId, scope))
    return c.body(null, 204)
  })

  // Admin API (service role only): list, create, read, delete users.
  async function requireAdmin(c: Context) {
    const token = bearerToken(c.req.raw.headers, config)
    if (!token)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    let claims: Claims
    try {
      claims = await verifyAccessToken(token, config.jwtSecret)
    } catch {
      throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature')
    }
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
  }

  app.get('/admin/users', async (c) => {
    await requireAdmin(c)
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1)
    const perPage = Math.min(1000, Math.max(1, Number(c.req.query('per_page') ?? 50) || 50))
    const { rows } = await db.query<UserRow>(
      'select * from auth.users where deleted_at is null order by created_at desc limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    )
    const total = await db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where deleted_at is null',
    )
    const users = await Promise.all(
      rows.map(async (u) => userJson(u, await identitiesOf(db, u.id))),
    )
    c.header('X-Total-Count', String(total.rows[0]?.n ?? 0))
    return c.json({ aud: 'authenticated', users })
  })

  app.post('/admin/users', async (c) => {
    await requireAdmin(c)
    const body = await readBody(c)
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    validateEmail(email)
    const password = typeof body.password === 'string' ? body.password : null
    if (password !== null) validatePassword(password, config.auth.minimumPasswordLength)
    const hash = password === null ? null : await bcrypt.hash(password, BCRYPT_COST)
    const metadata = isObject(body.user_metadata) ? body.user_metadata : {}
    const appMetadata = {
      provider: 'email',
      providers: ['email'],
      ...(isObject(body.app_metadata) ? body.app_metadata : {}),
    }
    const confirmed = body.email_confirm === true
    const user = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        )
      }
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ($1, gen_random_uuid(), 'authenticated', 'authenticated', lower($2), $3,
           case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now(), false) returning id`,
        [
          INSTANCE_ID,
          email,
          hash,
          confirmed,
          JSON.stringify(appMetadata),
          JSON.stringify(metadata),
        ],
      )
      const id = rows[0]!.id
      const identity = {
        sub: id,
        email: email.toLowerCase(),
        email_verified: confirmed,
        phone_verified: false,
      }
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
        [id, JSON.stringify(identity)],
      )
      return (await findUserById(tx, id))!
    })
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })

  app.get('/admin/users/:id', async (c) => {
    await requireAdmin(c)
    const user = await findUserById(db, c.req.param('id')).catch(() => undefined)
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })

  app.delete('/admin/users/:id', async (c) => {
    await requireAdmin(c)
    const user = await findUserById(db, c.req.param('id')).catch(() => undefined)
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    await db.query('delete from auth.users where id = $1', [user.id])
    return c.json({})
  })

  app.all('*', () => {
    throw new AuthError(
      404,
      'not_found',
      'This endpoint is not supported by the local Supabase stack',
    )
  })

  async function requireUser(c: Context): Promise<{ user: UserRow; claims: Claims }> {
    const token = bearerToken(c.req.raw.headers, config)
    if (!token)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    let claims: Claims
    try {
      claims = await verifyAccessToken(token, config.jwtSecret)
    } catch (error) {
      const detail =
        error instanceof JwtError ? error.message : 'unable to parse or verify signature'
      throw new AuthError(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${detail}`,
      )
    }
    if (typeof claims.sub !== 'string' || !claims.sub) {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    }
    const user = await findUserById(db, claims.sub)
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    if (typeof claims.session_id === 'string') {
      const { rows } = await db.query('select 1 from auth.sessions where id = $1', [
        claims.session_id,
      ])
      if (rows.length === 0) {
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        )
      }
    }
    return { user, claims }
  }

  function redirectTarget(c: Context): string {
    const requested = c.req.query('redirect_to') ?? c.req.header('referer') ?? ''
    return requested && isAllowedRedirect(requested, config.siteUrl, config.additionalRedirectUrls)
      ? requested
      : config.siteUrl
  }

  return app
}

async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  try {
    const body: unknown = JSON.parse(text)
    if (isObject(body)) return body
  } catch {
    // fall through
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON')
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function clientIp(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'local'
}

function validateEmail(email: string) {
  if (!email) throw validationFailed('Unable to validate email address: Email address is required')
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format')
  }
}

function passwordWeaknesses(password: string, minimum: number): string[] {
  return password.length < minimum ? ['length'] : []
}

function validatePassword(password: string, minimum: number) {
  if (password.length > 72) throw validationFailed('Password cannot be longer than 72 characters')
  if (passwordWeaknesses(password, minimum).length > 0) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${minimum} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    )
  }
}

function isBanned(user: UserRow): boolean {
  if (!user.banned_until) return false
  const until =
    user.banned_until instanceof Date ? user.banned_until : new Date(String(user.banned_until))
  return until.getTime() > Date.now()
}
