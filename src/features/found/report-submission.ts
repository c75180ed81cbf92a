/**
 * What the 'Inform the Owner' form needs before anything is sent: the report's
 * fields, its messages and its submission key. Apart from api/report-found.ts (which
 * sends it, with its proof of work) so the form's first JavaScript stays small.
 */
export type FoundReport = {
  tagCode: string
  name: string
  email: string
  phone: string
  address: string
  foundLocation: string
}

export const REPORT_MESSAGES = {
  invalidEmail: 'Invalid email',
  tagNotFound: 'Tag not found',
  tooMany: 'Too many reports have been sent for this tag. Please try again in an hour.',
  failed: 'We could not inform the owner. Please check your connection and try again.',
  /** Our service answered with an error of its own (not the finder's connection). */
  serverError:
    'Something went wrong on our side and the owner has not been told yet. Your details are still here: please press Inform the Owner again in a few minutes.',
} as const

/**
 * One key per form submission (URL-safe, 32 hex characters): the function returns
 * the first report for a repeated key, so a retried request never reports twice.
 * crypto.getRandomValues works on plain-http LAN addresses too, unlike randomUUID.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
