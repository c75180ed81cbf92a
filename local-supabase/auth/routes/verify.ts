/** Verification of recovery and sign-up confirmation links and codes (GoTrue GET and POST /verify). */
import { createHash } from 'node:crypto'
import type { Queryable } from '../../db/types.ts'
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError, validationFailed } from '../errors.ts'
import { phoneNotSupported } from './otp.ts'
import { clientIp, readBody, redirectTarget } from '../request.ts'
import { createSession } from '../sessions.ts'
import { confirmEmail } from '../confirmation.ts'
import { findUserByEmail, type UserRow } from '../users.ts'

export function verifyRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config, issuer, limits } = auth
  app.get('/verify', async (c) => {
    const redirectTo = redirectTarget(c, config)
    const type = c.req.query('type') ?? ''
    const token = c.req.query('token') ?? ''
    try {
      limits.verify.take(clientIp(c, config))
      const user = await userForToken(type, token)
      if (token.startsWith('pkce_')) {
        const code = await db.transaction(async (tx) => {
          await consumeToken(tx, type, user.id)
          const { rows } = await tx.query<{ auth_code: string }>(
            `select auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
             order by created_at desc limit 1`,
            [user.id, type === 'signup' ? 'email/signup' : 'recovery'],
          )
          return rows[0]?.auth_code
        })
        if (!code) throw new AuthError(404, 'flow_state_not_found', 'Flow state not found')
        const target = new URL(redirectTo)
        target.searchParams.set('code', code)
        return c.redirect(target.toString(), 303)
      }
      const session = await db.transaction(async (tx) => {
        await consumeToken(tx, type, user.id)
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
    limits.verify.take(clientIp(c, config))
    const body = await readBody(c)
    const type = typeof body.type === 'string' ? body.type : ''
    let tokenHash = typeof body.token_hash === 'string' ? body.token_hash : ''
    if (!tokenHash) {
      if (typeof body.phone === 'string' && body.phone.trim()) throw phoneNotSupported()
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      const token = typeof body.token === 'string' ? body.token : ''
      if (!email || !token)
        throw validationFailed('Only an email address or phone number should be provided on verify')
      tokenHash = createHash('sha224')
        .update(email + token)
        .digest('hex')
      const user = await findUserByEmail(db, email)
      const stored = type === 'signup' ? user?.confirmation_token : user?.recovery_token
      if (typeof stored === 'string' && stored.endsWith(tokenHash)) tokenHash = stored
    }
    const user = await userForToken(type, tokenHash, 'Token has expired or is invalid')
    const session = await db.transaction(async (tx) => {
      await consumeToken(tx, type, user.id)
      return createSession(tx, issuer, user.id, 'otp', c.req.header('user-agent') ?? null)
    })
    return c.json(session)
  })

  async function userForToken(
    type: string,
    token: string,
    message = 'Email link is invalid or has expired',
  ) {
    const column = TOKEN_COLUMNS[type]
    if (!column || !token) {
      if (!['recovery', 'signup', 'invite', 'magiclink', 'email', 'email_change'].includes(type)) {
        throw validationFailed('Verify requires a verification type')
      }
      throw new AuthError(403, 'otp_expired', message)
    }
    const { rows } = await db.query<UserRow>(
      `select * from auth.users where ${column.token} = $1 and deleted_at is null
         and ${column.sentAt} > now() - make_interval(secs => $2)`,
      [token, config.auth.otpExpiry],
    )
    const user = rows[0]
    if (!user) throw new AuthError(403, 'otp_expired', message)
    return user
  }

  async function consumeToken(tx: Queryable, type: string, userId: string) {
    if (type === 'signup') {
      await confirmEmail(tx, userId)
      return
    }
    await tx.query(
      `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`,
      [userId],
    )
  }
}

/** Where each verification type keeps its token (the columns are fixed names, never input). */
const TOKEN_COLUMNS: Record<string, { token: string; sentAt: string } | undefined> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
}
