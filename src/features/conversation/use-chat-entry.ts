import { useEffect, useEffectEvent } from 'react'
import { useSetAtom } from '@/lib/jotai'
import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { ChatApiError } from '@/lib/chat/api-error'
import { getChatLinkStatus } from '@/features/conversation/api/get-chat-link-status'
import { getChatSummary } from '@/features/conversation/api/get-chat-summary'
import { joinChat } from '@/features/conversation/api/join-chat'
import { signInFinder } from '@/features/conversation/api/sign-in-finder'
import { isChatRole } from '@/features/conversation/message-list'
import { chatMessagesAtom, chatPhaseAtom, type ChatPhase } from '@/features/conversation/state'
import { chatSummaryAtom } from '@/lib/chat/state'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isNetworkError = (error: unknown) =>
  !(error instanceof ChatApiError) || error.isNetwork

/**
 * Entering a chat: who the viewer is (their session; a finder's link signs them
 * in anonymously), their role from membership (join_chat binds a finder's link
 * to the first session using it), and what the chat is about. A signed-out
 * visitor without a link is sent to log in and brought back. `onJoined` runs
 * once the invite token has been used, to drop it from the URL.
 */
export function useChatEntry(
  chatId: string | null,
  token: string | null,
  attempt: number,
  monitor: ConnectivityMonitor,
  onJoined: () => void,
): void {
  const setPhase = useSetAtom(chatPhaseAtom)
  const setMessages = useSetAtom(chatMessagesAtom)
  const setSummary = useSetAtom(chatSummaryAtom)
  const tokenUsed = useEffectEvent(onJoined)

  useEffect(() => {
    let isActive = true
    setPhase({ kind: 'loading' })
    setMessages([])
    setSummary(null)
    const refused = (reason: 'invalid' | 'bound' = 'invalid'): ChatPhase => ({
      kind: 'invalid',
      reason,
      token,
      linkStatus: null,
    })
    // Refused: ask the database why (ended, replaced, expired…), for this link or session.
    const withLinkStatus = async (next: ChatPhase): Promise<ChatPhase> => {
      if (next.kind !== 'invalid' || !chatId || !UUID.test(chatId)) return next
      try {
        return { ...next, linkStatus: await getChatLinkStatus(chatId, token, monitor) }
      } catch {
        return next
      }
    }
    const enter = async (): Promise<ChatPhase> => {
      if (!chatId || !UUID.test(chatId)) return refused()
      const { data } = await supabase.auth.getSession()
      let userId = data.session?.user.id
      if (!userId) {
        if (!token) return { kind: 'sign-in' }
        monitor.expectReply()
        const signIn = await signInFinder()
        const hasAnswered = !signIn.error || Boolean(signIn.error.status)
        if (hasAnswered) monitor.gotReply()
        if (signIn.error) return hasAnswered ? refused() : { kind: 'unreachable' }
        userId = signIn.data.user?.id
        if (!userId) return refused()
      }
      let role: string
      try {
        role = await joinChat(chatId, token, monitor)
      } catch (error) {
        if (isNetworkError(error)) throw error
        return refused(
          error instanceof ChatApiError && error.message === 'invite_bound' ? 'bound' : 'invalid',
        )
      }
      if (!isChatRole(role)) return refused()
      if (token && isActive) tokenUsed()
      const summary = await getChatSummary(chatId, monitor)
      if (isActive) setSummary(summary)
      return { kind: 'ready', role, userId }
    }
    enter()
      .then(withLinkStatus)
      .then(
        (next) => isActive && setPhase(next),
        (error: unknown) =>
          isActive && setPhase(isNetworkError(error) ? { kind: 'unreachable' } : refused()),
      )
    return () => {
      isActive = false
      // The phase is shared state: the next chat page must not start from this one's
      // ending (a stale 'sign-in' would send a just-signed-in owner back to log in).
      setPhase({ kind: 'loading' })
    }
  }, [chatId, token, attempt, monitor, setMessages, setPhase, setSummary])
}
