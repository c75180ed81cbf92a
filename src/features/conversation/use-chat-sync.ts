import { useEffect, useMemo } from 'react'
import { useSetAtom } from '@/lib/jotai'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { getMessagesAfter } from '@/features/conversation/api/get-messages'
import { createCatchUp } from '@/features/conversation/catch-up'
import { mergeMessages } from '@/features/conversation/message-list'
import { chatMessagesAtom } from '@/features/conversation/state'
import { waysBackVersionAtom } from '@/lib/chat/state'
import type { ChatMessage } from '@/lib/chat/types'

type SetMessages = (update: (list: ChatMessage[]) => ChatMessage[]) => void

/** The position a `message` notice names ({chat_id, position}), if it names one. */
function noticedPosition(payload: unknown): number | undefined {
  const position = (payload as { position?: unknown } | null)?.position
  return typeof position === 'number' && Number.isSafeInteger(position) ? position : undefined
}

/** A fresh cursor for every entry: the first fetch after becoming ready takes all. */
function chatCatchUp(
  chatId: string | null,
  monitor: ConnectivityMonitor,
  setMessages: SetMessages,
): (noticed?: number) => Promise<void> {
  if (!chatId) return () => Promise.resolve()
  return createCatchUp({
    fetchAfter: (after) => getMessagesAfter(chatId, after, monitor),
    apply: (rows) => setMessages((list) => mergeMessages(list, rows)),
  })
}

/**
 * Keeps the open chat in step with the database: a first fetch, then on every
 * broadcast on `chat:<id>` (a notice {chat_id, position} that a row was stored;
 * none when that position is fetched already), every reconnect and every return to the tab, a fetch of whatever
 * was stored after the last position fetched (catch-up.ts). A 'closed' notice
 * (app_private.close_chat), and every resync, also runs `onClosed` (which
 * re-reads what the chat is about); a 'ways_back' notice (a hand-in, a shared
 * address or location) bumps waysBackVersionAtom. Returns the catch-up to run on demand; it
 * rejects when the backend cannot be reached.
 */
export function useChatSync(
  chatId: string | null,
  isReady: boolean,
  monitor: ConnectivityMonitor,
  onClosed: () => void,
): () => Promise<void> {
  const setMessages = useSetAtom(chatMessagesAtom)
  const setWaysBackVersion = useSetAtom(waysBackVersionAtom)
  const waysBackChanged = () => setWaysBackVersion((version) => version + 1)

  const catchUp = useMemo(
    () => chatCatchUp(isReady ? chatId : null, monitor, setMessages),
    [chatId, isReady, monitor, setMessages],
  )

  const catchUpQuietly = (noticed?: number) => {
    // Unreachable: the offline banner and the next probe take it from here.
    catchUp(noticed).catch(() => undefined)
  }

  useEffect(() => {
    if (isReady) catchUp().catch(() => undefined)
  }, [catchUp, isReady])

  useBroadcastChannel({
    topic: isReady && chatId ? `chat:${chatId}` : null,
    handlers: {
      message: (payload) => catchUpQuietly(noticedPosition(payload)),
      closed: onClosed,
      ways_back: waysBackChanged,
    },
    onResync: () => {
      catchUpQuietly()
      onClosed()
      waysBackChanged()
    },
    monitor,
  })

  return catchUp
}
