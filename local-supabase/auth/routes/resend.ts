/**
 * Sending a confirmation again (GoTrue POST /resend, api/resend.go): for
 * `signup`, a new link to an unconfirmed address; an unknown or already
 * confirmed address answers {} as well, so the answer says nothing about who
 * is registered. Text-message types are refused as phone sign-in is.
 */
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError, validationFailed } from '../errors.ts'
import { sendConfirmation } from '../confirmation.ts'
import { phoneNotSupported } from './otp.ts'
import { clientIp, readBody, redirectTarget, text } from '../request.ts'
import { findUserByEmail } from '../users.ts'
import { validateEmail } from '../validate.ts'

export function resendRoutes(app: AuthApp, auth: AuthContext): void {
  const { db, config, limits } = auth
  app.post('/resend', async (c) => {
    limits.otp.take(clientIp(c, config))
    const body = await readBody(c)
    const type = text(body, 'type')
    const email = text(body, 'email')
    const phone = text(body, 'phone')
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change')
    }
    if (!email && type === 'signup') {
      throw validationFailed('Type provided requires an email address')
    }
    if (!phone && type === 'sms') throw validationFailed('Type provided requires a phone number')
    if (email && phone) {
      throw validationFailed('Only an email address or phone number should be provided.')
    }
    if (phone || type === 'sms' || type === 'phone_change') throw phoneNotSupported()
    if (!email) throw validationFailed('Missing email address or phone number')
    validateEmail(email)
    if (type === 'email_change') {
      throw new AuthError(
        422,
        'email_change_not_supported',
        'Changing the e-mail address is not supported by the local Supabase stack',
      )
    }
    const challenge = text(body, 'code_challenge')
    const method = text(body, 'code_challenge_method').toLowerCase()
    if (challenge && !['s256', 'plain'].includes(method)) {
      throw validationFailed('code challenge method not supported')
    }
    const user = await findUserByEmail(db, email)
    if (!user || user.email_confirmed_at) return c.json({})
    await db.transaction((tx) =>
      sendConfirmation(
        auth,
        tx,
        user,
        redirectTarget(c, config),
        challenge ? { challenge, method } : null,
      ),
    )
    return c.json({})
  })
}
