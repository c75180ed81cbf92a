import { Box, Text } from '@chakra-ui/react'

/** SPEC.md §2: the year and 'All rights reserved'. */
export function AppFooter({ now = new Date() }: { now?: Date }) {
  return (
    <Box as="footer" py="4" px="2" borderTopWidth="1px" borderColor="border.muted" bg="bg">
      <Text textAlign="center" fontSize="sm" color="fg.muted">
        © {now.getFullYear()} Homeward. All rights reserved
      </Text>
    </Box>
  )
}
