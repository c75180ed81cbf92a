import { useState } from 'react'
import { createBrowserRouter, matchRoutes } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { createStore } from '@/lib/jotai'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'

export function App() {
  const [store] = useState(createStore)
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}

/** The deepest route object matching a path (route objects are shared, so comparable). */
function leafRoute(pathname: string) {
  return matchRoutes(routes, pathname)?.at(-1)?.route
}

/** True when the page prerendered for `prerenderedPath` is the page at `pathname`. */
export function isSamePage(prerenderedPath: string, pathname: string): boolean {
  const leaf = leafRoute(pathname)
  return leaf !== undefined && leaf === leafRoute(prerenderedPath)
}

/**
 * Loads the lazy route modules of the current page before hydration, so the first
 * render is the page itself (as prerendered), not the loading fallback.
 */
export async function loadCurrentPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    }),
  )
}
