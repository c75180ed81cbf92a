import { useEffect } from 'react'
import { useAtomValue } from '@/lib/jotai'
import { markChatRead } from '@/features/conversation/api/mark-chat-read'
import { lastPosition } from '@/features/conversation/message-list'
import { chatMessagesAtom } from '@/features/conversation/state'

/** While the chat is open and shown, what it holds counts as read (the hub's unread counts). */
export function useMarkRead(chatId: string | null, isReady: boolean): void {
  const upTo = lastPosition(useAtomValue(chatMessagesAtom))
  useEffect(() => {
    if (!chatId || !isReady || upTo === 0) return
    const mark = () => {
      if (document.visibilityState === 'visible') markChatRead(chatId, upTo).catch(() => undefined)
    }
    mark()
    document.addEventListener('visibilitychange', mark)
    return () => document.removeEventListener('visibilitychange', mark)
  }, [chatId, isReady, upTo])
}
