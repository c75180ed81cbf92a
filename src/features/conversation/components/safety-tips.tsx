import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import { Box, Button, Heading, List } from '@chakra-ui/react'
import { useAtom } from '@/lib/jotai'
import { atomWithValidatedStorage } from '@/lib/validated-storage'

export const MEETING_TIP = msgId('chat.safety.meet')

/** The tips, as catalog messages (translated where shown). */
export const SAFETY_TIPS = [
  MEETING_TIP,
  msgId('chat.safety.noPay'),
  msgId('chat.safety.noCode'),
] as const

/** The tips for this chat: meeting advice only where the owner accepts meeting at all. */
export function safetyTips(acceptsMeeting: boolean): MessageId[] {
  return SAFETY_TIPS.filter((tip) => acceptsMeeting || tip !== MEETING_TIP)
}

/** At most this many chats are remembered (oldest forgotten first). */
const REMEMBERED_CHATS = 100

function isChatIdList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= REMEMBERED_CHATS &&
    value.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 64)
  )
}

/** The chats whose safety tips this browser has seen and put away. */
export const seenSafetyTipsAtom = atomWithValidatedStorage<string[]>(
  'homeward.safetyTipsSeen',
  [],
  isChatIdList,
  'local',
)

/**
 * Safety tips at the top of a chat, shown once per chat: until the person puts
 * them away with "Got it", which this browser remembers for that chat.
 */
export function SafetyTips({
  chatId,
  acceptsMeeting = true,
}: {
  chatId: string
  /** Whether the owner accepts meeting as a way back (chat_summary.return_options). */
  acceptsMeeting?: boolean
}) {
  const [seen, setSeen] = useAtom(seenSafetyTipsAtom)
  const t = useT()
  if (seen.includes(chatId)) return null
  const putAway = () => setSeen([...seen, chatId].slice(-REMEMBERED_CHATS))
  return (
    <Box
      as="aside"
      aria-labelledby="safety-tips-heading"
      borderWidth="1px"
      borderColor="brand.border"
      bg="brand.subtle"
      borderRadius="l2"
      p="3"
      flexShrink="0"
    >
      <Heading as="h2" size="sm" id="safety-tips-heading" mb="2">
        {t('chat.safety.heading')}
      </Heading>
      <List.Root gap="1" ps="5" mb="3">
        {safetyTips(acceptsMeeting).map((tip) => (
          <List.Item key={tip}>{t(tip)}</List.Item>
        ))}
      </List.Root>
      <Button size="sm" variant="outline" colorPalette="teal" onClick={putAway}>
        {t('chat.safety.gotIt')}
      </Button>
    </Box>
  )
}
