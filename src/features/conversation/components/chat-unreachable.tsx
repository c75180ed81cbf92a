import { Button, Heading, Stack } from '@chakra-ui/react'

export const UNREACHABLE_TEXT = 'We could not reach Homeward. Check your connection and try again.'

export function ChatUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack gap="4" align="start" py="6">
      <Heading as="h2" size="lg" role="alert">
        {UNREACHABLE_TEXT}
      </Heading>
      <Button colorPalette="teal" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  )
}
