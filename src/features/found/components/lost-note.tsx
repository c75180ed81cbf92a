import { useT } from '@/lib/i18n/use-t'
import { lazy, Suspense } from 'react'
import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { useAtomValue } from '@/lib/jotai'
import { heldLostNoteAtom } from '@/features/found/state'

// The photo code (and supabase-js) loads only for a LOST item that shows a photo,
// never with the finder's form itself.
const LostItemPhoto = lazy(async () => ({
  default: (await import('@/features/found/components/lost-item-photo')).LostItemPhoto,
}))

/**
 * The owner's lost-mode note and return instructions for the tag `code`, above a
 * finder's form. tag_status hands them out only while the item is LOST, and never
 * the owner's name or contact details; nothing shows for any other tag.
 */
export function LostNote({ code }: { code: string | null }) {
  const held = useAtomValue(heldLostNoteAtom)
  const t = useT()
  if (!code || !held || held.code !== code) return null
  const photo = held.hasPhoto ? (
    <Suspense fallback={null}>
      <LostItemPhoto code={code} />
    </Suspense>
  ) : null
  if (!held.note && !held.returnInstructions) return photo
  return (
    <Stack gap="3">
      <Box
        as="section"
        aria-labelledby="lost-note-heading"
        borderWidth="1px"
        borderColor="brand.border"
        bg="brand.subtle"
        borderRadius="l2"
        p="4"
      >
        <Heading as="h2" size="md" id="lost-note-heading" mb="2">
          {t('found.lostNote.heading')}
        </Heading>
        {held.note && <Text whiteSpace="pre-line">{held.note}</Text>}
        {held.returnInstructions && (
          <Text whiteSpace="pre-line" mt={held.note ? '2' : '0'}>
            <Text as="span" fontWeight="semibold">
              {t('found.lostNote.howToReturn')}{' '}
            </Text>
            {held.returnInstructions}
          </Text>
        )}
      </Box>
      {photo}
    </Stack>
  )
}
