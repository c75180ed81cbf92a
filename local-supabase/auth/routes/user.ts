/** The signed-in user: read, update, log out (GoTrue /user, /logout). */
import bcrypt from 'bcryptjs'
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError, validationFailed } from '../errors.ts'
import { requireUser } from '../middleware.ts'
import { readBody } from '../request.ts'
import { isRecord } from '../../is-record.ts'
import { endSessions } from '../sessions.ts'
import { findUserByEmail, findUserById, identitiesOf, userJson } from '../users.ts'
import { validateEmail, validateMetadata, validatePassword } from '../validate.ts'
import { BCRYPT_COST } from '../passwords.ts'

export function userRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config } = auth
  app.use('/user', requireUser(auth))
  app.use('/logout', requireUser(auth))
  app.get('/user', async (c) => {
    const user = c.var.user
    return c.json(userJson(user, await identitiesOf(db, user.id)))
  })

  app.put('/user', async (c) => {
    const user = c.var.user
    const body = await readBody(c)
    if ('app_metadata' in body && body.app_metadata !== undefined) {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
    validateMetadata(body.data, 'data')
    if (typeof body.password === 'string' && config.auth.securePasswordChange) {
      await requireRecentSignIn(c.var.claims.session_id, body.nonce)
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
      if (isRecord(body.data)) {
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

  /**
   * secure_password_change (GoTrue user.go): a session older than 24 hours needs a
   * reauthentication nonce, which the local stack cannot send (no /reauthenticate);
   * a fresh sign-in or a recovery link is a recent session.
   */
  async function requireRecentSignIn(sessionId: unknown, nonce: unknown) {
    const { rows } = await db.query<{ recent: boolean }>(
      `select created_at > now() - interval '24 hours' as recent from auth.sessions where id = $1::uuid`,
      [typeof sessionId === 'string' ? sessionId : '00000000-0000-0000-0000-000000000000'],
    )
    if (rows[0]?.recent) return
    if (typeof nonce === 'string' && nonce) {
      throw new AuthError(
        422,
        'reauthentication_not_supported',
        'Reauthentication is not supported by the local Supabase stack',
      )
    }
    throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication')
  }

  app.post('/logout', async (c) => {
    const user = c.var.user
    const claims = c.var.claims
    const scope = c.req.query('scope') ?? 'global'
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed(`Unsupported logout scope "${scope}"`)
    }
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null
    await db.transaction((tx) => endSessions(tx, user.id, sessionId, scope))
    return c.body(null, 204)
  })
}
