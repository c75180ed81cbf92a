import { useT } from '@/lib/i18n/use-t'
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { ShareLocationButton } from '@/components/ui/share-location-button'
import { useAtom } from '@/lib/jotai'
import { describePoint } from '@/lib/map-links'
import { foundPositionAtom } from '@/features/found/state'

/**
 * "Share where I found it" on the finder's form: optional, asked for only when
 * pressed; the position goes to the owner with the report, as a map link.
 */
export function FoundPosition({ isLocked }: { isLocked: boolean }) {
  const [position, setPosition] = useAtom(foundPositionAtom)
  const t = useT()
  return (
    <Stack gap="1">
      {position ? (
        <HStack gap="3" wrap="wrap">
          <Text fontSize="sm" role="status">
            {t('found.position.added', { point: describePoint(position) })}
          </Text>
          {!isLocked && (
            <Button type="button" size="xs" variant="ghost" onClick={() => setPosition(null)}>
              {t('found.position.remove')}
            </Button>
          )}
        </HStack>
      ) : (
        !isLocked && (
          <ShareLocationButton onPosition={setPosition}>
            {t('found.position.share')}
          </ShareLocationButton>
        )
      )}
      <Text fontSize="xs" color="fg.muted">
        {t('found.position.hint')}
      </Text>
    </Stack>
  )
}
