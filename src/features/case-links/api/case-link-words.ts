import { ChatApiError } from '@/lib/chat/api-error'

/** The database's refusals of the case-link calls, in the product's words. */
export function caseLinkRefusal(error: unknown): string {
  if (error instanceof ChatApiError && error.isNetwork) {
    return 'Homeward could not be reached. Check your connection and try again.'
  }
  const code =
    error instanceof ChatApiError
      ? (error.reason ?? error.message)
      : error instanceof Error
        ? error.message
        : ''
  switch (code) {
    case 'item_not_lost':
      return 'Mark the item as LOST first: case links are for lost items.'
    case 'case_link_label':
      return 'Say who the link is for, for example "British Airways baggage, ref LHRBA12345".'
    case 'case_link_contact':
      return 'Please shorten the contact details you share.'
    case 'case_link_days':
      return 'Choose how many days the link works: from 1 to 30.'
    case 'too_many_case_links':
      return 'This item already has 3 working case links. Withdraw one to make another.'
    case 'item_not_found':
    case 'This item is no longer in your account.':
      return 'This item is no longer in your account.'
    case 'chat_closed':
      return 'This case is closed. No more messages can be sent here.'
    case 'case_link_not_found':
      return 'This case link is no longer in your account.'
    default:
      return 'Something went wrong. Please try again.'
  }
}
