import { Button, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/lib/paths'
import type { OwnItem } from '@/features/found/api/get-tag-status'

/**
 * What an owner signed in on this browser sees on opening their own tag (SPEC.md §9:
 * test monthly): the tag works, with links to edit the item. No report, no alert.
 */
export function TestScan({ item }: { item: OwnItem }) {
  return (
    <Stack gap="4" maxW="md" mx="auto" w="full">
      <Text role="status" fontSize="lg" fontWeight="semibold">
        This is your tag {item.name}: it works.
      </Text>
      <Text color="fg.muted">Scanning your own tag alerts nobody.</Text>
      <Button asChild colorPalette="teal">
        <RouterLink to={`${paths.editTag}?itemId=${encodeURIComponent(item.id)}`}>
          Edit {item.name}
        </RouterLink>
      </Button>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={paths.dashboard}>Your items</RouterLink>
      </Button>
    </Stack>
  )
}
