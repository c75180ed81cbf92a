import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'

/** /found: the 'Scanning a FOUND tag' guide (SPEC.md §2). */
export function FoundGuidePage() {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        Scanning a FOUND tag
      </Heading>
      <Text fontSize="lg">
        Thank you for helping! The item you found carries a Homeward tag. Scanning it lets you tell
        the owner where it is. You do not need an account, and the owner never sees more than you
        choose to share.
      </Text>
      <List.Root as="ol" gap="2" ps="6">
        <List.Item>
          Unlock your phone and hold it against the tag (the top edge of an iPhone, the middle of
          the back of an Android phone).
        </List.Item>
        <List.Item>Tap the notification or link that appears on your phone.</List.Item>
        <List.Item>
          Fill in your name, your contact details and where you found the item, then press Inform
          the Owner.
        </List.Item>
        <List.Item>
          The owner is told straight away by e-mail and text message, and you can chat with them to
          arrange its return.
        </List.Item>
      </List.Root>
      <Text>
        Phone will not read the tag?{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.howToScan}>How to scan a tag</RouterLink>
        </Link>{' '}
        shows how to turn on NFC, or you can type the code printed on the tag.
      </Text>
      <Box>
        <Button asChild size="lg">
          <RouterLink to={paths.tag}>Enter the tag code</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
