import { useCallback, useState } from 'react'
import { useAtomValue } from '@/lib/jotai'
import { isOfflineAtom, useConnectivityMonitor } from '@/lib/realtime/connectivity-state'
import { chatMessagesAtom, chatPhaseAtom, type ChatPhase } from '@/features/conversation/state'
import { chatSummaryAtom } from '@/lib/chat/state'
import type { ChatMessage, ChatSummaryRow } from '@/lib/chat/types'
import { useChatEntry } from '@/features/conversation/use-chat-entry'
import { useChatSend, type ChatSend } from '@/features/conversation/use-chat-send'
import { useChatSync } from '@/features/conversation/use-chat-sync'
import { useMarkRead } from '@/features/conversation/use-mark-read'
import { useRefreshSummary } from '@/features/conversation/use-refresh-summary'

export type ChatState = Pick<ChatSend, 'send' | 'retry'> & {
  phase: ChatPhase
  summary: ChatSummaryRow | null
  messages: ChatMessage[]
  isOffline: boolean
  /** Tries the entry again after the backend could not be reached. */
  reload: () => void
  /** Re-reads what the chat is about (closed or not, the deletion date). */
  refreshSummary: () => void
}

/**
 * One chat, composed of small hooks: entry (who, which role, what about),
 * sync (only what the database holds, caught up by position), sending
 * (idempotent, queued offline) and read marks.
 */
export function useChat(
  chatId: string | null,
  token: string | null,
  onJoined: () => void,
): ChatState {
  const phase = useAtomValue(chatPhaseAtom)
  const summary = useAtomValue(chatSummaryAtom)
  const messages = useAtomValue(chatMessagesAtom)
  const isOffline = useAtomValue(isOfflineAtom)
  const monitor = useConnectivityMonitor()
  const [attempt, setAttempt] = useState(0)
  const isReady = phase.kind === 'ready'

  useChatEntry(chatId, token, attempt, monitor, onJoined)
  const refreshSummary = useRefreshSummary(chatId, monitor)
  const catchUp = useChatSync(chatId, isReady, monitor, refreshSummary)
  const { send, retry } = useChatSend(chatId, monitor, catchUp, refreshSummary)
  useMarkRead(chatId, isReady)

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { phase, summary, messages, isOffline, send, retry, reload, refreshSummary }
}
