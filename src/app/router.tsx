import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/page-spinner'
import { AppLayout } from '@/app/layout/app-layout'
import type { RouteHandle } from '@/app/route-handle'
import { PAGES } from '@/app/route-table'
import { AppErrorPage, RouteErrorPage } from '@/app/error-page'

type PageRoute = RouteObject & { handle: RouteHandle }

/**
 * One page: its path, its handle (title, background, header icon, guard) and its
 * component, loaded on first visit as its own chunk.
 */
function page(
  path: string | undefined,
  handle: RouteHandle,
  load: () => Promise<ComponentType>,
): PageRoute {
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: async () => ({ Component: await load() }),
    HydrateFallback: PageSpinner,
    // A page that throws, or whose code file is gone after a deploy: inside the layout.
    errorElement: <RouteErrorPage />,
  } as PageRoute
}

/** SPEC.md §2 routes, from the one route table; the router matches them case-insensitively. */
export const pageRoutes: PageRoute[] = PAGES.map(({ path, handle, load }) =>
  page(path, handle, load),
)

export const routes: RouteObject[] = [
  // The layout's own errors (and anything a page's error element could not show).
  { element: <AppLayout />, errorElement: <AppErrorPage />, children: pageRoutes },
]
