import { ChatApiError } from '@/lib/chat/api-error'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** `useT()`'s function: a message id (and its values) to the active language's words. */
type Translate = (id: MessageId, values?: MessageValues) => string

/**
 * The operator's desk: the database's refusal codes of act_on_report and decide_desk
 * (the same codes elsewhere mean the operator's own input here), as message ids
 * (src/locales/owner/en/operator.json) translated where they are shown.
 */
export const OPERATOR_REFUSALS: Readonly<Record<string, MessageId>> = {
  invalid_action: msgId('operator.refusal.invalidAction'),
  reason_required: msgId('operator.refusal.reasonRequired'),
  reason_too_long: msgId('operator.refusal.reasonTooLong'),
  report_closed: msgId('operator.refusal.reportClosed'),
  report_not_found: msgId('operator.refusal.reportNotFound'),
  not_an_owner: msgId('operator.refusal.notAnOwner'),
  invalid_decision: msgId('operator.refusal.invalidDecision'),
  desk_decided: msgId('operator.refusal.deskDecided'),
  desk_not_found: msgId('operator.refusal.deskNotFound'),
  not_operator: msgId('operator.refusal.notOperator'),
}

/**
 * The words for a failed operator call: its refusal code in the active language, else
 * the server's code; no answer or a failure in the browser: "That did not work".
 */
export function operatorFailureText(t: Translate, failure: unknown): string {
  if (!(failure instanceof ChatApiError) || failure.isNetwork) return t('operator.failed')
  const id = failure.reason === undefined ? undefined : OPERATOR_REFUSALS[failure.reason]
  if (id) return t(id)
  return failure.message || t('operator.failed')
}
