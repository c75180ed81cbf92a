import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'

/**
 * /found/thank-you (SPEC.md §2): the owner was informed. The Finder feature adds
 * the chat link here (see the `children` slot).
 */
export function ThankYouPage({ children }: { children?: ReactNode }) {
  return (
    <Stack gap="6" maxW="2xl" mx="auto" textAlign="center" py="4">
      <Heading as="h2" size="2xl">
        Thank you!
      </Heading>
      <Text fontSize="lg">
        The owner has been informed that you found their item. We have e-mailed you a link to chat
        with them so you can arrange its return.
      </Text>
      {children}
      <Stack gap="2" align="center">
        <Text>Want the same peace of mind for your own things?</Text>
        <Box>
          <Button asChild size="lg">
            <RouterLink to={paths.register}>Protect Your Items</RouterLink>
          </Button>
        </Box>
      </Stack>
    </Stack>
  )
}
