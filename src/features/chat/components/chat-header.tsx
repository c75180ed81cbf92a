import { Heading, Stack, Text } from '@chakra-ui/react'
import { OwnerChatActionsBar } from '@/features/chat/components/owner-chat-actions'
import type { ChatRole, ChatSummaryRow } from '@/features/chat/types'

const whenFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * 'Found by Fred on 21 Nov 2026, 10:02: “On a bench at the station”' from what
 * the chat holds. The place is the finder's own words, so it is quoted rather
 * than run into our sentence ("at On a bench at …").
 */
export function foundLine(
  summary: Pick<ChatSummaryRow, 'finder_first_name' | 'found_location' | 'found_at'>,
) {
  const who = summary.finder_first_name?.trim() || 'someone'
  const where = summary.found_location?.trim()
  const when = summary.found_at ? whenFormat.format(new Date(summary.found_at)) : null
  const line = when ? `Found by ${who} on ${when}` : `Found by ${who}`
  return where ? `${line}: “${where}”` : line
}

/** What the chat is about: the item, who found it, where and when; the owner's actions. */
export function ChatHeader({
  summary,
  role,
  refreshSummary,
}: {
  summary: ChatSummaryRow | null
  role: ChatRole
  refreshSummary: () => void
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
      {role === 'owner' && (
        <OwnerChatActionsBar summary={summary} refreshSummary={refreshSummary} />
      )}
    </Stack>
  )
}
