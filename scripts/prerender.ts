/**
 * Prerenders every public page into dist/ after `vite build` (client) and
 * `vite build --ssr src/app/render-page.tsx --outDir dist-ssr` (server renderer):
 * each page's HTML, with Emotion's critical CSS inline (Chakra's global CSS cut to what
 * the page uses, scripts/lib/critical-css.ts). Once the page has painted in the fallback
 * font, the Inter fonts are switched on and the app's JavaScript (entry and the page's
 * chunks) is added (scripts/lib/app-boot.ts). React hydrates it (src/main.tsx).
 *
 * Files: `/` → index.html, `/tag` → tag.html, `/found/reunite` → found/reunite.html,
 * the 404 page → 404.html, and the unrendered shell → shell.html, the fallback for
 * every other app route (owner pages, chat), which render in the browser. Then
 * dist/sw.js, with the list of what the finder's pages need offline.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { entryKey, readManifest, staticClosure } from './lib/bundle-graph'
import { writeServiceWorker } from './lib/finder-precache'
import { bootAfterFirstPaint, DEFERRED_FONTS_ATTRIBUTE } from './lib/app-boot'
import { inlineCriticalGlobalCss } from './lib/critical-css'
import { hoistComponentStyles } from './lib/hoist-styles'
import { PRERENDERED_PAGES, fileForPage } from './lib/prerendered-pages'
import { localisedFile, PAGE_LOCALES } from './lib/page-language'
import type { AnyLocale } from '../src/lib/i18n/locales'
import { withoutShellSkeleton, withShellSkeleton } from './lib/shell-skeleton'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')
const ssrEntry = join(root, 'dist-ssr', 'render-page.js')

/** src/app/render-page.tsx, as built into dist-ssr/. */
type RenderPage = (
  path: string,
  locale?: AnyLocale,
) => Promise<{
  html: string
  title: string
  head: string
  status: number
  lang: string
  dir: 'ltr' | 'rtl'
  isFinderPage: boolean
}>

/** Session storage stand-in: nothing is stored at build time. */
class EmptyStorage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

async function main() {
  Object.assign(globalThis, {
    sessionStorage: new EmptyStorage(),
    localStorage: new EmptyStorage(),
  })
  const { renderPage } = (await import(pathToFileURL(ssrEntry).href)) as { renderPage: RenderPage }
  // index.html is Vite's shell until the home page is prerendered into it; kept as shell.html.
  const built = readFileSync(join(dist, 'index.html'), 'utf8')
  const template = withoutShellSkeleton(
    built.includes('data-prerendered') ? readFileSync(join(dist, 'shell.html'), 'utf8') : built,
  )
  // The shell shows a header and "Loading Homeward…" until the app runs, not a blank page.
  writeFileSync(join(dist, 'shell.html'), withShellSkeleton(template))
  const manifest = readManifest(dist)
  const entry = entryKey(manifest)
  const entryFiles = new Set(staticClosure(manifest, [entry]))
  // English first; a finder's page (its title is in the catalogs) then in every other language.
  const renders: { page: (typeof PRERENDERED_PAGES)[number]; locale: AnyLocale }[] =
    PRERENDERED_PAGES.map((page) => ({ page, locale: 'en' }))
  for (let index = 0; index < renders.length; index++) {
    const { page, locale } = renders[index]!
    const rendered = await renderPage(page.path, locale)
    if (locale === 'en' && rendered.isFinderPage) {
      renders.push(...PAGE_LOCALES.map((other) => ({ page, locale: other })))
    }
    // The page's own chunks (and what they import), preloaded beside the entry.
    const pageFiles = staticClosure(manifest, [page.module]).filter((file) => !entryFiles.has(file))
    // Every replacement is a function: in a replacement string `$$` means `$`, which broke
    // React's form replay script (it reads `$$reactFormReplay`) and any `$&`-like text.
    const html = template
      .replace(/<html lang="[^"]*">/, () => `<html lang="${rendered.lang}" dir="${rendered.dir}">`)
      .replace(/<title>.*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
      // The only stylesheet is the Inter @font-face rules: inline, so nothing blocks the
      // first paint, and switched off (media="not all") until the page has painted in the
      // fallback font. Under bench:finder-page's throttling, Inter fetched and decoded
      // while the page loaded held /tag's first paint ~240 ms and the finder's first key
      // ~250 ms (8 alternated loads each); the boot script switches it on.
      .replace(
        /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)">/,
        (_link, file: string) => {
          const css = readFileSync(join(dist, file), 'utf8')
          return `<style ${DEFERRED_FONTS_ATTRIBUTE} media="not all">${css}</style>`
        },
      )
      .replace('</head>', () => `${rendered.head}</head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered="${page.path}">${rendered.html}</div>`,
      )
    const booted = bootAfterFirstPaint(
      hoistComponentStyles(inlineCriticalGlobalCss(html)),
      pageFiles.map((file) => `/${file}`),
    )
    if (html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root')
    const name = localisedFile(fileForPage(page.path), locale)
    const file = join(dist, name)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, booted)
    console.log(`prerendered ${page.path} (${locale}) → dist/${name}`)
  }
  // dist/sw.js: the pages above and the files they load offline (scripts/lib/finder-precache.ts).
  writeServiceWorker(dist, readFileSync(join(root, 'public', 'sw.js'), 'utf8'))
  console.log('service worker → dist/sw.js')
}

await main()
