import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { usePageTitle } from '@/lib/page-title'
import { paths } from '@/lib/paths'
import { useAtomValue } from '@/lib/jotai'
import type { OwnItem } from '@/features/found/api/get-tag-status'
import { LostNote } from '@/features/found/components/lost-note'
import { heldLostNoteAtom } from '@/features/found/state'

export const TEST_SCAN_TITLE = 'Test scan'

export const FINDER_PREVIEW_TEXT = {
  lostWithNote: 'Your item is marked LOST, so a finder sees this above the form:',
  lostWithoutNote:
    'Your item is marked LOST but has no note or return instructions: a finder sees only the form to tell you where it is.',
  notLost:
    'Your item is not marked LOST, so a finder sees only the form to tell you where it is. Mark it LOST to show them a note and return instructions.',
  never: 'A finder never sees your name or contact details.',
} as const

/** What a finder scanning this tag now would read: the owner's note while LOST, or the form alone. */
function FinderPreview({ item, code }: { item: OwnItem; code: string }) {
  const held = useAtomValue(heldLostNoteAtom)
  const hasNote = item.isLost && held?.code === code
  const intro = hasNote
    ? FINDER_PREVIEW_TEXT.lostWithNote
    : item.isLost
      ? FINDER_PREVIEW_TEXT.lostWithoutNote
      : FINDER_PREVIEW_TEXT.notLost
  return (
    <Box
      as="section"
      aria-labelledby="finder-preview-heading"
      borderWidth="1px"
      borderRadius="l2"
      p="4"
    >
      <Stack gap="3">
        <Heading as="h2" size="md" id="finder-preview-heading">
          What a finder sees
        </Heading>
        <Text>{intro}</Text>
        {hasNote ? <LostNote code={code} /> : null}
        <Text color="fg.muted" fontSize="sm">
          {FINDER_PREVIEW_TEXT.never}
        </Text>
      </Stack>
    </Box>
  )
}

/**
 * What an owner signed in on this browser sees on opening their own tag (SPEC.md §9:
 * test monthly), under its own title: the tag works, a preview of what a finder would
 * read, and links to edit the item. No report, no alert.
 */
export function TestScan({ item, code }: { item: OwnItem; code: string }) {
  usePageTitle(TEST_SCAN_TITLE)
  return (
    <Stack gap="4" maxW="md" mx="auto" w="full">
      <Text role="status" fontSize="lg" fontWeight="semibold">
        This is your tag {item.name}: it works.
      </Text>
      <Text color="fg.muted">Scanning your own tag alerts nobody.</Text>
      <FinderPreview item={item} code={code} />
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
