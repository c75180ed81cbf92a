import type { ChatMessage } from '@/lib/chat/types'

/**
 * Who wrote a message, as the viewer sees it: "You" only for the viewer's own
 * messages (sender_id = their user id); the finder by first name and role
 * ("Fred, finder"), the owner as "The owner".
 */
export function senderLabel(
  message: Pick<ChatMessage, 'senderId' | 'senderRole'>,
  viewerId: string,
  finderFirstName: string | null | undefined,
): string {
  if (message.senderId === viewerId) return 'You'
  if (message.senderRole === 'owner') return 'The owner'
  const name = finderFirstName?.trim()
  return name ? `${name}, finder` : 'The finder'
}
