import { useCallback, useEffect, useState } from 'react'
import { Alert, Stack } from '@chakra-ui/react'
import { getSafetyNotices, type SafetyNotice } from '@/features/conversation/api/get-safety-notices'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import type { ChatRole } from '@/lib/chat/types'
import { useT } from '@/lib/i18n/use-t'
import { noticeBodyId, ownerNoticeBodyId } from '@/features/conversation/notice-bodies'

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
  /** The finder reads the notices in their language, the owner from the owner's catalog. */
  role: ChatRole
  /** Changes when the conversation changes state (e.g. closed), to look again. */
  refreshKey?: string | null
}) {
  const t = useT()
  const isFinder = role === 'finder'
  const title = (kind: SafetyNotice['kind']) => {
    if (isFinder) return kind === 'warning' ? t('chat.notice.warning') : t('chat.notice.report')
    return kind === 'warning' ? t('ownerChat.notice.warning') : t('ownerChat.notice.report')
  }
  /** A notice the app knows in the reader's words; any other as it was written. */
  const body = (notice: SafetyNotice) => {
    const id = isFinder ? noticeBodyId(notice) : ownerNoticeBodyId(notice)
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
            <Alert.Title>{title(notice.kind)}</Alert.Title>
            <Alert.Description>{body(notice)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  )
}
