import { msgId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import { Text } from '@chakra-ui/react'

export const SCAM_WARNING = msgId('ownerChat.scamWarning')

/**
 * Under a message the server marked (a link, a phone number, payment words, a
 * code: messages.scam_signals), for the person who received it. A reminder, not a block.
 * In the finder's language when the finder received it, else from the owner's catalog.
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
      ⚠ {isForFinder ? t('chat.scamWarning') : t(SCAM_WARNING)}
    </Text>
  )
}
