/** GoTrue's checks on e-mail addresses and passwords. */
import { AuthError, validationFailed } from './errors.ts'

/** The HTML living standard's valid e-mail address, as GoTrue checks it. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function validateEmail(email: string) {
  if (!email) throw validationFailed('Unable to validate email address: Email address is required')
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw validationFailed('Unable to validate email address: invalid format')
  }
}

export function passwordWeaknesses(password: string, minimum: number): string[] {
  return password.length < minimum ? ['length'] : []
}

export function validatePassword(password: string, minimum: number) {
  if (password.length > 72) throw validationFailed('Password cannot be longer than 72 characters')
  if (passwordWeaknesses(password, minimum).length > 0) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${minimum} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    )
  }
}
