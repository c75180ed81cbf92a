import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { paths } from '@/lib/paths'

export const INVALID_LINK_TEXT = 'This chat link is not valid or has expired.'

/** What anyone who is not a member sees: nothing of the chat. */
export function ChatLinkInvalid() {
  return (
    <Stack gap="4" align="start" py="6">
      <Heading as="h2" size="lg">
        {INVALID_LINK_TEXT}
      </Heading>
      <Text>Ask for a new link, or log in if this is your item.</Text>
      <Button asChild colorPalette="teal">
        <RouterLink to={paths.root}>Go Home</RouterLink>
      </Button>
    </Stack>
  )
}
