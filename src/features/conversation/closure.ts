import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** The reader's catalog (useT()): the finder's words are translated, the owner's stay English. */
export type Translate = (id: MessageId, values?: MessageValues) => string

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
  /** The closed notice's name, and its line that nothing more can be sent in it. */
  label: string
  noMoreInIt: string
  /** In place of the message box: its name, its line, and its buttons. */
  composerLabel: string
  noMoreHere: string
  goHome: string
  deleteDetails: string
}

/** What happened and why, said to the person reading it. */
function headline(summary: Closure, role: ChatRole, t: Translate): string {
  if (role === 'finder') return finderHeadline(summary, t)
  const item = summary.item_name
  const finder = summary.finder_first_name?.trim() || 'the finder'
  switch (summary.closed_reason) {
    case 'returned':
      return `You marked ${item} as returned. Thank you for letting ${finder} know.`
    case 'closed_by_owner':
      return `You closed this conversation with ${finder}.`
    case 'finder_left':
      return `${finder} deleted their details, so this conversation is closed.`
    case 'account_deleted':
      return 'You deleted your account, so this conversation is closed.'
    case 'blocked':
      return `You blocked ${finder}. You will not hear from them about ${item} again.`
    case 'closed_by_operator':
      return 'Homeward closed this conversation after a report.'
    case 'purged':
      return `The finder's details were deleted, as our privacy notice says, so this conversation is closed.`
    default:
      return 'This conversation is closed.'
  }
}

/** The finder's headline, in the finder's language (the finder is not told they were blocked). */
function finderHeadline(summary: Closure, t: Translate): string {
  switch (summary.closed_reason) {
    case 'returned':
      return t('chat.end.returned', { item: summary.item_name })
    case 'closed_by_owner':
    case 'blocked':
      return t('chat.end.closedByOwner')
    case 'finder_left':
      return t('chat.end.finderLeft')
    case 'account_deleted':
      return t('chat.end.accountDeleted')
    case 'closed_by_operator':
      return t('chat.end.closedByOperator')
    case 'purged':
      return t('chat.end.purged')
    default:
      return t('chat.end.closed')
  }
}

/** What happens to the reader's data (the finder's details), and when. */
function dataLine(summary: Closure, role: ChatRole, t: Translate, locale: string): string {
  if (role === 'finder') {
    const date = formatDeletionDate(summary.finder_details_deleted_on, locale)
    if (!date && summary.closed_reason === 'blocked') {
      // Their page no longer reads the chat: the details are still held until the purge.
      return t('chat.end.dataLater')
    }
    return date ? t('chat.end.dataOn', { date }) : t('chat.end.dataGone')
  }
  const date = formatDeletionDate(summary.finder_details_deleted_on)
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
  'hand-in-elsewhere':
    'If you still have the item, please hand it in at a police station or a lost property office.',
  nothing: 'There is nothing more to do: you can close this page.',
  dashboard: 'Nothing more to do here: your other items and reports are on your dashboard.',
}

/** The finder's one thing left to do, in the finder's language. */
const FINDER_NEXT: Record<Exclude<NextStep, 'dashboard'>, MessageId> = {
  'delete-details': msgId('chat.end.nextDeleteDetails'),
  'hand-in-elsewhere': msgId('chat.end.nextHandIn'),
  nothing: msgId('chat.end.nextNothing'),
}

/**
 * The end of a conversation, for the notice at the top of the chat and in place of
 * the message box: what happened and why, what happens to the reader's data and
 * when, and the one thing left to do. Every part comes from what the database says
 * (chat_summary, or chat_link_status once the chat itself is gone).
 */
export function endNotice(
  summary: Closure,
  role: ChatRole,
  t: Translate,
  locale = 'en-GB',
): EndNotice {
  const step = nextStep(summary, role)
  const isFinder = role === 'finder'
  return {
    headline: headline(summary, role, t),
    data: dataLine(summary, role, t, locale),
    next: isFinder && step !== 'dashboard' ? t(FINDER_NEXT[step]) : NEXT_TEXT[step],
    step,
    label: isFinder ? t('chat.end.label') : 'Conversation closed',
    noMoreInIt: isFinder ? t('chat.end.noMoreInIt') : 'No more messages can be sent in it.',
    composerLabel: isFinder ? t('chat.end.composerLabel') : 'No more messages',
    noMoreHere: isFinder
      ? t('chat.end.noMoreHere')
      : 'No more messages can be sent in this conversation.',
    goHome: isFinder ? t('chat.end.goHome') : 'Go Home',
    deleteDetails: isFinder ? t('chat.forget.button') : 'Delete my details now',
  }
}

/** The closed notice as lines: why, that nothing more can be sent, the data, what is left. */
export function closedLines(summary: Closure, role: ChatRole, t: Translate): string[] {
  const notice = endNotice(summary, role, t)
  return [notice.headline, notice.noMoreInIt, notice.data, notice.next]
}
