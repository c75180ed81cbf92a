import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { useAtomValue, useSetAtom, useStore } from '@/lib/jotai'
import { supabase } from '@/lib/supabase'
import { OFFLINE_AFTER_MS } from '@/lib/realtime/connectivity'
import { isOfflineAtom, useConnectivityMonitor } from '@/lib/realtime/connectivity-state'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { ChatApiError } from '@/features/chat/api/chat-api-error'
import { getMessages } from '@/features/chat/api/get-messages'
import { joinChat } from '@/features/chat/api/join-chat'
import { sendMessage } from '@/features/chat/api/send-message'
import { signInFinder } from '@/features/chat/api/sign-in-finder'
import {
  checkMessage,
  isChatRole,
  lastStored,
  mergeMessages,
  upsertLocal,
} from '@/features/chat/message-list'
import { parseMessageRow } from '@/features/chat/parse-message-row'
import { chatMessagesAtom, chatPhaseAtom, type ChatPhase } from '@/features/chat/state'
import type { ChatMessage } from '@/features/chat/types'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const isNetworkError = (error: unknown) => !(error instanceof ChatApiError) || error.isNetwork

export type SendResult = 'sent' | 'empty' | 'too_long'

export type ChatState = {
  phase: ChatPhase
  messages: ChatMessage[]
  isOffline: boolean
  /** Validates, shows the message at once and sends it (or queues it offline). */
  send: (text: string) => SendResult
  /** Sends a failed message again under the same id. */
  retry: (id: string) => void
  /** Tries the entry again after the backend could not be reached. */
  reload: () => void
}

/**
 * One chat: entry (anonymous sign-in + join with the invite token when there is
 * one), role from membership, history, live messages on `chat:<id>`, gap-filling
 * after reconnects, optimistic sends with retry, and an offline queue.
 * `onJoined` runs once the invite token has been used, to drop it from the URL.
 */
export function useChat(
  chatId: string | null,
  token: string | null,
  onJoined: () => void,
): ChatState {
  const store = useStore()
  const phase = useAtomValue(chatPhaseAtom)
  const messages = useAtomValue(chatMessagesAtom)
  const isOffline = useAtomValue(isOfflineAtom)
  const setPhase = useSetAtom(chatPhaseAtom)
  const setMessages = useSetAtom(chatMessagesAtom)
  const monitor = useConnectivityMonitor()
  const [attempt, setAttempt] = useState(0)
  const isReady = phase.kind === 'ready'
  const tokenUsed = useEffectEvent(onJoined)

  useEffect(() => {
    let isActive = true
    setPhase({ kind: 'loading' })
    setMessages([])
    const enter = async (): Promise<ChatPhase> => {
      if (!chatId || !UUID.test(chatId)) return { kind: 'invalid' }
      const { data } = await supabase.auth.getSession()
      let userId = data.session?.user.id
      if (!userId) {
        if (!token) return { kind: 'invalid' }
        monitor.expectReply()
        const signIn = await signInFinder()
        const hasAnswered = !signIn.error || Boolean(signIn.error.status)
        if (hasAnswered) monitor.gotReply()
        if (signIn.error) return hasAnswered ? { kind: 'invalid' } : { kind: 'unreachable' }
        userId = signIn.data.user?.id
        if (!userId) return { kind: 'invalid' }
      }
      // join_chat answers the caller's role from membership: a member (the owner
      // included) needs no token; anyone else needs a valid invite.
      let role: string
      try {
        role = await joinChat(chatId, token, monitor)
      } catch (error) {
        if (isNetworkError(error)) throw error
        return { kind: 'invalid' }
      }
      if (!isChatRole(role)) return { kind: 'invalid' }
      if (token && isActive) tokenUsed()
      const rows = await getMessages(chatId, { monitor })
      if (isActive) setMessages((list) => mergeMessages(list, rows))
      return { kind: 'ready', role }
    }
    enter().then(
      (next) => isActive && setPhase(next),
      (error: unknown) =>
        isActive && setPhase(isNetworkError(error) ? { kind: 'unreachable' } : { kind: 'invalid' }),
    )
    return () => {
      isActive = false
    }
  }, [chatId, token, attempt, monitor, setMessages, setPhase])

  const deliver = useCallback(
    async (message: ChatMessage) => {
      const update = (status: ChatMessage['status']) =>
        setMessages((list) => upsertLocal(list, { ...message, status }))
      update('sending')
      try {
        const row = await sendMessage(
          { id: message.id, chatId: message.chatId, body: message.body },
          monitor,
        )
        if (row) setMessages((list) => mergeMessages(list, [row]))
        else update('failed')
      } catch (error) {
        update(isNetworkError(error) ? 'queued' : 'failed')
      }
    },
    [monitor, setMessages],
  )

  const flushQueue = useCallback(async () => {
    const queued = store.get(chatMessagesAtom).filter((m) => m.status === 'queued')
    for (const message of queued) {
      if (monitor.isOffline()) return
      await deliver(message)
    }
  }, [deliver, monitor, store])

  const catchUp = useCallback(async () => {
    if (!chatId) return
    const since = lastStored(store.get(chatMessagesAtom))?.createdAt ?? undefined
    try {
      const rows = await getMessages(chatId, { since, monitor })
      setMessages((list) => mergeMessages(list, rows))
      await flushQueue()
    } catch {
      // Still unreachable: the offline banner and the next probe take it from here.
    }
  }, [chatId, flushQueue, monitor, setMessages, store])

  useBroadcastChannel({
    topic: isReady && chatId ? `chat:${chatId}` : null,
    handlers: {
      message: (payload) => {
        const row = parseMessageRow(payload)
        if (row && row.chat_id === chatId) setMessages((list) => mergeMessages(list, [row]))
      },
    },
    onResync: () => void catchUp(),
    monitor,
  })

  useEffect(() => {
    if (isReady && !isOffline) void flushQueue()
  }, [flushQueue, isOffline, isReady])

  const hasQueued = messages.some((m) => m.status === 'queued')
  useEffect(() => {
    if (!isReady || (!isOffline && !hasQueued)) return
    let probe: ReturnType<typeof setTimeout>
    const scheduleProbe = () => {
      probe = setTimeout(() => {
        void catchUp()
        scheduleProbe()
      }, OFFLINE_AFTER_MS)
    }
    scheduleProbe()
    const onOnline = () => void catchUp()
    window.addEventListener('online', onOnline)
    return () => {
      clearTimeout(probe)
      window.removeEventListener('online', onOnline)
    }
  }, [catchUp, flushQueue, hasQueued, isOffline, isReady])

  const send = useCallback(
    (text: string): SendResult => {
      const checked = checkMessage(text)
      if (!checked.ok) return checked.reason
      const current = store.get(chatPhaseAtom)
      if (!chatId || current.kind !== 'ready') return 'empty'
      const mustWait =
        monitor.isOffline() || store.get(chatMessagesAtom).some((m) => m.status === 'queued')
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        chatId,
        senderRole: current.role,
        body: checked.body,
        createdAt: null,
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

  const reload = useCallback(() => setAttempt((n) => n + 1), [])

  return { phase, messages, isOffline, send, retry, reload }
}
