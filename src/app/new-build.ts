/**
 * A page's code file gone after a deploy: the browser still runs the old build,
 * whose chunk names the server no longer has. One reload fetches the new build;
 * a mark in sessionStorage (per page, for a few minutes) makes sure it is only one,
 * so a chunk that is really missing shows the error page instead of reloading for ever.
 */
const RELOAD_MARK = 'homeward.reloadedForNewBuild'
/** How long a reload for a page counts: another missing chunk within it shows the error. */
export const RELOAD_GUARD_MS = 5 * 60 * 1000

/** True for the errors browsers give when a dynamic import's file cannot be fetched. */
export function isMissingChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /dynamically imported module|importing a module script failed|error loading dynamically imported module|failed to load module script|unable to preload css/i.test(
    error.message,
  )
}

/** The browser's reload, behind an object the tests can spy on (jsdom's cannot be). */
export const browserPage = { reload: (): void => window.location.reload() }

type Mark = { page: string; at: number }

function readMark(): Mark | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(RELOAD_MARK) ?? 'null')
    if (typeof value !== 'object' || value === null) return null
    const { page, at } = value as Record<string, unknown>
    return typeof page === 'string' && typeof at === 'number' ? { page, at } : null
  } catch {
    return null
  }
}

/**
 * Reloads the page once to fetch the new build, unless this page was already
 * reloaded for that within RELOAD_GUARD_MS (or sessionStorage is unavailable, so the
 * guard could not hold). Returns true when a reload was started.
 */
export function reloadOnceForNewBuild(
  page: string = window.location.pathname,
  reload: () => void = () => browserPage.reload(),
  now: number = Date.now(),
): boolean {
  const mark = readMark()
  if (mark && mark.page === page && now - mark.at >= 0 && now - mark.at < RELOAD_GUARD_MS) {
    return false
  }
  try {
    sessionStorage.setItem(RELOAD_MARK, JSON.stringify({ page, at: now } satisfies Mark))
    if (readMark()?.at !== now) return false
  } catch {
    return false
  }
  reload()
  return true
}
