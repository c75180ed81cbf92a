import { Link as RouterLink } from 'react-router'
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'

/** Any unknown path (SPEC.md §2). */
export function NotFoundPage() {
  return (
    <Stack gap="4" align="center" textAlign="center" py="8">
      <Heading as="h2" size="3xl">
        404
      </Heading>
      <Text fontSize="lg">Sorry, we could not find that page.</Text>
      <Button asChild size="lg">
        <RouterLink to={paths.root}>Go Home</RouterLink>
      </Button>
    </Stack>
  )
}
