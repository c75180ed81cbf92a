/**
 * Size budgets of the production build, checked by tests/build/build.test.ts
 * (sizes are deterministic, so this is a test, not a timing).
 */

/** No chunk may exceed this many bytes minified (Vite's own warning is at 500 kB). */
export const MAX_CHUNK_BYTES = 500_000

/**
 * The finder's JavaScript before they can type and submit on /tag and /found/reunite:
 * the entry, the page's chunk and everything both import statically (supabase-js is
 * loaded at submit, owner and chat code never): at most 100 KiB gzipped. React DOM
 * alone was 57 KiB of it, which is why the app renders with Preact (README "Budgets").
 */
export const FINDER_JS_GZIP_BYTES = 100 * 1024

/** The finder's pages and the source module of each page's lazy component. */
export const FINDER_PAGES = [
  { path: '/tag', module: 'src/features/found/components/tag-lookup.tsx' },
  { path: '/found/reunite', module: 'src/features/found/components/reunite-form.tsx' },
] as const
