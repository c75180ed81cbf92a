import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { paths } from '../../src/lib/paths.ts'
import { entryKey, readManifest, type Manifest, type ManifestChunk } from './bundle-graph.ts'
import { PRERENDERED_PAGES } from './prerendered-pages.ts'

/**
 * What the service worker (public/sw.js) stores on a finder's first visit, so the
 * finder's pages work again with no connection: the pages themselves and every file
 * they load, including the chunks loaded only on use (the report, its proof of work,
 * supabase-js, the thank-you page's receipts).
 */
export const OFFLINE_PAGES = [
  // The manifest's start_url: the installed app opens offline too.
  '/',
  paths.tag,
  paths.found,
  paths.foundReunite,
  paths.foundThankYou,
  paths.howToScan,
] as const

/**
 * Chunks the layout loads on every page by itself or on a tap, beyond the pages' own:
 * the menu, the session watcher, the sender of a report saved offline and the
 * finder's language menu.
 */
export const OFFLINE_LAYOUT_MODULES = [
  'src/app/layout/menu-drawer.tsx',
  'src/features/auth/watch-auth-session.ts',
  'src/features/found/components/pending-report-notice.tsx',
  'src/components/ui/language-menu.tsx',
] as const

/** Files of public/ the pages reference. */
const PUBLIC_FILES = [
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/icons/apple-touch-icon.png',
]

/**
 * Every file under /assets/ the offline pages may load: the entry and its CSS and
 * Latin fonts (woff2: every browser with a service worker reads it), then from each
 * page's chunk and each layout chunk everything imported, statically or on demand.
 */
export function offlineAssets(manifest: Manifest): string[] {
  const pageModules = OFFLINE_PAGES.map((path) => {
    const page = PRERENDERED_PAGES.find((candidate) => candidate.path === path)
    if (!page) throw new Error(`${path} is not prerendered`)
    return page.module
  })
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string, { dynamic }: { dynamic: boolean }) => {
    if (seen.has(key)) return
    // Vite's manifest also lists a chunk's other assets (the fonts its CSS uses).
    const chunk: (ManifestChunk & { assets?: string[] }) | undefined = manifest[key]
    if (!chunk) throw new Error(`No chunk ${key} in the build manifest`)
    seen.add(key)
    files.add(chunk.file)
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      if (!file.endsWith('.woff')) files.add(file)
    }
    for (const imported of chunk.imports ?? []) visit(imported, { dynamic })
    if (dynamic) for (const imported of chunk.dynamicImports ?? []) visit(imported, { dynamic })
  }
  // The entry imports every page on demand: only its static part is the finder's.
  visit(entryKey(manifest), { dynamic: false })
  for (const key of [...pageModules, ...OFFLINE_LAYOUT_MODULES]) visit(key, { dynamic: true })
  // Each language's messages (a chunk per locale, loaded before hydration): the page
  // cached for this phone may be in any of them.
  for (const key of Object.keys(manifest).filter((key) =>
    key.startsWith('src/locales/compiled/'),
  )) {
    visit(key, { dynamic: false })
  }
  return [...files].map((file) => `/${file}`).sort()
}

/** The line of public/sw.js the build fills in. */
const BUILD_LINE = /^const BUILD = .*$/m

/**
 * Writes dist/sw.js: public/sw.js with its BUILD line holding the pages, the files
 * and a version that changes with them, so a new build makes browsers install the
 * new worker (which stores the new files and drops the old ones).
 */
export function writeServiceWorker(distDir: string, swSource: string): void {
  const assets = [...PUBLIC_FILES, ...offlineAssets(readManifest(distDir))]
  const version = createHash('sha256')
    .update(JSON.stringify(assets))
    .update(swSource)
    .digest('hex')
    .slice(0, 12)
  if (!BUILD_LINE.test(swSource)) throw new Error('public/sw.js has no `const BUILD = …` line')
  const build = JSON.stringify({ version, pages: OFFLINE_PAGES, assets })
  writeFileSync(join(distDir, 'sw.js'), swSource.replace(BUILD_LINE, `const BUILD = ${build}`))
}
