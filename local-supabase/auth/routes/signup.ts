/** Sign-up: e-mail and password, or anonymous (GoTrue /signup). */
import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError, validationFailed } from '../errors.ts'
import { sendConfirmation, type Challenge } from '../confirmation.ts'
import { phoneNotSupported } from './otp.ts'
import { clientIp, readBody, redirectTarget } from '../request.ts'
import { isRecord } from '../../is-record.ts'
import { createSession } from '../sessions.ts'
import {
  emailIdentityData,
  findUserByEmail,
  findUserById,
  identitiesOf,
  INSTANCE_ID,
  userJson,
} from '../users.ts'
import { validateEmail, validateMetadata, validatePassword } from '../validate.ts'
import { BCRYPT_COST } from '../passwords.ts'

export function signupRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config, issuer, limits } = auth
  app.post('/signup', async (c) => {
    const body = await readBody(c)
    const data = isRecord(body.data) ? body.data : {}
    validateMetadata(data, 'data')
    if (!config.auth.enableSignup)
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    const phone = typeof body.phone === 'string' ? body.phone.trim() : ''
    if (!email && !phone) {
      if (!config.auth.enableAnonymousSignIns) {
        throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
      }
      limits.anonymous.take(clientIp(c, config))
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
    if (phone && !email) throw phoneNotSupported()
    limits.otp.take(clientIp(c, config))
    validateEmail(email)
    const password = typeof body.password === 'string' ? body.password : ''
    validatePassword(password, config.auth.minimumPasswordLength)
    const challenge = pkceChallenge(body)
    const confirm = config.auth.enableConfirmations
    const hash = await bcrypt.hash(password, BCRYPT_COST)
    const outcome = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) {
        if (!confirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
        return { kind: 'hidden' as const }
      }
      if (existing) {
        // GoTrue leaves an unconfirmed user as it is (the claim is unproven) and mails the link again.
        await sendConfirmation(auth, tx, existing, redirectTarget(c, config), challenge)
        return { kind: 'user' as const, id: existing.id }
      }
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ($1, gen_random_uuid(), 'authenticated', 'authenticated', lower($2), $3,
           case when $5 then null else now() end,
           '{"provider":"email","providers":["email"]}'::jsonb, $4::jsonb, now(), now(), false) returning id`,
        [INSTANCE_ID, email, hash, JSON.stringify(data), confirm],
      )
      const id = rows[0]!.id
      const identityData = emailIdentityData(id, email, !confirm)
      await tx.query(
        `update auth.users set raw_user_meta_data = $2::jsonb || raw_user_meta_data where id = $1`,
        [id, JSON.stringify(identityData)],
      )
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
        [id, JSON.stringify(identityData)],
      )
      if (confirm) {
        await sendConfirmation(
          auth,
          tx,
          (await findUserById(tx, id))!,
          redirectTarget(c, config),
          challenge,
        )
        return { kind: 'user' as const, id }
      }
      const session = await createSession(
        tx,
        issuer,
        id,
        'password',
        c.req.header('user-agent') ?? null,
      )
      return { kind: 'session' as const, session }
    })
    if (outcome.kind === 'session') return c.json(outcome.session)
    if (outcome.kind === 'hidden') return c.json(obfuscatedUser(email, data))
    const user = (await findUserById(db, outcome.id))!
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })
}

/** code_challenge / code_challenge_method of a PKCE sign-up, checked as GoTrue does. */
function pkceChallenge(body: Record<string, unknown>): Challenge {
  const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : ''
  const method =
    typeof body.code_challenge_method === 'string' ? body.code_challenge_method.toLowerCase() : ''
  if (!challenge) return null
  if (!['s256', 'plain'].includes(method))
    throw validationFailed('code challenge method not supported')
  return { challenge, method }
}

/**
 * GoTrue's answer to a sign-up for an address that is already confirmed while
 * confirmations are on (signup.go sanitizeUser): a made-up user, so the answer
 * does not tell whether the address is registered.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: email.toLowerCase(),
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
