import { paths, segmentPaths } from '../../src/lib/paths.ts'

const APP_PATHS = new Set(Object.values(paths).map((path) => path.toLowerCase()))
const SEGMENT_PATHS = Object.values(segmentPaths).map((path) => `${path.toLowerCase()}/`)

/** An app route with one segment after it (/case/<token>). */
const isSegmentPath = (path: string) => {
  const lower = path.toLowerCase()
  return SEGMENT_PATHS.some(
    (prefix) => lower.startsWith(prefix) && !lower.slice(prefix.length).includes('/'),
  )
}

export type PageFallback = { url: string; status: number }

/**
 * Which built file answers a page request (a path without a file extension):
 * its prerendered file when there is one (left to the static server), else the
 * shell for the app's other routes, else the 404 page with status 404.
 * `exists` says whether a file exists in dist/ (relative path, no leading slash).
 */
export function appPageFallback(
  url: string,
  exists: (file: string) => boolean,
): PageFallback | null {
  const [pathname = '/', query = ''] = url.split(/(?=\?)/, 2)
  if (/\.[a-z0-9]+$/i.test(pathname)) return null
  const trimmed = pathname.replace(/\/+$/, '') || '/'
  if (trimmed === '/' || exists(`${trimmed.slice(1)}.html`)) {
    return trimmed === pathname ? null : { url: `${trimmed}${query}`, status: 200 }
  }
  if (APP_PATHS.has(trimmed.toLowerCase()) || isSegmentPath(trimmed)) {
    return { url: `/shell.html${query}`, status: 200 }
  }
  return { url: '/404.html', status: 404 }
}
