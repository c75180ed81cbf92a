import { useCallback, useEffect, useRef } from 'react'

/**
 * The signal of a component's time on the page: aborted when it unmounts, so a
 * request its effects or handlers start is cancelled with it (one still waiting
 * for the session when the finder or owner moves on never reaches the network).
 * Call it before the effects that use it.
 */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null)
  useEffect(() => {
    const current = new AbortController()
    controller.current = current
    return () => current.abort()
  }, [])
  return useCallback(() => {
    controller.current ??= new AbortController()
    return controller.current.signal
  }, [])
}
