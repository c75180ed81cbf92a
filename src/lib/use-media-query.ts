import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now, kept up to date (false while prerendering
 * and where the browser has no matchMedia). For what CSS alone cannot do: a part
 * that moves into a sheet on a phone, a hint that means nothing on a touch screen.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () =>
      typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false,
    () => false,
  )
}

/** The laptop layout (the theme's md breakpoint, 900 px): side panels beside the page. */
export const WIDE_SCREEN = '(min-width: 900px)'

/** A touch screen: no keyboard hints. */
export const COARSE_POINTER = '(pointer: coarse)'
