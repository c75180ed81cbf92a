import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** Why a case link does not open, and what its page then says. */
export type EndedState = 'not_found' | 'expired' | 'withdrawn' | 'returned' | 'closed'

/** Each state's title and body: message ids (case-links.json), translated where shown. */
export const ENDED_WORDS: Readonly<Record<EndedState, { title: MessageId; body: MessageId }>> = {
  not_found: {
    title: msgId('caseLinks.ended.not_found.title'),
    body: msgId('caseLinks.ended.not_found.body'),
  },
  expired: {
    title: msgId('caseLinks.ended.expired.title'),
    body: msgId('caseLinks.ended.expired.body'),
  },
  withdrawn: {
    title: msgId('caseLinks.ended.withdrawn.title'),
    body: msgId('caseLinks.ended.withdrawn.body'),
  },
  returned: {
    title: msgId('caseLinks.ended.returned.title'),
    body: msgId('caseLinks.ended.returned.body'),
  },
  closed: {
    title: msgId('caseLinks.ended.closed.title'),
    body: msgId('caseLinks.ended.closed.body'),
  },
}

export function isEndedState(value: string): value is EndedState {
  return value in ENDED_WORDS
}

/** The page's state after a chat:<id> 'closed' notice, from its closed_reason. */
export function endedByReason(reason: unknown): EndedState {
  if (reason === 'case_link_revoked') return 'withdrawn'
  if (reason === 'returned') return 'returned'
  return 'closed'
}
