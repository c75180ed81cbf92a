/**
 * Size budgets of the production build, checked by tests/build/build.test.ts
 * (sizes are deterministic, so this is a test, not a timing).
 */

/** No chunk may exceed this many bytes minified (Vite's own warning is at 500 kB). */
export const MAX_CHUNK_BYTES = 500_000

/**
 * The finder's JavaScript before they can type and submit on /tag and /found/reunite:
 * the entry, the page's chunk and everything both import statically (supabase-js is
 * loaded at submit, owner and chat code never). A regression guard, not a goal: the
 * goal is the time bench:finder-page measures (README "Prerendered pages and budgets").
 * React 19 + React DOM, the router and Chakra measured ~157 KiB gzipped; /tag, which
 * is also the finder's report form when opened from a tag's link, ~160 KiB.
 */
export const FINDER_JS_GZIP_BYTES = 168 * 1024

/** The finder's pages and the source module of each page's lazy component. */
export const FINDER_PAGES = [
  { path: '/tag', module: 'src/features/found/components/tag-lookup.tsx' },
  { path: '/found/reunite', module: 'src/features/found/components/reunite-form.tsx' },
] as const
