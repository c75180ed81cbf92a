import { StrictMode, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import '@fontsource/inter/latin-400.css'
import '@fontsource/inter/latin-500.css'
import '@fontsource/inter/latin-600.css'
import '@fontsource/inter/latin-700.css'
import { App, isSamePage, loadCurrentPage } from '@/app/app'
import { applyDocumentLocale, htmlLocale, loadLocale, startingLocale } from '@/lib/i18n/i18n'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
const app = (
  <StrictMode>
    <MarkHydrated>
      <App />
    </MarkHydrated>
  </StrictMode>
)
// Public pages arrive prerendered (scripts/prerender.ts): React takes over that HTML.
// Any other page (or a prerendered file served for another path) renders afresh.
const prerendered = root.dataset.prerendered
const { pathname } = window.location
const isSamePrerendered = prerendered !== undefined && isSamePage(prerendered, pathname)
// The page's language: the phone's choice, else the one its HTML was built in (the host
// chose it), else the browser's. Its messages (one chunk) load beside the page's code.
const locale = startingLocale(isSamePrerendered)
const languageLoaded = loadLocale(locale).catch(() => loadLocale('en'))
// A host that cannot see the choice (the cookie) served another language: render afresh.
if (isSamePrerendered && locale === htmlLocale()) {
  // A page's code that cannot be loaded (gone after a deploy) fails again in the
  // router, whose error page reloads once to the new build (app/error-page.tsx).
  void Promise.all([loadCurrentPage(pathname).catch(() => undefined), languageLoaded]).then(() => {
    hydrateRoot(root, app)
  })
} else {
  void languageLoaded.then(() => {
    applyDocumentLocale(locale)
    root.replaceChildren()
    createRoot(root).render(app)
  })
}

/**
 * Sets `data-hydrated` on #root once React has committed the first render (an effect
 * runs only then, hydration included): bench:finder-page and the tests wait for it.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '')
  }, [])
  return children
}

// The finder's pages keep working offline once visited (public/sw.js); production only.
// Registered once the page has loaded; a prerendered page adds this module after its
// first paint (scripts/lib/app-boot.ts), often after `load` has already fired.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Offline support is unavailable', error)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register)
}
