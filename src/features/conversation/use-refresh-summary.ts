import { useCallback } from 'react'
import { useSetAtom } from '@/lib/jotai'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { chatSummaryAtom } from '@/lib/chat/state'
import type { ChatSummaryRow } from '@/lib/chat/types'
import {
  getChatLinkStatus,
  type ChatLinkStatus,
} from '@/features/conversation/api/get-chat-link-status'
import { getChatSummary } from '@/features/conversation/api/get-chat-summary'

/**
 * The open chat once the database no longer has it for this member: closed, and why,
 * as public.chat_link_status says (the owner deleted their account and the chat went
 * with it, the finder's details were deleted); the finder's details are gone then.
 */
export function ended(current: ChatSummaryRow, status: ChatLinkStatus): ChatSummaryRow {
  if (current.closed_at && !current.finder_details_deleted_on) return current
  return {
    ...current,
    closed_at: status.at ?? current.closed_at ?? new Date().toISOString(),
    closed_reason: status.status === 'ended' ? (status.closedReason ?? '') : '',
    // Deleted: no date to come (closure.ts then says the details have been deleted).
    finder_details_deleted_on: '',
  }
}

/**
 * Re-reads what the open chat is about (closed or not, the deletion date) and
 * keeps the last answer when the backend cannot be reached. A chat that answers
 * nothing any more is shown closed, with the reason the database kept for it.
 */
export function useRefreshSummary(chatId: string | null, monitor: ConnectivityMonitor): () => void {
  const setSummary = useSetAtom(chatSummaryAtom)
  return useCallback(() => {
    if (!chatId) return
    const read = async () => {
      const summary = await getChatSummary(chatId, monitor)
      if (summary) return () => summary
      const status = await getChatLinkStatus(chatId, null, monitor)
      return (current: ChatSummaryRow) => ended(current, status)
    }
    read().then(
      (next) => setSummary((current) => (current?.chat_id === chatId ? next(current) : current)),
      () => undefined,
    )
  }, [chatId, monitor, setSummary])
}
