import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatSummaryRow } from '@/lib/chat/types'
import { useOwnerChatActions, type OwnerChatActions } from '@/features/return/use-mark-returned'

/** What the owner is asked before an action, in plain words. */
export function confirmationText(
  pending: NonNullable<OwnerChatActions['pending']>,
  summary: Pick<ChatSummaryRow, 'item_name' | 'item_status' | 'finder_first_name'>,
): { title: string; lines: string[]; confirm: string } {
  const date = formatDeletionDate(pending.preview.finderDetailsDeletedOn) ?? 'in 7 days'
  const finder = summary.finder_first_name?.trim() || 'the finder'
  if (pending.action === 'close') {
    return {
      title: `Close this conversation with ${finder}?`,
      lines: [
        `${finder} is told it is closed, and neither of you can write in it any more.`,
        `${summary.item_name} keeps its status${summary.item_status ? ` (${summary.item_status})` : ''}; other conversations about it stay open.`,
        `${finder}'s details will be deleted on ${date}.`,
      ],
      confirm: 'Yes, close it',
    }
  }
  const count = pending.preview.openConversations
  return {
    title: `Mark ${summary.item_name} as returned?`,
    lines: [
      `${summary.item_name} will be marked FOUND.`,
      count === 1
        ? 'Its conversation (this one) will be closed: the finder is told in the chat and by e-mail that the item is home, and nobody can write in it any more.'
        : `All ${count} of its open conversations, this one included, will be closed: each finder is told in the chat and by e-mail that the item is home, and nobody can write in them any more.`,
      `The finders' details will be deleted on ${date}.`,
    ],
    confirm: 'Yes, mark as returned',
  }
}

/** The owner's actions in an open chat: mark as returned, close this conversation, each asked first. */
export function OwnerChatActionsBar({
  summary,
  refreshSummary,
}: {
  summary: ChatSummaryRow | null
  refreshSummary: () => void
}) {
  const actions = useOwnerChatActions(refreshSummary)
  const { pending, isBusy, error } = actions
  const question = pending && summary ? confirmationText(pending, summary) : null
  // Closed without a return: nothing to offer or say here.
  if (actions.isClosed && !actions.isReturned && !question && !error) return null
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        {actions.isReturned ? (
          <Text fontWeight="semibold" role="status">
            Returned: marked FOUND
          </Text>
        ) : (
          // Once the conversation is closed, nothing is offered here: the item's
          // status is changed on its own page (Edit Tag).
          !question &&
          !actions.isClosed && (
            <>
              <Button
                colorPalette="teal"
                size="sm"
                loading={isBusy}
                onClick={() => actions.ask('return')}
              >
                Mark as returned
              </Button>
              <Button
                variant="outline"
                colorPalette="teal"
                size="sm"
                disabled={isBusy}
                onClick={() => actions.ask('close')}
              >
                Close this conversation
              </Button>
            </>
          )
        )}
      </HStack>
      {question && (
        <Alert.Root status="warning" role="alertdialog" aria-label={question.title}>
          <Alert.Content>
            <Alert.Title>{question.title}</Alert.Title>
            <Stack gap="1" mt="1">
              {question.lines.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </Stack>
            <HStack gap="3" mt="3" wrap="wrap">
              <Button colorPalette="teal" size="sm" loading={isBusy} onClick={actions.confirm}>
                {question.confirm}
              </Button>
              <Button variant="outline" size="sm" disabled={isBusy} onClick={actions.cancel}>
                Cancel
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      <FormMessage message={error} />
    </Stack>
  )
}
