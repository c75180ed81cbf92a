/**
 * Size budgets of the production build, checked by tests/build/build.test.ts
 * (sizes are deterministic, so this is a test, not a timing).
 */
import { PAGES, prerenderedPath } from '../../src/app/route-table.ts'

/** No chunk may exceed this many bytes minified (Vite's own warning is at 500 kB). */
export const MAX_CHUNK_BYTES = 500_000

/**
 * The finder's JavaScript before they can type and submit on /tag and /found/reunite:
 * the entry, the page's chunk and everything both import statically (supabase-js is
 * loaded at submit, owner and chat code never). A regression guard, not a goal: the
 * goal is the time bench:finder-page measures (docs/prerendering.md).
 * React 19 + React DOM, the router and Chakra measured ~157 KiB gzipped; /tag, which
 * is also the finder's report form when opened from a tag's link, ~160 KiB; 168.4 KiB
 * once the app-level error page, the reload after a missing chunk and the checkbox
 * recipe joined the entry (2026-11-28); 171.4 KiB with the finder's languages
 * (2026-11-28, docs/languages.md): the locale negotiation and the per-locale chunk
 * loader (the catalogs themselves are one chunk per locale, loaded before hydration and
 * not counted; Chakra's NativeSelect for the menu would be +6 KiB: the menu is a lazy
 * chunk); 173.5 KiB with Lingui's runtime (@lingui/core, +2.1 KiB over a hand-written
 * reader of its compiled format, chosen so a maintained library formats the messages);
 * 174.1 KiB once the layout's names (menu, header, footer), the 404 and error pages and
 * the position errors speak the finder's language and the router loads the owner's
 * catalog for the other pages (ids in code, the words in the per-locale chunks).
 */
export const FINDER_JS_GZIP_BYTES = 175 * 1024

/**
 * The JavaScript /tag's HTML makes the browser load and run before the finder can
 * type: its inline scripts (the early tag lookup, React's form replay, the boot script
 * of scripts/lib/app-boot.ts) and any script or modulepreload it names, gzipped. The
 * app itself is added after the first paint; measured 1.6 KiB. A regression guard: an
 * entry script or modulepreloads back in the HTML (~170 KiB) break it at once.
 */
export const TAG_JS_BEFORE_TYPING_GZIP_BYTES = 4 * 1024

/** The finder's pages and the source module of each page's lazy component (route table rows with budget 'finder'). */
export const FINDER_PAGES: readonly { path: string; module: string }[] = PAGES.filter(
  (page) => page.budget === 'finder',
).map((page) => ({ path: prerenderedPath(page), module: page.module }))
