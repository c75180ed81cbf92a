import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FINDER_JS_GZIP_BYTES,
  FINDER_PAGES,
  MAX_CHUNK_BYTES,
} from '../../scripts/lib/budgets'
import {
  entryKey,
  readManifest,
  sizeOf,
  staticClosure,
  type Manifest,
} from '../../scripts/lib/bundle-graph'
import { serveDist, type DistServer } from '../../scripts/lib/serve-dist'

const root = resolve(import.meta.dirname, '../..')
const dist = join(root, 'dist')
const HEADLINE = 'Dedicated to making sure your lost items find a way back'

/** The production build, as `npm run build` makes it (without the type check). */
function build() {
  // Vitest sets NODE_ENV=test, which would build React's development bundles.
  const env = { ...process.env, NODE_ENV: 'production' }
  const run = (args: string[]) =>
    execFileSync(process.execPath, args, { cwd: root, stdio: 'pipe', env })
  run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'])
  run([
    'node_modules/vite/bin/vite.js',
    'build',
    '--ssr',
    'src/app/render-page.tsx',
    '--outDir',
    'dist-ssr',
    '--logLevel',
    'warn',
  ])
  run(['--import', 'tsx', 'scripts/prerender.ts'])
}

let manifest: Manifest
let served: DistServer

beforeAll(async () => {
  build()
  manifest = readManifest(dist)
  served = await serveDist(dist)
})
afterAll(() => served?.close())

describe('bundle budgets', () => {
  it('has no chunk over 500 kB minified', () => {
    const chunks = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'))
    expect(chunks.length).toBeGreaterThan(5)
    const oversized = chunks
      .map((file) => sizeOf(dist, `assets/${file}`))
      .filter((chunk) => chunk.bytes > MAX_CHUNK_BYTES)
    expect(oversized).toEqual([])
  })

  it.each(FINDER_PAGES)(
    "keeps the finder's JavaScript on $path within 100 KiB gzipped, without supabase-js, owner or chat code",
    ({ module }) => {
      const files = staticClosure(manifest, [entryKey(manifest), module])
      const gzipBytes = files.reduce((sum, file) => sum + sizeOf(dist, file).gzipBytes, 0)
      expect(gzipBytes).toBeLessThanOrEqual(FINDER_JS_GZIP_BYTES)
      // Loaded only when needed (at submit, or once the page is idle).
      const sources = Object.entries(manifest)
        .filter(([, chunk]) => files.includes(chunk.file))
        .map(([key]) => key)
      expect(sources).not.toContain('src/lib/supabase.ts')
      for (const forbidden of [
        'src/features/chat/',
        'src/features/items/',
        'src/features/account/',
        'src/features/tags/',
        'src/app/routes/dashboard.tsx',
        'node_modules/@supabase/',
        'node_modules/framer-motion/',
      ]) {
        expect(sources.filter((source) => source.includes(forbidden))).toEqual([])
      }
      // The chunk holding supabase-js itself is not in the closure either.
      const supabaseChunk = manifest['src/lib/supabase.ts']?.imports ?? []
      const vendor = supabaseChunk.map((key) => manifest[key]?.file)
      const supabaseJs = vendor.filter((file) => {
        if (!file) return false
        const chunk = Object.values(manifest).find((entry) => entry.file === file)
        return chunk?.src === undefined && !files.includes(file)
      })
      expect(files.filter((file) => supabaseJs.includes(file))).toEqual([])
    },
  )
})

/** The page's HTML as served, with every script removed: what shows before any runs. */
async function htmlBeforeScripts(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${served.url}${path}`)
  const html = await response.text()
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
  return { status: response.status, text: body }
}

const PAGES: [path: string, heading: string, texts: string[]][] = [
  ['/', '', [HEADLINE, 'How it works', 'Get started', 'Lost', 'Found', 'Shop']],
  ['/home', '', [HEADLINE, 'Get started']],
  ['/how-it-works', 'How it works', ['Get started']],
  ['/faq', 'Help', ['About us', 'Refunds', 'How to contact us']],
  ['/how-to-scan', 'How to scan', ['Enter a tag code']],
  ['/found', 'Found', ['Scanning a FOUND tag', 'How to scan a tag']],
  ['/tag', 'Found a tag?', ['TAG ID', 'Find the owner', 'Scan', 'How to scan a tag']],
  [
    '/found/reunite',
    'Inform the Owner',
    ['NAME', 'EMAIL', 'PHONE NUMBER', 'ADDRESS', 'WHERE YOU FOUND THE ITEM', 'Inform the Owner'],
  ],
  ['/found/thank-you', 'Thank you', ['Protect Your Items']],
  ['/campaign', 'Campaign', []],
  ['/no/such/page', 'Page not found', ['Go Home']],
]

describe('prerendered pages', () => {
  it.each(PAGES)(
    '%s has its heading and texts before any script runs',
    async (path, heading, texts) => {
      const { status, text } = await htmlBeforeScripts(path)
      expect(status).toBe(path === '/no/such/page' ? 404 : 200)
      if (heading) expect(text).toContain(` ${heading} `)
      for (const expected of texts) expect(text).toContain(expected)
      expect(text).toContain('All rights reserved')
    },
  )

  it('inlines the critical CSS and preloads the Latin Inter fonts', async () => {
    const html = await (await fetch(`${served.url}/tag`)).text()
    expect(html).toMatch(/<style data-emotion="css-global [^"]+">[^<]*--chakra-colors-brand-600/)
    expect(html).toMatch(
      /<link rel="preload" href="\/assets\/inter-latin-400-normal-[^"]+\.woff2" as="font"/,
    )
    expect(html).not.toMatch(/inter-(cyrillic|greek|vietnamese|latin-ext)/)
  })

  it('serves the shell, not a prerendered page, for the other app routes', async () => {
    const response = await fetch(`${served.url}/dashboard`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('<div id="root"></div>')
  })
})
