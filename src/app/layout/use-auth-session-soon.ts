import { useEffect, useState } from 'react'
import { useSetAtom } from '@/lib/jotai'
import { stateAtom, userAtom } from '@/lib/store'

/** Runs `start` once the page has loaded and the browser is idle; returns a canceller. */
function whenPageIsIdle(start: () => void): () => void {
  let idleId: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      idleId = window.requestIdleCallback(start, { timeout: 2000 })
    } else timer = setTimeout(start, 0)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    if (idleId !== undefined) window.cancelIdleCallback(idleId)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/**
 * Keeps the store in step with Supabase Auth (SPEC.md §4). The watcher, and with it
 * supabase-js, is loaded on demand: at once when the first page needs the sign-in
 * state, after the page has loaded when it is a public page that does not
 * (the finder's /tag must paint and accept input first).
 */
export function useAuthSessionSoon(canWait: boolean): void {
  const setUser = useSetAtom(userAtom)
  const setState = useSetAtom(stateAtom)
  const [waitsForIdle] = useState(canWait)
  useEffect(() => {
    let isCancelled = false
    let stop: (() => void) | undefined
    const start = () => {
      void import('@/features/auth/watch-auth-session').then(({ watchAuthSession }) => {
        if (!isCancelled) stop = watchAuthSession(setUser, setState)
      })
    }
    let cancelWait: (() => void) | undefined
    if (waitsForIdle) cancelWait = whenPageIsIdle(start)
    else start()
    return () => {
      isCancelled = true
      cancelWait?.()
      stop?.()
    }
  }, [setUser, setState, waitsForIdle])
}
