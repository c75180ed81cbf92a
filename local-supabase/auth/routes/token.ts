/** Token grants: password, refresh_token, pkce (GoTrue /token). */
import { createHash } from 'node:crypto'
import bcrypt from 'bcryptjs'
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError, invalidCredentials, validationFailed } from '../errors.ts'
import { phoneNotSupported } from './otp.ts'
import { clientIp, readBody, type Body } from '../request.ts'
import { createSession, refreshSession, type SessionJson } from '../sessions.ts'
import { findUserByEmail } from '../users.ts'
import { passwordWeaknesses } from '../validate.ts'
import { isBanned } from '../users.ts'

export function tokenRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config, issuer, limits } = auth
  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type')
    limits.token.take(clientIp(c, config))
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
    const phone = typeof body.phone === 'string' ? body.phone.trim() : ''
    if (phone && email) {
      throw validationFailed('Only an email address or phone number should be provided on login.')
    }
    if (phone) throw phoneNotSupported()
    const user = email ? await findUserByEmail(db, email) : undefined
    if (!user?.encrypted_password || !(await bcrypt.compare(password, user.encrypted_password))) {
      throw invalidCredentials()
    }
    if (!user.email_confirmed_at) {
      throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
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
}
