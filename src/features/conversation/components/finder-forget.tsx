import { useState } from 'react'
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { deleteMyFinderDetails } from '@/features/conversation/api/delete-my-finder-details'

export const FORGET_TEXTS = {
  question: 'Delete your details now?',
  confirm:
    'If you do, your name, contact details, where you found the item and this conversation will be deleted straight away, and the owner will be told you left. You will not be able to write here again.',
  failed: 'Your details were not deleted. Please try again.',
} as const

/** "Delete my details now": opens the question (in the conversation, where it is answered). */
export function DeleteDetailsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" colorPalette="red" onClick={onClick} alignSelf="start">
      Delete my details now
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
  const [isDeleting, setIsDeleting] = useState(false)
  const [error, setError] = useState<string | null>(null)

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
      aria-label="Delete your details?"
      gap="2"
      borderWidth="1px"
      borderColor="border.error"
      borderRadius="md"
      p="3"
      flexShrink="0"
    >
      <Text fontWeight="semibold">{FORGET_TEXTS.question}</Text>
      <Text fontSize="sm">{FORGET_TEXTS.confirm}</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button size="sm" colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
          Delete my details
        </Button>
        <Button size="sm" variant="outline" disabled={isDeleting} onClick={onCancel}>
          Keep talking
        </Button>
      </HStack>
      <FormMessage message={error} />
    </Stack>
  )
}
