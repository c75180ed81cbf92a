import { Alert } from '@chakra-ui/react'
import { closedLines } from '@/features/conversation/closure'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

/** In place of the message box once the conversation is closed: why, and when the finder's details go. */
export function ChatClosed({ summary, role }: { summary: ChatSummaryRow; role: ChatRole }) {
  const [headline, ...rest] = closedLines(summary, role)
  return (
    <Alert.Root status="info" role="status" aria-label="Conversation closed">
      <Alert.Content>
        <Alert.Title>{headline}</Alert.Title>
        <Alert.Description>{rest.join(' ')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
