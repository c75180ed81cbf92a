/**
 * Passwordless sign-in (GoTrue /otp) and phone logins: the local stack sends
 * neither SMS nor magic links, and says so in GoTrue's error format rather
 * than answering a validation error that hides why.
 */
import type { AuthApp, AuthContext } from '../context.ts'
import { AuthError } from '../errors.ts'
import { readBody, text } from '../request.ts'

export const phoneNotSupported = () =>
  new AuthError(
    422,
    'phone_provider_disabled',
    'Phone sign-in (SMS OTP) is not supported by the local Supabase stack',
  )

export function otpRoutes(app: AuthApp, _auth: AuthContext): void {
  app.post('/otp', async (c) => {
    const body = await readBody(c)
    if (text(body, 'phone')) throw phoneNotSupported()
    throw new AuthError(
      422,
      'otp_disabled',
      'E-mail OTP and magic link sign-in are not supported by the local Supabase stack',
    )
  })
}
