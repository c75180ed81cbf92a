import { NOT_FOUND_PATH, PAGES, prerenderedPath } from '../../src/app/route-table.ts'
import { paths } from '../../src/lib/paths.ts'

export { NOT_FOUND_PATH }

/**
 * The public pages prerendered at build time, each with the source module of its
 * route's lazy component (its key in Vite's build manifest): the rows of the route
 * table (src/app/route-table.ts) marked isPrerendered. The 404 page is rendered for
 * a path no route has.
 */
export const PRERENDERED_PAGES: readonly { path: string; module: string }[] = PAGES.filter(
  (page) => page.isPrerendered,
).map((page) => ({ path: prerenderedPath(page), module: page.module }))

/** Where a page's HTML is written in dist/, as static servers and `vite preview` look it up. */
export function fileForPage(path: string): string {
  if (path === paths.root) return 'index.html'
  return `${path.slice(1)}.html`
}
