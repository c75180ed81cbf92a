import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { REPORT_MESSAGES } from '@/features/found/report-submission'

/**
 * The finder's words for a refusal from pow-challenge or report-found. The functions
 * answer `{ error: { code, message } }` with a stable snake_case code (in `code`, and
 * in `message` once the functions send codes only); the app turns it into a catalog
 * message, so no English sentence from the server reaches a finder. Until every
 * function sends codes, the English sentences they send today are understood too.
 */
const BY_CODE: Readonly<Record<string, MessageId>> = {
  invalid_email: REPORT_MESSAGES.invalidEmail,
  tag_not_found: REPORT_MESSAGES.tagNotFound,
  tag_not_activated: REPORT_MESSAGES.tagNotFound,
  too_many_reports: REPORT_MESSAGES.tooMany,
  too_many_requests: msgId('error.tooManyFromYou'),
  unauthorized: msgId('error.signIn'),
  proof_failed: msgId('error.proofFailed'),
  proof_reused: msgId('error.proofFailed'),
  proof_missing: msgId('error.proofMissing'),
  invalid_key: msgId('error.badRequest'),
  invalid_body: msgId('error.badRequest'),
  too_large: msgId('error.tooLong'),
  bad_characters: msgId('error.badCharacters'),
}

/** invalid_input names the field (its `detail`/`hint`): a line break where one line is kept, else length. */
const ONE_LINE_FIELDS = new Set(['finder_name', 'finder_phone', 'name', 'phone'])

/** Today's English sentences (report-found's MESSAGES, _shared/http.ts, _shared/proof-of-work.ts). */
const BY_SENTENCE: Readonly<Record<string, MessageId>> = {
  'Invalid email': REPORT_MESSAGES.invalidEmail,
  'Tag not found': REPORT_MESSAGES.tagNotFound,
  'Too many reports for this tag. Please try again later.': REPORT_MESSAGES.tooMany,
  'You have sent several reports in a short time. Please try again later.':
    msgId('error.tooManyFromYou'),
  'Please keep each field under 500 characters.': msgId('error.tooLong'),
  'Please write your name and phone number on one line each.': msgId('error.oneLine'),
  'Please try again: we could not identify you.': msgId('error.signIn'),
  'Please try again: the form sent a malformed request.': msgId('error.badRequest'),
  'Please try again: your browser could not complete the security check.':
    msgId('error.proofMissing'),
  'The security check failed or expired. Please press Inform the Owner again.':
    msgId('error.proofFailed'),
  'The request is too large. Please shorten what you typed.': msgId('error.tooLong'),
  'Some of what you typed contains characters we cannot accept. Please remove them.':
    msgId('error.badCharacters'),
  'Please enter text in each field.': msgId('error.badRequest'),
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown } }

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The message for a refusal's body (parsed JSON, or null), `fallback` when nothing is known. */
export function refusalMessage(body: unknown, fallback: MessageId): MessageId {
  const error = (body as ErrorBody | null)?.error
  if (!error || typeof error !== 'object') return fallback
  const code = text(error.code)
  const message = text(error.message)
  const field = text(error.detail) || text(error.hint)
  // The code in `message` (the functions' new answers), else today's sentence, else `code`.
  return fromCode(message, field) ?? BY_SENTENCE[message] ?? fromCode(code, field) ?? fallback
}

function fromCode(code: string, field: string): MessageId | undefined {
  if (code === 'invalid_input') {
    return ONE_LINE_FIELDS.has(field) ? msgId('error.oneLine') : msgId('error.tooLong')
  }
  // too_many_reports is one code for two limits: per tag (hint 'tag'), and per finder.
  if (code === 'too_many_reports' && field && field !== 'tag') return msgId('error.tooManyFromYou')
  return BY_CODE[code]
}
