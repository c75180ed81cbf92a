/** Why a case link does not open, and what its page then says. */
export type EndedState = 'not_found' | 'expired' | 'withdrawn' | 'returned' | 'closed'

export const ENDED_WORDS: Readonly<Record<EndedState, { title: string; body: string }>> = {
  not_found: {
    title: 'This case link does not work',
    body: 'Check that it was copied in full, or ask the owner for a new link.',
  },
  expired: {
    title: 'This case link has expired',
    body: 'Ask the owner for a new link if you still need one.',
  },
  withdrawn: {
    title: 'This case link was withdrawn',
    body: 'The owner withdrew this link. Nothing more can be seen or sent here.',
  },
  returned: {
    title: 'The item is home',
    body: 'The owner marked this item as returned. Thank you for your help.',
  },
  closed: {
    title: 'This case is closed',
    body: 'The owner closed this case. Nothing more can be sent here.',
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
