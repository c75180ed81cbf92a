import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { foundLine } from '@/lib/chat/found-line'
import type { ChatRole, ChatSummaryRow } from '@/lib/chat/types'

/** What the chat is about: the item, who found it, where and when; the owner's actions. */
export function ChatHeader({
  summary,
  role,
  ownerActions,
}: {
  summary: ChatSummaryRow | null
  role: ChatRole
  ownerActions: ReactNode
}) {
  return (
    <Stack gap="2">
      {summary && (
        <>
          <Heading as="h2" size="lg">
            {summary.item_name}
          </Heading>
          <Text>{foundLine(summary)}</Text>
        </>
      )}
      <Text color="fg.muted">
        {role === 'owner'
          ? 'You are talking with the person who found your item.'
          : 'You are talking with the owner of the item you found.'}
      </Text>
      {role === 'owner' && ownerActions}
    </Stack>
  )
}
