/** Sign-up: e-mail and password, or anonymous (GoTrue /signup). */
import bcrypt from 'bcryptjs'
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError } from '../errors.ts'
import { phoneNotSupported } from './otp.ts'
import { clientIp, readBody } from '../request.ts'
import { isRecord } from '../../is-record.ts'
import { createSession } from '../sessions.ts'
import { emailIdentityData, findUserByEmail, INSTANCE_ID } from '../users.ts'
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
      const identityData = emailIdentityData(id, email, true)
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
}
