import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { formatDeletionDate } from '@/lib/chat/deletion-date'
import type { ChatSummaryRow } from '@/lib/chat/types'
import { useOwnerChatActions, type OwnerChatActions } from '@/features/return/use-mark-returned'
import type { MessageId } from '@/lib/i18n/message-id'
import { translate } from '@/lib/i18n/runtime'
import { useT, type MessageValues } from '@/lib/i18n/use-t'

/** What the owner is asked before an action, in plain words (`t`: the owner's catalog, useT()). */
export function confirmationText(
  pending: NonNullable<OwnerChatActions['pending']>,
  summary: Pick<ChatSummaryRow, 'item_name' | 'item_status' | 'finder_first_name'>,
  t: (id: MessageId, values?: MessageValues) => string = translate,
): { title: string; lines: string[]; confirm: string } {
  const date = formatDeletionDate(pending.preview.finderDetailsDeletedOn) ?? 'unknown'
  const named = summary.finder_first_name?.trim() ? 'yes' : 'no'
  const finder = summary.finder_first_name?.trim() || t('ownerChat.theFinder')
  const item = summary.item_name
  if (pending.action === 'close') {
    return {
      title: t('ownerChat.confirm.closeTitle', { finder }),
      lines: [
        t('ownerChat.confirm.closeTold', { finder, named }),
        summary.item_status
          ? t('ownerChat.confirm.closeKeepsStatus', { item, status: summary.item_status })
          : t('ownerChat.confirm.closeKeepsNoStatus', { item }),
        t('ownerChat.confirm.closeDeleted', { finder, named, date }),
      ],
      confirm: t('ownerChat.confirm.closeButton'),
    }
  }
  return {
    title: t('ownerChat.confirm.returnTitle', { item }),
    lines: [
      t('ownerChat.confirm.returnMarked', { item }),
      t('ownerChat.confirm.returnCloses', { count: pending.preview.openConversations }),
      t('ownerChat.confirm.returnDeleted', { date }),
    ],
    confirm: t('ownerChat.confirm.returnButton'),
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
  const t = useT()
  const actions = useOwnerChatActions(refreshSummary)
  const { pending, isBusy, error } = actions
  const question = pending && summary ? confirmationText(pending, summary, t) : null
  // Closed without a return: nothing to offer or say here.
  if (actions.isClosed && !actions.isReturned && !question && !error) return null
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        {actions.isReturned ? (
          <Text fontWeight="semibold" role="status">
            {t('ownerChat.actions.returned')}
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
                {t('ownerChat.actions.markReturned')}
              </Button>
              <Button
                variant="outline"
                colorPalette="teal"
                size="sm"
                disabled={isBusy}
                onClick={() => actions.ask('close')}
              >
                {t('ownerChat.actions.close')}
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
                {t('ownerChat.confirm.cancel')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      <FormMessage message={error && t(error)} />
    </Stack>
  )
}
