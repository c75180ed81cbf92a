import { atomWithStorage, createJSONStorage } from '@/lib/jotai'

/**
 * Where to go once an owner has signed in, and the scanned tag that is not yet
 * claimed (SPEC.md §4 "Scanning a tag"). Both survive the login page's reload
 * within the tab (sessionStorage) and are validated when read back.
 *
 * The /tag page writes them; login and the dashboard navigate to the route and
 * clear it; /activeTag prefills TAG ID from the tag.
 */

type Validator<T> = (value: unknown) => value is T

function validatedSessionStorage<T>(isValid: Validator<T>) {
  const storage = createJSONStorage<unknown>(() => sessionStorage)
  return {
    getItem: (key: string, initialValue: T): T => {
      const value = storage.getItem(key, initialValue)
      return isValid(value) ? value : initialValue
    },
    setItem: (key: string, value: T) => storage.setItem(key, value),
    removeItem: (key: string) => storage.removeItem(key),
  }
}

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

export const routeAfterLoginAtom = atomWithStorage<string | null>(
  'homeward.routeAfterLogin',
  null,
  validatedSessionStorage(isRouteOrNull),
  { getOnInit: true },
)

export const unregisteredTagAtom = atomWithStorage<string | null>(
  'homeward.unregisteredTag',
  null,
  validatedSessionStorage(isTagOrNull),
  { getOnInit: true },
)
