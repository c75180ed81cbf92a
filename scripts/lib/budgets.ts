/**
 * Size budgets of the production build, checked by tests/build/build.test.ts
 * (sizes are deterministic, so this is a test, not a timing).
 */

/** No chunk may exceed this many bytes minified (Vite's own warning is at 500 kB). */
export const MAX_CHUNK_BYTES = 500_000

/**
 * The finder's JavaScript before they can type and submit on /tag and /found/reunite:
 * the entry, the page's chunk and everything both import statically (supabase-js is
 * loaded at submit, owner and chat code never). The issue's goal is 100 KiB gzipped;
 * React 19 + react-router + Chakra v3's runtime are ~170 KiB of it today, so this
 * ceiling holds what was reached and must only ever go down (see README "Budgets").
 */
export const FINDER_JS_GOAL_GZIP_BYTES = 100 * 1024
export const FINDER_JS_CEILING_GZIP_BYTES = 180 * 1024

/** The finder's pages and the source module of each page's lazy component. */
export const FINDER_PAGES = [
  { path: '/tag', module: 'src/features/found/components/tag-lookup.tsx' },
  { path: '/found/reunite', module: 'src/features/found/components/reunite-form.tsx' },
] as const
