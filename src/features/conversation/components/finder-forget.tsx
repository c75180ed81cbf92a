import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import { useState } from 'react'
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { deleteMyFinderDetails } from '@/features/conversation/api/delete-my-finder-details'

/** The question's texts, in the finder's language (en.json holds SPEC.md's words). */
export const FORGET_TEXTS = {
  question: msgId('chat.forget.question'),
  confirm: msgId('chat.forget.confirm'),
  failed: msgId('chat.forget.failed'),
} as const

/** "Delete my details now": opens the question (in the conversation, where it is answered). */
export function DeleteDetailsButton({ onClick }: { onClick: () => void }) {
  const t = useT()
  return (
    <Button size="sm" variant="outline" colorPalette="red" onClick={onClick} alignSelf="start">
      {t('chat.forget.button')}
    </Button>
  )
}

/**
 * The finder's "Delete my details now", asked first: nothing is deleted until they
 * confirm. Shown when they pressed the button, or came from the e-mail's link.
 */
export function DeleteDetailsQuestion({
  chatId,
  onDeleted,
  onCancel,
}: {
  chatId: string
  onDeleted: () => void
  onCancel: () => void
}) {
  const t = useT()
  const [isDeleting, setIsDeleting] = useState(false)
  const [error, setError] = useState<MessageId | null>(null)

  const remove = async () => {
    setError(null)
    setIsDeleting(true)
    try {
      await deleteMyFinderDetails(chatId)
      onDeleted()
    } catch (failure) {
      console.error('Deleting the finder details failed', failure)
      setError(FORGET_TEXTS.failed)
      setIsDeleting(false)
    }
  }

  return (
    <Stack
      role="group"
      aria-label={t('chat.forget.label')}
      gap="2"
      borderWidth="1px"
      borderColor="border.error"
      borderRadius="md"
      p="3"
      flexShrink="0"
    >
      <Text fontWeight="semibold">{t(FORGET_TEXTS.question)}</Text>
      <Text fontSize="sm">{t(FORGET_TEXTS.confirm)}</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button size="sm" colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
          {t('chat.forget.delete')}
        </Button>
        <Button size="sm" variant="outline" disabled={isDeleting} onClick={onCancel}>
          {t('chat.forget.keep')}
        </Button>
      </HStack>
      <FormMessage message={error && t(error)} />
    </Stack>
  )
}
