/**
 * Client-side checks of SPEC.md §5, shared by every form.
 * Messages are the product's words, kept word for word.
 */

export const MESSAGES = {
  missingFields: 'Please fill in all fields',
  invalidEmail: 'Email is invalid.',
  passwordsDiffer: 'Passwords do not match.',
  invalidMobile: 'Mobile is invalid. UK Number only.',
  // Our words, as the Edge Functions say them (supabase/functions/_shared/http.ts)
  badCharacters: 'Some of what you typed contains characters we cannot accept. Please remove them.',
} as const

/**
 * The shortest password Supabase Auth accepts: `[auth] minimum_password_length` in
 * supabase/config.toml, which owns the rule (tests/stack/config-toml.test.ts holds
 * the two equal). The service refuses a shorter one in its own words (SPEC.md §8).
 */
export const PASSWORD_MIN_LENGTH = 10

/**
 * Longest values the owner's profile fields take. Sign-up carries them in the auth
 * user's metadata, which is inside every access token: a pasted 20,000-character
 * address made the token too large for any request header, and the new account
 * could not load anything.
 */
export const PROFILE_MAX_LENGTH = {
  fullName: 200,
  email: 320,
  mobileNumber: 40,
  address: 500,
  county: 100,
  country: 100,
} as const

/**
 * A normal-looking address. Unlike the original 2-to-4-letter rule, longer endings
 * such as `.london` or `.online` are accepted (DESIGN.md, deliberate difference 5).
 */
const EMAIL_PATTERN = /^[^\s@]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

/**
 * A UK number in its +44 or leading-0 form (spaces allowed anywhere, the national
 * part is 10 digits after the 0 / +44), optionally followed by `#` and a 3- or
 * 4-digit extension. For example `07700 900123`, `+44 7700 900123`, `07700900123#123`.
 */
const UK_PHONE_PATTERN = /^(?:\+44|0)[1-9]\d{9}(?:#\d{3,4})?$/

export function isValidUkMobile(value: string): boolean {
  return UK_PHONE_PATTERN.test(value.replace(/\s+/g, ''))
}

/** True when every value is a non-blank string. */
export function areAllFilled(values: readonly (string | null | undefined)[]): boolean {
  return values.every((value) => typeof value === 'string' && value.trim() !== '')
}
