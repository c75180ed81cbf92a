import { useCallback, useEffect } from 'react'
import { useAtomValue, useSetAtom, useStore } from '@/lib/jotai'
import { OFFLINE_AFTER_MS, type ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { isOfflineAtom } from '@/lib/realtime/connectivity-state'
import { sendMessage } from '@/features/conversation/api/send-message'
import { mergeMessages, upsertLocal } from '@/features/conversation/message-list'
import { checkMessage, isTooManyMessages } from '@/features/conversation/message-rules'
import { isNetworkError } from '@/features/conversation/use-chat-entry'
import { chatMessagesAtom, chatPhaseAtom } from '@/features/conversation/state'
import type { ChatMessage } from '@/lib/chat/types'

export type SendResult = 'sent' | 'empty' | 'too_long'

export type ChatSend = {
  /**
   * Validates, shows the message at once and sends it (or queues it offline),
   * with the photos already uploaded into the chat's folder.
   */
  send: (text: string, photoPaths?: string[]) => SendResult
  /** Sends a failed message again under the same id. */
  retry: (id: string) => void
}

/**
 * Sending: each message keeps the id it was given when written, so a retry or a
 * queued resend is a no-op if it was stored already. While offline (or with
 * messages queued) a probe catches up every 10 s and on the browser's `online`.
 */
export function useChatSend(
  chatId: string | null,
  monitor: ConnectivityMonitor,
  catchUp: () => Promise<void>,
  onRefused: () => void,
): ChatSend {
  const store = useStore()
  const setMessages = useSetAtom(chatMessagesAtom)
  const isOffline = useAtomValue(isOfflineAtom)
  const isReady = useAtomValue(chatPhaseAtom).kind === 'ready'
  const hasQueued = useAtomValue(chatMessagesAtom).some((m) => m.status === 'queued')

  const deliver = useCallback(
    async (message: ChatMessage) => {
      const update = (
        status: ChatMessage['status'],
        failedBecause?: ChatMessage['failedBecause'],
      ) => setMessages((list) => upsertLocal(list, { ...message, status, failedBecause }))
      update('sending')
      try {
        const row = await sendMessage(
          {
            id: message.id,
            chatId: message.chatId,
            body: message.body,
            photoPaths: message.photoPaths,
          },
          monitor,
        )
        if (row) setMessages((list) => mergeMessages(list, [row]))
        else update('failed')
      } catch (error) {
        if (isTooManyMessages(error)) update('failed', 'too_many_messages')
        else update(isNetworkError(error) ? 'queued' : 'failed')
        // What the other side sent meanwhile is fetched once the backend answers,
        // and whether the conversation was closed meanwhile (the box then goes).
        if (!isNetworkError(error)) {
          catchUp().catch(() => undefined)
          onRefused()
        }
      }
    },
    [catchUp, monitor, onRefused, setMessages],
  )

  const flushQueue = useCallback(async () => {
    const queued = store.get(chatMessagesAtom).filter((m) => m.status === 'queued')
    for (const message of queued) {
      if (monitor.isOffline()) return
      await deliver(message)
    }
  }, [deliver, monitor, store])

  useEffect(() => {
    if (isReady && !isOffline) void flushQueue()
  }, [flushQueue, isOffline, isReady])

  useEffect(() => {
    if (!isReady || (!isOffline && !hasQueued)) return
    let probe: ReturnType<typeof setTimeout>
    const scheduleProbe = () => {
      probe = setTimeout(() => {
        catchUp().then(flushQueue, () => undefined)
        scheduleProbe()
      }, OFFLINE_AFTER_MS)
    }
    scheduleProbe()
    const onOnline = () => void catchUp().then(flushQueue, () => undefined)
    window.addEventListener('online', onOnline)
    return () => {
      clearTimeout(probe)
      window.removeEventListener('online', onOnline)
    }
  }, [catchUp, flushQueue, hasQueued, isOffline, isReady])

  const send = useCallback(
    (text: string, photoPaths: string[] = []): SendResult => {
      const checked = checkMessage(text, { hasPhotos: photoPaths.length > 0 })
      if (!checked.ok) return checked.reason
      const phase = store.get(chatPhaseAtom)
      if (!chatId || phase.kind !== 'ready') return 'empty'
      const mustWait =
        monitor.isOffline() || store.get(chatMessagesAtom).some((m) => m.status === 'queued')
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        chatId,
        senderId: phase.userId,
        senderRole: phase.role,
        body: checked.body,
        photoPaths,
        createdAt: null,
        position: null,
        status: mustWait ? 'queued' : 'sending',
      }
      setMessages((list) => upsertLocal(list, message))
      if (message.status === 'sending') void deliver(message)
      return 'sent'
    },
    [chatId, deliver, monitor, setMessages, store],
  )

  const retry = useCallback(
    (id: string) => {
      const message = store.get(chatMessagesAtom).find((m) => m.id === id)
      if (message && message.status === 'failed') void deliver(message)
    },
    [deliver, store],
  )

  return { send, retry }
}
