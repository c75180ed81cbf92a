import { useCallback, useEffect, useRef } from 'react'

/**
 * The database alerts the owner once per conversation per quiet window (limit
 * owner_alerts_per_chat); messages within the window bring no alert of their
 * own. The returned function, called with an alert's chat and window, runs
 * `refresh` once when that window closes (one timer per conversation), so the
 * unread counts catch up with every message. Timers stop on unmount.
 */
export function useRefreshAfterQuiet(
  refresh: () => void,
): (chatId: string, seconds: number) => void {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [refresh])
  return useCallback(
    (chatId: string, seconds: number) => {
      if (seconds <= 0 || timers.current.has(chatId)) return
      const timer = setTimeout(() => {
        timers.current.delete(chatId)
        refresh()
      }, seconds * 1000)
      timers.current.set(chatId, timer)
    },
    [refresh],
  )
}
