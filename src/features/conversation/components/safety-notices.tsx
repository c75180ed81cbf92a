import { useCallback, useEffect, useState } from 'react'
import { Alert, Stack } from '@chakra-ui/react'
import { getSafetyNotices, type SafetyNotice } from '@/features/conversation/api/get-safety-notices'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'

/**
 * What Homeward told the reader about a report on this conversation: the
 * outcome of theirs, or a warning. Loaded with the chat, and live on the
 * reader's own topic (owner:<uid>, which every signed-in person may read).
 */
export function SafetyNotices({
  chatId,
  userId,
  refreshKey,
}: {
  chatId: string
  userId: string
  /** Changes when the conversation changes state (e.g. closed), to look again. */
  refreshKey?: string | null
}) {
  const [notices, setNotices] = useState<SafetyNotice[]>([])

  const load = useCallback(() => {
    let isActive = true
    getSafetyNotices(chatId)
      .then((rows) => {
        if (isActive) setNotices(rows)
      })
      .catch((error: unknown) => console.error('Loading safety notices failed', error))
    return () => {
      isActive = false
    }
  }, [chatId])

  useEffect(() => load(), [load, refreshKey])

  useBroadcastChannel({
    topic: `owner:${userId}`,
    handlers: {
      notice: (payload) => {
        const chat = (payload as { chat_id?: unknown } | null)?.chat_id
        if (chat === chatId) load()
      },
    },
    onResync: load,
  })

  if (notices.length === 0) return null
  return (
    <Stack gap="2" flexShrink="0" aria-live="polite">
      {notices.map((notice) => (
        <Alert.Root
          key={notice.id}
          status={notice.kind === 'warning' ? 'warning' : 'info'}
          size="sm"
        >
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {notice.kind === 'warning' ? 'A warning from Homeward' : 'About your report'}
            </Alert.Title>
            <Alert.Description>{notice.body}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  )
}
