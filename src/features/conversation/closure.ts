import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** The reader's catalog (useT()): the finder's words in the finder's language, the owner's from the owner's catalog. */
export type Translate = (id: MessageId, values?: MessageValues) => string

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
  const finder = summary.finder_first_name?.trim() || t('ownerChat.theFinder')
  switch (summary.closed_reason) {
    case 'returned':
      return t('ownerChat.end.returned', { item, finder })
    case 'closed_by_owner':
      return t('ownerChat.end.closedByOwner', { finder })
    case 'finder_left':
      return t('ownerChat.end.finderLeft', { finder })
    case 'account_deleted':
      return t('ownerChat.end.accountDeleted')
    case 'blocked':
      return t('ownerChat.end.blocked', { finder, item })
    case 'closed_by_operator':
      return t('ownerChat.end.closedByOperator')
    case 'purged':
      return t('ownerChat.end.purged')
    default:
      return t('ownerChat.end.closed')
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
  return date ? t('ownerChat.end.dataOn', { date }) : t('ownerChat.end.dataGone')
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

/** The one thing left to do: the finder's in the finder's language, the owner's in the owner's. */
const NEXT_TEXT: Record<NextStep, MessageId> = {
  'delete-details': msgId('chat.end.nextDeleteDetails'),
  'hand-in-elsewhere': msgId('chat.end.nextHandIn'),
  nothing: msgId('chat.end.nextNothing'),
  dashboard: msgId('ownerChat.end.nextDashboard'),
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
    next: t(NEXT_TEXT[step]),
    step,
    label: isFinder ? t('chat.end.label') : t('ownerChat.end.label'),
    noMoreInIt: isFinder ? t('chat.end.noMoreInIt') : t('ownerChat.end.noMoreInIt'),
    composerLabel: isFinder ? t('chat.end.composerLabel') : t('ownerChat.end.composerLabel'),
    noMoreHere: isFinder ? t('chat.end.noMoreHere') : t('ownerChat.end.noMoreHere'),
    goHome: isFinder ? t('chat.end.goHome') : t('ownerChat.end.goHome'),
    deleteDetails: isFinder ? t('chat.forget.button') : t('ownerChat.end.deleteDetails'),
  }
}

/** The closed notice as lines: why, that nothing more can be sent, the data, what is left. */
export function closedLines(summary: Closure, role: ChatRole, t: Translate): string[] {
  const notice = endNotice(summary, role, t)
  return [notice.headline, notice.noMoreInIt, notice.data, notice.next]
}
