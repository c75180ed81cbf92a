import { useState } from 'react'
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { deleteMyFinderDetails } from '@/features/conversation/api/delete-my-finder-details'

export const FORGET_TEXTS = {
  confirm:
    'Your name, contact details, where you found the item and this conversation are deleted now, and the owner is told you left. You cannot write here again.',
  done: 'Your details have been deleted and this conversation is closed. Thank you for helping.',
  failed: 'Your details were not deleted. Please try again.',
} as const

/**
 * For the finder of a chat: delete my details now (asks first). `isAsking`: the
 * finder came from the e-mail's "Delete my details now" link, so the question shows
 * at once; nothing is deleted until they confirm.
 */
export function FinderForget({
  chatId,
  isAsking = false,
  onDeleted,
}: {
  chatId: string
  isAsking?: boolean
  onDeleted: () => void
}) {
  const [isConfirming, setIsConfirming] = useState(isAsking)
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

  if (!isConfirming) {
    return (
      <Box>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => setIsConfirming(true)}
        >
          Delete my details now
        </Button>
      </Box>
    )
  }
  return (
    <Stack
      role="group"
      aria-label="Delete your details?"
      gap="2"
      borderWidth="1px"
      borderColor="red.500"
      borderRadius="md"
      p="3"
    >
      <Text>{FORGET_TEXTS.confirm}</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button size="sm" colorPalette="red" loading={isDeleting} onClick={() => void remove()}>
          Delete my details
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={isDeleting}
          onClick={() => setIsConfirming(false)}
        >
          Keep talking
        </Button>
      </HStack>
      <FormMessage message={error} />
    </Stack>
  )
}

/** What the finder sees once their details are gone. */
export function FinderForgotten() {
  return (
    <Text role="status" py="6" fontSize="lg">
      {FORGET_TEXTS.done}
    </Text>
  )
}
