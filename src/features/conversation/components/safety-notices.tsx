import { useCallback, useEffect, useState } from 'react'
import { Alert, Stack } from '@chakra-ui/react'
import { getSafetyNotices, type SafetyNotice } from '@/features/conversation/api/get-safety-notices'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import type { ChatRole } from '@/lib/chat/types'
import { useT } from '@/lib/i18n/use-t'
import { noticeBodyId } from '@/features/conversation/notice-bodies'

/**
 * What Homeward told the reader about a report on this conversation: the
 * outcome of theirs, or a warning. Loaded with the chat, and live on the
 * reader's own topic (owner:<uid>, which every signed-in person may read).
 */
export function SafetyNotices({
  chatId,
  userId,
  role,
  refreshKey,
}: {
  chatId: string
  userId: string
  /** The finder reads the titles in their language (the owner's pages stay English). */
  role: ChatRole
  /** Changes when the conversation changes state (e.g. closed), to look again. */
  refreshKey?: string | null
}) {
  const t = useT()
  const finderTitle = (kind: SafetyNotice['kind']) =>
    kind === 'warning' ? t('chat.notice.warning') : t('chat.notice.report')
  /** The finder reads a notice the app knows in their language; any other as it was written. */
  const finderBody = (notice: SafetyNotice) => {
    const id = noticeBodyId(notice)
    return id ? t(id) : notice.body
  }
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
              {role === 'finder' ? finderTitle(notice.kind) : ownerTitle(notice.kind)}
            </Alert.Title>
            <Alert.Description>
              {role === 'finder' ? finderBody(notice) : notice.body}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  )
}

const ownerTitle = (kind: SafetyNotice['kind']) =>
  kind === 'warning' ? 'A warning from Homeward' : 'About your report'
