import { ChatApiError } from '@/lib/chat/api-error'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { REFUSAL_TEXT } from '@/lib/chat/refusal-text'
import type { MessageValues } from '@/lib/i18n/use-t'

/** `useT()`'s function: a message id (and its values) to the active language's words. */
type Translate = (id: MessageId, values?: MessageValues) => string

/**
 * The database's refusal codes for the desk's calls (error-codes.ts), as the desk's
 * messages (src/locales/owner/en/desk.json), translated where they are shown.
 */
export const DESK_REFUSALS: Readonly<Record<string, MessageId>> = {
  sign_in_required: msgId('desk.refusal.signInRequired'),
  missing_fields: msgId('desk.missingFields'),
  desk_field_too_long: msgId('desk.refusal.fieldTooLong'),
  invalid_text: msgId('desk.refusal.invalidText'),
  invalid_email: msgId('desk.refusal.invalidEmail'),
  already_in_a_desk: msgId('desk.refusal.alreadyInADesk'),
  not_desk_staff: msgId('desk.refusal.notDeskStaff'),
  not_desk_admin: msgId('desk.refusal.notDeskAdmin'),
  no_such_account: msgId('desk.refusal.noSuchAccount'),
  already_staff: msgId('desk.refusal.alreadyStaff'),
  cannot_remove_self: msgId('desk.refusal.cannotRemoveSelf'),
  reference_required: msgId('desk.report.referenceMissing'),
  reference_invalid: msgId('desk.refusal.referenceInvalid'),
  invalid_outcome: msgId('desk.refusal.invalidOutcome'),
  tag_not_activated: msgId('desk.report.tagNotFound'),
  too_many_reports: msgId('desk.report.tooMany'),
}

/**
 * What the desk's API calls give throwIfError: every code it knows, so a refusal keeps
 * its code (`reason`). The chat's shared codes carry their words (REFUSAL_TEXT); the
 * desk's carry a message id, which deskFailureText translates.
 */
export const DESK_REFUSAL_TEXT: Readonly<Record<string, string>> = {
  ...REFUSAL_TEXT,
  ...DESK_REFUSALS,
}

/**
 * The words for a failed desk call: a desk refusal in the active language, a shared
 * chat refusal in its words, else the server's code; no answer or a failure in the
 * browser: "That did not work".
 */
export function deskFailureText(t: Translate, failure: unknown): string {
  if (!(failure instanceof ChatApiError) || failure.isNetwork) return t('desk.failed')
  const id = failure.reason === undefined ? undefined : DESK_REFUSALS[failure.reason]
  if (id) return t(id)
  return failure.message || t('desk.failed')
}
