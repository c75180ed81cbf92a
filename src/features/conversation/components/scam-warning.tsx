import { useT } from '@/lib/i18n/use-t'
import { Text } from '@chakra-ui/react'

export const SCAM_WARNING = 'Never pay before the item is back. Homeward never asks for codes.'

/**
 * Under a message the server marked (a link, a phone number, payment words, a
 * code: messages.scam_signals), for the person who received it. A reminder, not a block.
 * In the finder's language when the finder received it (the owner's pages stay English).
 */
export function ScamWarning({ isForFinder = false }: { isForFinder?: boolean }) {
  const t = useT()
  return (
    <Text
      role="note"
      fontSize="xs"
      fontWeight="medium"
      color="fg.warning"
      mt="1"
      data-testid="scam-warning"
    >
      ⚠ {isForFinder ? t('chat.scamWarning') : SCAM_WARNING}
    </Text>
  )
}
