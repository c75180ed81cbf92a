import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { server } from '@/testing/server'
import { activateCatalog, activateOwnerMessages } from '@/lib/i18n/i18n'
import { messages as english } from '@/locales/compiled/en'
import { messages as ownerEnglish } from '@/locales/compiled/owner/en'

// The app's pages render in English (SPEC.md's words) unless a test loads another language.
activateCatalog('en', english)
activateOwnerMessages('en', ownerEnglish)

// findBy*/waitFor wait for the DOM, not a clock; the ceiling is generous so a loaded
// CI machine (lazy route chunks, Chakra's first render) is not mistaken for a failure.
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks a few browser APIs Chakra (Ark/zag) relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return []
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver
window.scrollTo = () => undefined
Element.prototype.scrollTo ??= () => undefined
Element.prototype.scrollIntoView ??= () => undefined
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => undefined

// A request no handler answers is refused (msw's 'error') and fails the test that made it.
const unhandledRequests: string[] = []
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unhandledRequests.push(`${request.method} ${request.url}`)
      print.error()
    },
  }),
)
// Components never send a request once their page is unmounted: one an effect started
// just before is cancelled with it (useUnmountSignal), so it reaches msw already
// aborted. A live request that starts in the moments after a test's cleanup fails
// that test instead of reaching the next test's handlers.
let isUnmounted = false
const requestsAfterUnmount: string[] = []
server.events.on('request:start', ({ request }) => {
  const isSocket = request.headers.get('upgrade')?.toLowerCase() === 'websocket'
  if (isUnmounted && !isSocket && !request.signal.aborted) {
    requestsAfterUnmount.push(`${request.method} ${request.url}`)
  }
})
beforeEach(() => {
  isUnmounted = false
})

afterEach(async () => {
  cleanup()
  isUnmounted = true
  await new Promise((resolve) => setTimeout(resolve, 100))
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  const late = requestsAfterUnmount.splice(0)
  if (late.length > 0) {
    throw new Error(`Requests started after the page was unmounted:\n  ${late.join('\n  ')}`)
  }
  const unhandled = unhandledRequests.splice(0)
  if (unhandled.length > 0) {
    throw new Error(`Requests without an msw handler:\n  ${unhandled.join('\n  ')}`)
  }
})
afterAll(() => server.close())
