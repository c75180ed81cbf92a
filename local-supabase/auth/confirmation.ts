/**
 * E-mail confirmation of a new user, as GoTrue does it with
 * `enable_confirmations = true` (api/mail.go sendConfirmation, api/verify.go
 * signupVerify): a numeric OTP whose SHA-224 (with the address) is the token,
 * kept in auth.users.confirmation_token (prefixed `pkce_` in the PKCE flow), and
 * a link to /verify?type=signup that confirms the address and signs the user in.
 */
import { createHash, randomInt } from 'node:crypto'
import type { Queryable } from '../db/types.ts'
import type { AuthContext } from './context.ts'
import { confirmationEmail } from './emails.ts'
import type { UserRow } from './users.ts'

export type Challenge = { challenge: string; method: string } | null

/** Stores a new confirmation token for `user` and e-mails its link; the previous link stops working. */
export async function sendConfirmation(
  auth: AuthContext,
  tx: Queryable,
  user: UserRow,
  redirectTo: string,
  challenge: Challenge,
): Promise<void> {
  if (!user.email) return
  auth.limits.email.take('project')
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const hash = createHash('sha224')
    .update(user.email + otp)
    .digest('hex')
  const token = challenge ? `pkce_${hash}` : hash
  await tx.query(
    'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
    [user.id, token],
  )
  if (challenge) {
    await tx.query(
      `delete from auth.flow_state where user_id = $1 and authentication_method = 'email/signup'`,
      [user.id],
    )
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         authentication_method, created_at, updated_at)
       values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3, 'email', 'email/signup', now(), now())`,
      [user.id, challenge.method, challenge.challenge],
    )
  }
  const link = `${auth.apiUrl}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirectTo)}`
  auth.sendEmail(
    confirmationEmail(
      { to: user.email, link, otp, siteUrl: auth.config.siteUrl },
      auth.config.email,
    ),
  )
}

/** Marks the address confirmed (user, its metadata and its e-mail identity), as GoTrue's User.Confirm. */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set confirmation_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId],
  )
  await tx.query(
    `update auth.identities set identity_data = coalesce(identity_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  )
}
