import { msgId } from '@/lib/i18n/message-id'

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

/** The report's messages, as ids into the catalogs (src/locales): translated where shown. */
export const REPORT_MESSAGES = {
  invalidEmail: msgId('error.invalidEmail'),
  tagNotFound: msgId('error.tagNotFound'),
  tooMany: msgId('error.tooManyReports'),
  failed: msgId('error.reportFailed'),
  /** Our service answered with an error of its own (not the finder's connection). */
  serverError: msgId('error.serverError'),
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
