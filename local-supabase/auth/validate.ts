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

/** Half of a UTF-16 surrogate pair on its own: JSON can carry it, Postgres cannot store it. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text)
}

/**
 * Metadata is stored as jsonb, which cannot hold a NUL character or an unpaired
 * surrogate in any key or string. GoTrue lets Postgres refuse it (a 500); the
 * local stack answers 400 validation_failed before anything is written.
 */
export function validateMetadata(value: unknown, field: string) {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (!isStorableText(item)) throw unstorable(field)
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]))
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (!isStorableText(key)) throw unstorable(field)
        pending.push(inner)
      }
    }
  }
}

const unstorable = (field: string) =>
  validationFailed(
    `${field} holds text the database cannot store (a NUL character or an unpaired surrogate)`,
  )
