/** The e-mails Auth sends, as the CLI's default templates word them. */
import type { EmailInput } from '../inbox/store.ts'
import { escapeHtml } from '../inbox/app.ts'

export const AUTH_SENDER = 'Supabase Auth <admin@email.com>'

export function recoveryEmail(input: {
  to: string
  link: string
  otp: string
  siteUrl: string
}): EmailInput {
  const link = escapeHtml(input.link)
  return {
    from: AUTH_SENDER,
    to: [input.to],
    subject: 'Reset Your Password',
    html: `<h2>Reset Password</h2>
<p>Follow this link to reset the password for your user:</p>
<p><a href="${link}">Reset Password</a></p>
<p>Alternatively, enter the code: ${escapeHtml(input.otp)}</p>`,
    text: `Reset Password\n\nFollow this link to reset the password for your user:\n${input.link}\n\nAlternatively, enter the code: ${input.otp}\n`,
  }
}
