import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False while a prerendered page is rendered at build time and while React
 * hydrates it, true afterwards (and on pages rendered in the browser from the
 * start). Content that depends on this browser's storage waits for it, so the
 * first render matches the prerendered HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
