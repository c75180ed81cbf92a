/** Password recovery: the recovery token, PKCE flow state and the e-mail (GoTrue /recover). */
import { createHash, randomInt } from 'node:crypto'
import type { AuthApp, AuthContext } from '../context.ts'
import { validationFailed } from '../errors.ts'
import { clientIp, readBody, redirectTarget } from '../request.ts'
import { findUserByEmail } from '../users.ts'
import { validateEmail } from '../validate.ts'
import { recoveryEmail } from '../emails.ts'

export function recoverRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config, limits } = auth
  app.post('/recover', async (c) => {
    limits.otp.take(clientIp(c, config))
    const body = await readBody(c)
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    validateEmail(email)
    const redirectTo = redirectTarget(c, config)
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
    const link = `${auth.apiUrl}/auth/v1/verify?token=${tokenHash}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`
    auth.sendEmail(
      recoveryEmail({ to: user.email, link, otp, siteUrl: config.siteUrl }, config.email),
    )
    return c.json({})
  })
}
