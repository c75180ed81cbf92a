import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

export const CLOSED_NO_MORE_MESSAGES =
  'This conversation is closed. No more messages can be sent in it.'

type Closure = Pick<
  ChatSummaryRow,
  'closed_reason' | 'item_name' | 'finder_first_name' | 'finder_details_deleted_on'
>

/** What is left for the person to do once the conversation is over (one thing). */
export type NextStep =
  /** The finder's details are still held: they may have them deleted sooner. */
  | 'delete-details'
  /** The item may still be with the finder: where to take it. */
  | 'hand-in-elsewhere'
  /** Nothing: the page can be closed. */
  | 'nothing'
  /** The owner goes back to their items. */
  | 'dashboard'

export type EndNotice = {
  /** What happened, and why. */
  headline: string
  /** What happens to the person's data, and when. */
  data: string
  /** The one thing left to do, in words (the page adds its button or link). */
  next: string
  step: NextStep
}

const HAND_IN_ELSEWHERE =
  'If you still have the item, please hand it in at a police station or a lost property office.'

/** What happened and why, said to the person reading it. */
function headline(summary: Closure, role: ChatRole): string {
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
        ? 'The owner has deleted their Homeward account, so this conversation is closed.'
        : 'You deleted your account, so this conversation is closed.'
    case 'blocked':
      // The finder is not told they were blocked.
      return role === 'finder'
        ? 'The owner has closed this conversation.'
        : `You blocked ${finder}. You will not hear from them about ${item} again.`
    case 'closed_by_operator':
      return 'Homeward closed this conversation after a report.'
    case 'purged':
      return role === 'finder'
        ? 'Your details were deleted, as our privacy notice says, so this conversation is closed.'
        : `The finder's details were deleted, as our privacy notice says, so this conversation is closed.`
    default:
      return 'This conversation is closed.'
  }
}

/** What happens to the reader's data (the finder's details), and when. */
function dataLine(summary: Closure, role: ChatRole): string {
  const date = formatDeletionDate(summary.finder_details_deleted_on)
  if (role === 'finder' && !date && summary.closed_reason === 'blocked') {
    // Their page no longer reads the chat: the details are still held until the purge.
    return 'Your details will be deleted as our privacy notice says.'
  }
  if (role === 'finder') {
    return date
      ? `Your details will be deleted on ${date}.`
      : 'Your name, contact details and this conversation have been deleted: nothing of yours is kept.'
  }
  return date
    ? `The finder's details will be deleted on ${date}.`
    : "The finder's details and this conversation's messages have been deleted."
}

function nextStep(summary: Closure, role: ChatRole): NextStep {
  if (role === 'owner') return 'dashboard'
  const isDetailsHeld = Boolean(formatDeletionDate(summary.finder_details_deleted_on))
  if (
    summary.closed_reason === 'closed_by_owner' ||
    summary.closed_reason === 'account_deleted' ||
    summary.closed_reason === 'blocked' ||
    summary.closed_reason === 'closed_by_operator'
  ) {
    return 'hand-in-elsewhere'
  }
  return isDetailsHeld ? 'delete-details' : 'nothing'
}

const NEXT_TEXT: Record<NextStep, string> = {
  'delete-details': 'Nothing more to do. If you want your details gone sooner, delete them now.',
  'hand-in-elsewhere': HAND_IN_ELSEWHERE,
  nothing: 'There is nothing more to do: you can close this page.',
  dashboard: 'Nothing more to do here: your other items and reports are on your dashboard.',
}

/**
 * The end of a conversation, for the notice at the top of the chat and in place of
 * the message box: what happened and why, what happens to the reader's data and
 * when, and the one thing left to do. Every part comes from what the database says
 * (chat_summary, or chat_link_status once the chat itself is gone).
 */
export function endNotice(summary: Closure, role: ChatRole): EndNotice {
  const step = nextStep(summary, role)
  return {
    headline: headline(summary, role),
    data: dataLine(summary, role),
    next: NEXT_TEXT[step],
    step,
  }
}

/** The closed notice as lines: why, that nothing more can be sent, the data, what is left. */
export function closedLines(summary: Closure, role: ChatRole): string[] {
  const notice = endNotice(summary, role)
  return [notice.headline, 'No more messages can be sent in it.', notice.data, notice.next]
}
