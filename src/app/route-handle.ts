import { useMatches } from 'react-router'

/**
 * What the layout needs to know about a route, declared on the route itself
 * (react-router `handle`) and read once by the layout.
 */
export type RouteHandle = {
  /** The form title of SPEC.md §2 ('home' shows the logo). */
  title: string
  /** Page background kind (SPEC.md §9): a `page.*` semantic token of the theme. */
  background: 'home' | 'guide' | 'finder' | 'owner' | 'plain'
  /**
   * SPEC.md §2 header icon: 'profile' links to /dashboard (on /, /home, /account,
   * /activeTag); 'home' links to / everywhere else.
   */
  headerIcon: 'profile' | 'home'
  /**
   * Who may see the page and what it waits for:
   * - 'public': shown at once, without waiting for the sign-in state; prerendered.
   * - 'session': waits for the sign-in state (spinner meanwhile).
   * - 'login-screen': signed out shows the login screen (SPEC.md §2).
   * - 'login-redirect': signed out redirects to /login (SPEC.md §2).
   */
  guard: 'public' | 'session' | 'login-screen' | 'login-redirect'
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && 'guard' in value
}

/** The deepest matched route's handle (every page route has one). */
export function handleOf(matches: readonly { handle?: unknown }[]): RouteHandle | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle
    if (isRouteHandle(handle)) return handle
  }
  return undefined
}

export function useRouteHandle(): RouteHandle | undefined {
  return handleOf(useMatches())
}
