import type { ChatMessage } from '@/lib/chat/types'

/** The words of the labels, where a reader needs their own (their catalog's). */
export type SenderWords = {
  you: string
  owner: string
  /** The finder by first name ("Fred, finder"), and without one. */
  finder?: (name: string) => string
  theFinder?: string
}

const ENGLISH: Required<SenderWords> = {
  you: 'You',
  owner: 'The owner',
  finder: (name) => `${name}, finder`,
  theFinder: 'The finder',
}

/**
 * Who wrote a message, as the viewer sees it: "You" only for the viewer's own
 * messages (sender_id = their user id); the finder by first name and role
 * ("Fred, finder"), the owner as "The owner". The finder reads the first and the
 * last in their language (`words`); the finder's label is only ever the owner's.
 */
export function senderLabel(
  message: Pick<ChatMessage, 'senderId' | 'senderRole'>,
  viewerId: string,
  finderFirstName: string | null | undefined,
  words: SenderWords = ENGLISH,
): string {
  if (message.senderId === viewerId) return words.you
  if (message.senderRole === 'owner') return words.owner
  const name = finderFirstName?.trim()
  const finder = { ...ENGLISH, ...words }
  return name ? finder.finder(name) : finder.theFinder
}
