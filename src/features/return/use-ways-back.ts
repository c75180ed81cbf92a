import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from '@/lib/jotai'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import { getWaysBack, type WaysBack } from '@/features/return/api/get-ways-back'
import { waysBackVersionAtom } from '@/lib/chat/state'

/**
 * The open chat's ways back, read when the chat opens and again on every
 * 'ways_back' notice or resync (useChatSync bumps waysBackVersionAtom), and after
 * this page changed them (`refresh`).
 */
export function useWaysBack(chatId: string): { waysBack: WaysBack | null; refresh: () => void } {
  const version = useAtomValue(waysBackVersionAtom)
  const [ownChanges, setOwnChanges] = useState(0)
  const [waysBack, setWaysBack] = useState<WaysBack | null>(null)
  const unmountSignal = useUnmountSignal()
  useEffect(() => {
    getWaysBack(chatId, unmountSignal()).then(setWaysBack, () => undefined)
  }, [chatId, version, ownChanges, unmountSignal])
  const refresh = useCallback(() => setOwnChanges((n) => n + 1), [])
  return { waysBack, refresh }
}
