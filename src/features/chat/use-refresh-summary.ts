import { useCallback } from 'react'
import { useSetAtom } from '@/lib/jotai'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { getChatSummary } from '@/features/chat/api/get-chat-summary'
import { chatSummaryAtom } from '@/features/chat/state'

/**
 * Re-reads what the open chat is about (closed or not, the deletion date) and
 * keeps the last answer when the backend cannot be reached.
 */
export function useRefreshSummary(chatId: string | null, monitor: ConnectivityMonitor): () => void {
  const setSummary = useSetAtom(chatSummaryAtom)
  return useCallback(() => {
    if (!chatId) return
    getChatSummary(chatId, monitor).then(
      (summary) => {
        if (summary) setSummary((current) => (current?.chat_id === chatId ? summary : current))
      },
      () => undefined,
    )
  }, [chatId, monitor, setSummary])
}
