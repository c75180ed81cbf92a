import { Button, Heading, Stack } from '@chakra-ui/react'
import { msgId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

export const UNREACHABLE_TEXT = msgId('chat.unreachable')

/** The chat could not be opened for want of a connection: in the reader's language. */
export function ChatUnreachable({ onRetry }: { onRetry: () => void }) {
  const t = useT()
  return (
    <Stack gap="4" align="start" py="6">
      <Heading as="h2" size="lg" role="alert">
        {t(UNREACHABLE_TEXT)}
      </Heading>
      <Button colorPalette="teal" onClick={onRetry}>
        {t('chat.tryAgain')}
      </Button>
    </Stack>
  )
}
