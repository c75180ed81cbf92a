import { useCallback } from 'react'
import { useSetAtom } from '@/lib/jotai'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { getChatSummary } from '@/features/conversation/api/get-chat-summary'
import { chatSummaryAtom } from '@/lib/chat/state'
import type { ChatSummaryRow } from '@/lib/chat/types'

/**
 * The open chat once the database no longer has it for this member: closed, for no
 * reason we can still read (the owner deleted their account: the chat went with it).
 */
function gone(current: ChatSummaryRow): ChatSummaryRow {
  if (current.closed_at) return current
  return {
    ...current,
    closed_at: new Date().toISOString(),
    // no reason and no deletion date to tell (closure.ts says only that it is closed)
    closed_reason: '',
    finder_details_deleted_on: '',
  }
}

/**
 * Re-reads what the open chat is about (closed or not, the deletion date) and
 * keeps the last answer when the backend cannot be reached. A chat that answers
 * nothing any more (deleted with the owner's account) is shown closed.
 */
export function useRefreshSummary(chatId: string | null, monitor: ConnectivityMonitor): () => void {
  const setSummary = useSetAtom(chatSummaryAtom)
  return useCallback(() => {
    if (!chatId) return
    getChatSummary(chatId, monitor).then(
      (summary) =>
        setSummary((current) => {
          if (current?.chat_id !== chatId) return current
          return summary ?? gone(current)
        }),
      () => undefined,
    )
  }, [chatId, monitor, setSummary])
}
