/** The e-mails Auth sends, rendered from the templates config.toml names (auth/templates.ts). */
import type { StackConfig } from '../config.ts'
import type { EmailInput } from '../inbox/store.ts'

/** "Name <address>", the From header GoTrue builds from the sender settings. */
export function authSender(email: Pick<StackConfig['email'], 'senderName' | 'adminEmail'>): string {
  const name = email.senderName.replace(/["\\]/g, '')
  return /[(),:;<>@[\]]/.test(name)
    ? `"${name}" <${email.adminEmail}>`
    : `${name} <${email.adminEmail}>`
}

export function recoveryEmail(
  input: { to: string; link: string; otp: string; siteUrl: string },
  email: StackConfig['email'],
): EmailInput {
  return authEmail('recovery', input, email)
}

/** The sign-up confirmation ([auth.email.template.confirmation]). */
export function confirmationEmail(
  input: { to: string; link: string; otp: string; siteUrl: string },
  email: StackConfig['email'],
): EmailInput {
  return authEmail('confirmation', input, email)
}

function authEmail(
  kind: 'recovery' | 'confirmation',
  input: { to: string; link: string; otp: string; siteUrl: string },
  email: StackConfig['email'],
): EmailInput {
  const link = new URL(input.link)
  const rendered = email[kind].render({
    ConfirmationURL: input.link,
    Token: input.otp,
    TokenHash: link.searchParams.get('token') ?? '',
    SiteURL: input.siteUrl,
    Email: input.to,
    RedirectTo: link.searchParams.get('redirect_to') ?? input.siteUrl,
  })
  return {
    from: authSender(email),
    to: [input.to],
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
  }
}
