import { vi } from 'vitest'
import { COARSE_POINTER, WIDE_SCREEN } from '@/lib/use-media-query'

/**
 * The screen the test runs on, as window.matchMedia answers: a laptop (wide: the
 * chat's details beside it) or a phone (narrow, and touch: no keyboard hints).
 * jsdom has no layout, so this is what tells the app which one it is.
 */
export function useScreen(screen: 'laptop' | 'phone') {
  const matches = (query: string) =>
    screen === 'laptop' ? query === WIDE_SCREEN : query === COARSE_POINTER
  return vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }))
}
