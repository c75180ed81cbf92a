import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import type { ChatRole, ChatSummaryRow } from '@/features/chat/types'
import { useMarkReturned } from '@/features/chat/use-mark-returned'
import { paths } from '@/lib/paths'

const whenFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

/** "Found by Fred on the 8:15 train, 21 Nov 2026, 10:02" from what the chat holds. */
export function foundLine(
  summary: Pick<ChatSummaryRow, 'finder_first_name' | 'found_location' | 'found_at'>,
) {
  const who = summary.finder_first_name?.trim() || 'someone'
  const where = summary.found_location?.trim()
  const when = summary.found_at ? whenFormat.format(new Date(summary.found_at)) : null
  return [`Found by ${who}`, where ? `at ${where}` : null, when ? `on ${when}` : null]
    .filter(Boolean)
    .join(' ')
}

function OwnerActions() {
  const { isReturned, isSaving, error, markReturned } = useMarkReturned()
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <Button asChild variant="outline" colorPalette="teal" size="sm">
          <RouterLink to={paths.dashboard}>Back to dashboard</RouterLink>
        </Button>
        {isReturned ? (
          <Text fontWeight="semibold" role="status">
            Returned: marked FOUND
          </Text>
        ) : (
          <Button colorPalette="teal" size="sm" loading={isSaving} onClick={markReturned}>
            Mark as returned
          </Button>
        )}
      </HStack>
      <FormMessage message={error} />
    </Stack>
  )
}

/** What the chat is about: the item, who found it, where and when; the owner's actions. */
export function ChatHeader({ summary, role }: { summary: ChatSummaryRow | null; role: ChatRole }) {
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
      {role === 'owner' && <OwnerActions />}
    </Stack>
  )
}
