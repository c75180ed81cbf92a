import { ChatApiError } from '@/lib/chat/api-error'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

/**
 * The database's refusals of the case-link calls, as the product's words: a message id
 * (case-links.json) to translate where it is shown.
 */
export function caseLinkRefusal(error: unknown): MessageId {
  if (error instanceof ChatApiError && error.isNetwork) {
    return msgId('caseLinks.refusal.unreachable')
  }
  const code =
    error instanceof ChatApiError
      ? (error.reason ?? error.message)
      : error instanceof Error
        ? error.message
        : ''
  switch (code) {
    case 'item_not_lost':
      return msgId('caseLinks.refusal.itemNotLost')
    case 'case_link_label':
      return msgId('caseLinks.refusal.label')
    case 'case_link_contact':
      return msgId('caseLinks.refusal.contact')
    case 'case_link_days':
      return msgId('caseLinks.refusal.days')
    case 'too_many_case_links':
      return msgId('caseLinks.refusal.tooMany')
    case 'item_not_found':
    case 'This item is no longer in your account.':
      return msgId('caseLinks.refusal.itemNotFound')
    case 'chat_closed':
      return msgId('caseLinks.refusal.chatClosed')
    case 'case_link_not_found':
      return msgId('caseLinks.refusal.linkNotFound')
    default:
      return msgId('caseLinks.refusal.other')
  }
}
