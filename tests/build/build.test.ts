import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages as ownerEnglish } from '../../src/locales/compiled/owner/en'
import {
  FINDER_JS_GZIP_BYTES,
  FINDER_PAGES,
  MAX_CHUNK_BYTES,
  TAG_JS_BEFORE_TYPING_GZIP_BYTES,
} from '../../scripts/lib/budgets'
import {
  entryKey,
  readManifest,
  sizeOf,
  staticClosure,
  type Manifest,
} from '../../scripts/lib/bundle-graph'
import { headersForPath, parseHeadersFile } from '../../scripts/lib/headers-file'
import { buildSite } from '../../scripts/lib/build-site'
import { SHELL_SKELETON } from '../../scripts/lib/shell-skeleton'
import { customPropertiesDeclared, customPropertiesUsed } from '../../scripts/lib/critical-css'
import { PRERENDERED_PAGES, fileForPage } from '../../scripts/lib/prerendered-pages'
import { readRetentionDays } from '../../scripts/lib/retention-periods'
import { serveDist, type DistServer } from '../../scripts/lib/serve-dist'
import { openDatabase } from '../../local-supabase/db/open'
import { fakeFinderBackend } from './fake-finder-backend'
import { hostRulesTests } from './host-rules'

const root = resolve(import.meta.dirname, '../..')
const dist = join(root, 'dist')
const HEADLINE = 'Dedicated to making sure your lost items find a way back'

let manifest: Manifest
let served: DistServer

beforeAll(async () => {
  buildSite()
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
    "keeps the finder's JavaScript on $path within its gzipped ceiling, without supabase-js, owner or chat code",
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
        'src/features/conversation/',
        'src/features/owner-hub/',
        'src/features/return/',
        'src/app/routes/chat.tsx',
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

describe('JavaScript before the finder can type on /tag', () => {
  it('is only the page’s small inline scripts, within its gzipped ceiling', () => {
    const html = readFileSync(join(dist, 'tag.html'), 'utf8')
    // What the HTML itself makes the browser fetch: scripts and modulepreloads.
    const named = [
      ...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g),
      ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g),
    ].map(([, file]) => sizeOf(dist, file!).gzipBytes)
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, body]) => gzipSync(body!, { level: 9 }).length,
    )
    expect(inline.length).toBeGreaterThanOrEqual(3)
    const total = [...named, ...inline].reduce((sum, bytes) => sum + bytes, 0)
    expect(total).toBeLessThanOrEqual(TAG_JS_BEFORE_TYPING_GZIP_BYTES)
  })
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
  ['/privacy', 'Privacy', ['Privacy notice', 'How long we keep it', 'Your rights', 'Twilio']],
  ['/terms', 'Terms', ['Terms of use', 'privacy notice']],
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
      expect(text).toContain('Privacy notice')
    },
  )

  it("the finder's pages, in every language, carry none of the owner's messages (that chunk is not loaded there)", () => {
    const ownerIds = Object.keys(ownerEnglish)
    const finderPages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /(^|\/)(tag|found|how-to-scan|found\/(reunite|thank-you))\.html$/.test(file),
    )
    expect(finderPages.length).toBeGreaterThan(12)
    for (const file of finderPages) {
      const html = readFileSync(join(dist, file), 'utf8')
      for (const id of ownerIds)
        expect(html.includes(`>${id}<`) || html.includes(`"${id}"`), `${file}: ${id}`).toBe(false)
    }
  })

  it("states the purge's own retention periods on the privacy notice and the finder's form", async () => {
    const db = await openDatabase({ seed: false })
    let days: Record<string, number>
    try {
      days = await readRetentionDays(db)
    } finally {
      await db.close()
    }
    const daysText = (rule: string) => {
      const count = days[rule]
      expect(count, `retention period ${rule}`).toBeGreaterThan(0)
      return count === 1 ? '1 day' : `${count} days`
    }
    const { text: notice } = await htmlBeforeScripts('/privacy')
    expect(notice).toContain(
      `deleted ${daysText('finder_details_after_found')} after the owner marks the item FOUND`,
    )
    expect(notice).toContain(
      `deleted ${daysText('finder_details_after_report')} after their report`,
    )
    expect(notice).toContain(`deleted after ${daysText('abuse_records')}`)
    expect(notice).toContain(
      `deleted ${daysText('kept_conversations')} after they have dealt with the report`,
    )
    expect(notice).toContain(
      `deleted ${daysText('case_link_after_end')} after the link expires, is withdrawn or the item is marked returned`,
    )
    const { text: form } = await htmlBeforeScripts('/found/reunite')
    expect(form).toContain(
      `deleted ${daysText('finder_details_after_found')} after the owner marks the item found, or ${daysText('finder_details_after_report')} after your report`,
    )
  }, 240_000) // migrating a fresh database takes a while on a busy machine

  it('inlines the critical CSS, and the Latin Inter fonts switched off until the page has painted', async () => {
    const html = await (await fetch(`${served.url}/tag`)).text()
    expect(html).toMatch(
      /<style data-critical-css="css-global [^"]+">[^<]*--chakra-colors-brand-600/,
    )
    expect(html).toMatch(
      /<style data-deferred-fonts media="not all">@font-face\{[^<]*\/assets\/inter-latin-400-normal-[^"]+\.woff2/,
    )
    // Nothing fetches a font before the boot script switches them on.
    expect(html).not.toContain('as="font"')
    expect(html).not.toMatch(/inter-(cyrillic|greek|vietnamese|latin-ext)/)
    // Every style is in <head>: none left in the body for the parser to restyle the page at.
    expect(html.slice(html.indexOf('<body'))).not.toContain('<style')
    expect(html.slice(0, html.indexOf('<body'))).toMatch(/<style data-emotion="css [\w-]+">/)
  })

  it("inlines of Chakra's global CSS every custom property a page uses, and not the rest", async () => {
    // The pages as render-page.tsx renders them, before prerender.ts cuts their global CSS.
    const nothingStored = { length: 0, getItem: () => null, setItem() {}, removeItem() {} }
    vi.stubGlobal('sessionStorage', nothingStored)
    vi.stubGlobal('localStorage', nothingStored)
    const { renderPage } = (await import(
      pathToFileURL(join(root, 'dist-ssr', 'render-page.js')).href
    )) as { renderPage: (path: string) => Promise<{ html: string }> }
    for (const page of PRERENDERED_PAGES) {
      const rendered = (await renderPage(page.path)).html
      const chakraGlobal = [...rendered.matchAll(/<style data-emotion="css-global [^"]+">([^<]*)/g)]
        .map((match) => match[1])
        .join('')
      const fromChakra = customPropertiesDeclared(chakraGlobal)
      const html = readFileSync(join(dist, fileForPage(page.path)), 'utf8')
      const inlined = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)]
        .map((match) => match[1])
        .join('')
      const declared = customPropertiesDeclared(inlined)
      const missing = [...customPropertiesUsed(html)].filter(
        (name) => fromChakra.has(name) && !declared.has(name),
      )
      expect(missing, `${page.path} uses them and does not declare them`).toEqual([])
      const global = /<style data-critical-css="css-global [^"]+">([^<]*)/.exec(html)?.[1] ?? ''
      expect(global.length, page.path).toBeGreaterThan(0)
      expect(global.length, page.path).toBeLessThan(chakraGlobal.length / 2)
    }
    vi.unstubAllGlobals()
  })

  it('serves the shell, not a prerendered page, for the other app routes', async () => {
    const response = await fetch(`${served.url}/dashboard`)
    const html = await response.text()
    expect(response.status).toBe(200)
    // Not blank before the app runs (e.g. after Logout reloads an owner page): a header
    // and "Loading Homeward…", which the app replaces.
    expect(html).toContain(`<div id="root">${SHELL_SKELETON}</div>`)
    expect(html).not.toContain('data-prerendered')
  })
})

const chromiumPath = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium'
// Debian's Chromium, as for the e2e tests (README); CI installs it, so there it must run.
const hasChromium = existsSync(chromiumPath) || Boolean(process.env.CI)

/** The pages and files the built service worker stores (its BUILD line). */
function serviceWorkerBuild(): { version: string; pages: string[]; assets: string[] } {
  const line = /^const BUILD = (.*)$/m.exec(readFileSync(join(dist, 'sw.js'), 'utf8'))
  return JSON.parse(line?.[1] ?? 'null') as { version: string; pages: string[]; assets: string[] }
}

describe('the service worker as built', () => {
  it('lists the finder pages and the chunks they load on use, with a version of this build', () => {
    const build = serviceWorkerBuild()
    expect(build.version).toMatch(/^[0-9a-f]{12}$/)
    // '/' is the manifest's start_url, kept so the installed app opens offline.
    expect(build.pages).toEqual([
      '/',
      '/tag',
      '/found',
      '/found/reunite',
      '/found/thank-you',
      '/how-to-scan',
    ])
    for (const file of build.assets) expect(existsSync(join(dist, file))).toBe(true)
    // The report's sender and supabase-js (loaded on use, never before typing).
    const lazy = ['src/features/found/components/pending-report-notice.tsx']
    for (const key of lazy) expect(build.assets).toContain(`/${manifest[key]?.file}`)
    const supabaseJs = Object.values(manifest).filter((chunk) =>
      chunk.dynamicImports?.some((key) => manifest[key]?.file.includes('supabase')),
    )
    expect(supabaseJs.length).toBeGreaterThan(0)
    expect(build.assets.some((file) => /\/assets\/supabase-[\w-]+\.js$/.test(file))).toBe(true)
  })
})

describe.skipIf(!hasChromium)('the finder offline (production build in Chromium)', () => {
  let browser: Browser
  let site: DistServer

  beforeAll(async () => {
    site = await serveDist(dist)
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })

  it('a finder who sends a form before the app has taken over the page loses nothing', async () => {
    // The prerendered HTML alone, as a slow phone shows it before the JavaScript runs.
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    // /tag: the form loads /tag?tagId=CODE, whose code the app looks up once it runs
    // (the ?tagId= path is the offline test's below).
    await page.goto(`${site.url}/tag`)
    const code = page.getByLabel('TAG ID', { exact: true })
    await code.fill('hw7k3m9qpx')
    await code.press('Enter')
    await page.waitForURL(`${site.url}/tag?tagId=hw7k3m9qpx`)

    // /found/reunite is a React form action: sent without the app, the browser does
    // not leave the page (React replays the submit once it has hydrated), so Enter
    // in a field does not reload the page and drop what was typed.
    await page.goto(`${site.url}/found/reunite`)
    const name = page.getByLabel('NAME', { exact: true })
    await name.fill('Ada')
    const navigations: string[] = []
    page.on('framenavigated', (frame) => navigations.push(frame.url()))
    await name.press('Enter')
    await page.waitForLoadState('load')
    expect(navigations).toEqual([])
    expect(await name.inputValue()).toBe('Ada')
    await context.close()
  })

  it("gets the rest of Chakra's global CSS once the app has hydrated, not before", async () => {
    // A token /tag does not use: not in its HTML, but there for what the app renders later.
    const token = '--chakra-colors-gray-950'
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const tokenValue = () =>
      page.evaluate(
        (name) => getComputedStyle(document.documentElement).getPropertyValue(name),
        token,
      )
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto(`${site.url}/tag`)
    expect(await tokenValue()).toBe('')
    await page.unroute(/\/assets\/.*\.js$/)
    await page.reload()
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 })
    expect(await tokenValue()).not.toBe('')
    await context.close()
  })

  it("looks a tag's link up once the page is parsed, and the app takes that answer", async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    await fakeFinderBackend(context, site.url)
    // When each tag_status request starts, on the page's clock (before any page script).
    await context.addInitScript(() => {
      const lookups: number[] = []
      Object.assign(window, { __tagLookups: lookups })
      const send = window.fetch.bind(window)
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/rpc/tag_status'))
          lookups.push(performance.now())
        return send(input, init)
      }
    })
    const page = await context.newPage()
    await page.goto(`${site.url}/tag?tagId=HW7K3M9QPX`)
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
    await page.getByRole('button', { name: 'Inform the Owner' }).waitFor()
    const { lookups, parsedAt } = await page.evaluate(() => ({
      lookups: (window as unknown as { __tagLookups: number[] }).__tagLookups,
      parsedAt: performance.getEntriesByType('navigation')[0]?.toJSON().domInteractive as number,
    }))
    // One request: the inline script's, which the app picked up instead of asking again;
    // started after the parser was done (run in <head> it held the first paint).
    expect(lookups).toHaveLength(1)
    expect(lookups[0]).toBeGreaterThanOrEqual(parsedAt)
    await context.close()
  })

  it('runs the built pages under the CSP the build emitted, with no violation', async () => {
    // The headers of dist/_headers' `/*` block, as Netlify or Cloudflare Pages send them.
    const headers = headersForPath(
      parseHeadersFile(readFileSync(join(dist, '_headers'), 'utf8')),
      '/',
    )
    expect(headers.map(([name]) => name)).toContain('Content-Security-Policy')
    const strict = await serveDist(dist, { headers })
    // A finder who allowed their location (the headers' Permissions-Policy must let the page ask).
    const context = await browser.newContext({
      serviceWorkers: 'block',
      permissions: ['geolocation'],
      geolocation: { latitude: 51.5072, longitude: -0.1276 },
    })
    const backend = await fakeFinderBackend(context, strict.url)
    await context.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { __cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`)
      })
    })
    const problems: string[] = []
    context.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    const page = await context.newPage()
    page.on('pageerror', (error) => problems.push(error.message))
    const violations = async () => (await page.evaluate('window.__cspViolations')) as string[]
    try {
      // The tag's link: the early lookup runs (it marks <html>), the form's replay
      // script keeps a send pressed before the app has loaded, and the app hydrates.
      await page.goto(`${strict.url}/tag?tagId=HW7K3M9QPX`, { waitUntil: 'load' })
      expect(await violations()).toEqual([])
      await page.locator('html[data-tag-link]').waitFor({ state: 'attached', timeout: 5_000 })
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
      await page.getByLabel('NAME', { exact: true }).fill('Ada')
      await page.getByLabel('EMAIL', { exact: true }).fill('ada@example.com')
      await page.getByRole('button', { name: 'Inform the Owner' }).click()
      await page.waitForURL('**/found/thank-you', { timeout: 20_000 })
      expect(backend.reports).toHaveLength(1)
      expect(await violations()).toEqual([])
      // "Share my location" on the thank-you page and in the chat asks the browser.
      const position = await page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            navigator.geolocation.getCurrentPosition(
              ({ coords }) => resolve(`${coords.latitude},${coords.longitude}`),
              (error) => resolve(`refused: ${error.message}`),
            ),
          ),
      )
      expect(position).toBe('51.5072,-0.1276')
      for (const path of ['/', '/found/reunite', '/dashboard']) {
        await page.goto(`${strict.url}${path}`)
        await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
        expect(await violations(), path).toEqual([])
      }
      expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual(
        [],
      )
    } finally {
      await context.close()
      await strict.close()
    }
  }, 90_000)

  /** No connection at all: the browser is offline and the site's server is gone too. */
  async function takeSiteDown() {
    site.server.closeAllConnections()
    await site.close()
  }

  it(
    'after one visit the pages work offline, a report waits on the phone and is sent once online',
    {
      timeout: 60_000,
    },
    async () => {
      const context = await browser.newContext()
      const backend = await fakeFinderBackend(context, site.url)
      const page = await context.newPage()
      // The tag's link is the finder's form at once (no navigation to /found/reunite).
      await page.goto(`${site.url}/tag?tagId=HW7K3M9QPX`)
      await page.getByRole('button', { name: 'Inform the Owner' }).waitFor()
      // Installed, activated and in control of the page: everything it lists is stored.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 20_000,
      })
      const build = serviceWorkerBuild()
      const stored = await page.evaluate(async (version) => {
        const cache = await caches.open(`homeward-finder-${version}`)
        return (await cache.keys()).map((request) => new URL(request.url).pathname)
      }, build.version)
      expect(new Set(stored)).toEqual(new Set([...build.pages, ...build.assets]))

      const port = Number(new URL(site.url).port)
      await takeSiteDown()
      backend.isReachable = false
      await context.setOffline(true)
      const failed: string[] = []
      context.on('requestfailed', (request) => {
        // (The worker's own tries at the network fail, as they should: not counted.)
        if (request.url().startsWith(site.url) && !request.serviceWorker())
          failed.push(request.url())
      })

      // The tag's page opened offline: it cannot be checked, the report can still be written.
      const tagPage = await context.newPage()
      await tagPage.goto(`${site.url}/tag?tagId=HW7K3M9QPX`)
      await tagPage
        .getByText('You are offline, so this tag cannot be checked now.', { exact: false })
        .waitFor()
      await tagPage.getByRole('button', { name: 'Inform the Owner' }).waitFor()
      await tagPage.close()

      await page.reload()
      const fields: [string, string][] = [
        ['NAME', 'Ada'],
        ['EMAIL', 'ada@example.com'],
        ['PHONE NUMBER', '07700900999'],
        ['ADDRESS', '1 High St'],
        ['WHERE YOU FOUND THE ITEM', 'On the train'],
      ]
      for (const [label, value] of fields) {
        await page.getByLabel(label, { exact: true }).fill(value)
      }
      await page.getByRole('button', { name: 'Inform the Owner' }).click()
      // Saved on the phone, in the words for what the page can tell: Playwright's offline
      // emulation leaves navigator.onLine true in a reloaded page, which then reads as
      // "online, yet nothing answers" (PENDING_UNREACHABLE_TEXT), not as offline.
      await page
        .getByText(/Your report is saved on this phone/)
        .first()
        .waitFor()
      const saved = await page.evaluate(() => localStorage.getItem('homeward.pendingReport'))
      expect(JSON.parse(saved ?? 'null')).toMatchObject({
        report: { name: 'Ada', tagCode: 'HW7K3M9QPX' },
      })
      // Everything the pages needed came from the service worker.
      expect(failed).toEqual([])
      expect(backend.reports).toEqual([])

      site = await serveDist(dist, { port })
      backend.isReachable = true
      await context.setOffline(false)
      await page.waitForURL('**/found/thank-you', { timeout: 20_000 })
      expect(backend.reports).toHaveLength(1)
      expect(backend.reports[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com' })
      expect(await page.evaluate(() => localStorage.getItem('homeward.pendingReport'))).toBeNull()
      await context.close()
    },
  )
})

hostRulesTests(dist)
