import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/page-spinner'
import { AppLayout } from '@/app/layout/app-layout'
import type { RouteHandle } from '@/app/route-handle'
import { PAGES } from '@/app/route-table'

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
  } as PageRoute
}

/** SPEC.md §2 routes, from the one route table; the router matches them case-insensitively. */
export const pageRoutes: PageRoute[] = PAGES.map(({ path, handle, load }) =>
  page(path, handle, load),
)

export const routes: RouteObject[] = [{ element: <AppLayout />, children: pageRoutes }]
