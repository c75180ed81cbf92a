import { Link as RouterLink } from 'react-router'
import { Box, HStack, Link, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'

/** SPEC.md §2: the year and 'All rights reserved'; and the privacy notice and terms. */
export function AppFooter({ now = new Date() }: { now?: Date }) {
  return (
    <Box as="footer" py="4" px="2" borderTopWidth="1px" borderColor="border.muted" bg="bg">
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        © {now.getFullYear()} Homeward. All rights reserved
      </Text>
      <HStack as="nav" aria-label="Legal" justify="center" gap="4" mt="1" fontSize="sm">
        <Link asChild color="fg.muted" textDecoration="underline">
          <RouterLink to={paths.privacy}>Privacy notice</RouterLink>
        </Link>
        <Link asChild color="fg.muted" textDecoration="underline">
          <RouterLink to={paths.terms}>Terms of use</RouterLink>
        </Link>
      </HStack>
    </Box>
  )
}
