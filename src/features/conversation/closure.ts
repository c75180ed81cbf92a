import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

export const CLOSED_NO_MORE_MESSAGES =
  'This conversation is closed. No more messages can be sent in it.'

type Closure = Pick<
  ChatSummaryRow,
  'closed_reason' | 'item_name' | 'finder_first_name' | 'finder_details_deleted_on'
>

/** Why the conversation closed, said to the person reading it. */
function closedHeadline(summary: Closure, role: ChatRole): string {
  const item = summary.item_name
  const finder = summary.finder_first_name?.trim() || 'the finder'
  switch (summary.closed_reason) {
    case 'returned':
      return role === 'finder'
        ? `${item} is home: the owner has marked it returned. Thank you for helping it find its way back!`
        : `You marked ${item} as returned. Thank you for letting ${finder} know.`
    case 'closed_by_owner':
      return role === 'finder'
        ? 'The owner has closed this conversation.'
        : `You closed this conversation with ${finder}.`
    case 'finder_left':
      return role === 'finder'
        ? 'You deleted your details, so this conversation is closed.'
        : `${finder} deleted their details, so this conversation is closed.`
    case 'account_deleted':
      return role === 'finder'
        ? 'The owner has deleted their account, so this conversation is closed.'
        : 'You deleted your account, so this conversation is closed.'
    case 'purged':
      return role === 'finder'
        ? 'Your details were deleted, as our privacy notice says, so this conversation is closed.'
        : `The finder's details were deleted, as our privacy notice says, so this conversation is closed.`
    default:
      return 'This conversation is closed.'
  }
}

/** The closed notice: why, that nothing more can be sent, and when the finder's details go. */
export function closedLines(summary: Closure, role: ChatRole): string[] {
  const date = formatDeletionDate(summary.finder_details_deleted_on)
  const deletion = date
    ? role === 'finder'
      ? `Your details will be deleted on ${date}.`
      : `The finder's details will be deleted on ${date}.`
    : null
  return [closedHeadline(summary, role), 'No more messages can be sent in it.', deletion].filter(
    (line): line is string => line !== null,
  )
}
