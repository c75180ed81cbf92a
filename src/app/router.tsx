import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/page-spinner'
import { AppLayout } from '@/app/layout/app-layout'
import type { RouteHandle } from '@/app/route-handle'
import { PAGES } from '@/app/route-table'
import { AppErrorPage, RouteErrorPage } from '@/app/error-page'
import { loadOwnerMessages } from '@/lib/i18n/i18n'
import { needsOwnerMessages } from '@/lib/i18n/page-titles'

type PageRoute = RouteObject & { handle: RouteHandle }

/**
 * One page: its path, its handle (title, background, header icon, guard) and its
 * component, loaded on first visit as its own chunk (with the owner's messages, for
 * any page but the finder's).
 */
function page(
  path: string | undefined,
  handle: RouteHandle,
  load: () => Promise<ComponentType>,
): PageRoute {
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: async () => {
      const [Component] = await Promise.all([
        load(),
        needsOwnerMessages(handle.title) ? loadOwnerMessages() : undefined,
      ])
      return { Component }
    },
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
