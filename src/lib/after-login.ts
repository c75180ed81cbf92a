import { paths } from '@/lib/paths'
import { atomWithValidatedStorage } from '@/lib/validated-storage'

/**
 * Where to go once an owner has signed in, and the scanned tag that is not yet
 * claimed (SPEC.md §4 "Scanning a tag"). Both survive the login page's reload
 * within the tab (sessionStorage) and are validated when read back.
 *
 * The /tag page writes them; login and the dashboard navigate to the route and
 * clear it; /activeTag prefills TAG ID from the tag.
 */

/** Only in-app paths: start with one '/', never '//' (which would leave the site). */
export function isInAppPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?!\/)/.test(value) && !value.includes('\\')
}

function isRouteOrNull(value: unknown): value is string | null {
  return value === null || isInAppPath(value)
}

function isTagOrNull(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && value.trim() !== '' && value.length <= 64)
}

export const routeAfterLoginAtom = atomWithValidatedStorage<string | null>(
  'homeward.routeAfterLogin',
  null,
  isRouteOrNull,
)

export const unregisteredTagAtom = atomWithValidatedStorage<string | null>(
  'homeward.unregisteredTag',
  null,
  isTagOrNull,
)

/** Whether the route after login is a conversation: an owner sent to log in by a chat link. */
export function isChatRoute(route: string | null): boolean {
  return route !== null && route.startsWith(`${paths.chat}?`)
}
