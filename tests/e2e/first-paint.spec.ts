import { join, resolve } from 'node:path'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { serveDist, type DistServer } from '../../scripts/lib/serve-dist.ts'
import { hydrated } from './support/app.ts'
import { field } from './support/forms.ts'
import { siteBuiltForThisRun } from './support/built-site.ts'
import { activateAsNewOwner, logIn, submitLogin } from './support/owner.ts'
import { newFinder, newOwner, type Owner } from './support/people.ts'
import { mintTag, type MintedTag } from './support/tags.ts'
import { APP_URL } from './support/urls.ts'

/**
 * The finder's first page as a phone gets it: the production build (prerendered
 * /tag, its inline tag lookup, React 19's form replay), served as a static host
 * serves it (scripts/lib/serve-dist.ts) at the app's own address, so the local
 * stack's CORS and links work as for `npm start`. The dev server renders in the
 * browser and has none of this; the other specs cover the same journeys there.
 */
const root = resolve(import.meta.dirname, '../..')
const itemName = 'Blue scarf'

let site: DistServer
let owner: Owner
let activated: MintedTag

/** A page whose APP_URL files come from dist/ (its own context); the entry waits for `held`. */
async function productionPage(
  browser: Browser,
  held: Promise<void> = Promise.resolve(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.route(`${APP_URL}/**`, async (route) => {
    const url = new URL(route.request().url())
    if (/^\/assets\/index-[^/]+\.js$/.test(url.pathname)) await held
    const response = await route.fetch({ url: `${site.url}${url.pathname}${url.search}` })
    await route.fulfill({ response })
  })
  return { context, page: await context.newPage() }
}

/** Holds the app's JavaScript back until `release()`. */
function gate() {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  return { held, release }
}

/** /tag's code form says 'Tag not found' and still holds `code`; no report form shows. */
async function expectTagNotFound(page: Page, code: string) {
  await expect(page.getByText('Tag not found')).toBeVisible({ timeout: 20_000 })
  await expect(field(page, 'TAG ID')).toHaveValue(code)
  await expect(page.getByRole('button', { name: 'Inform the Owner' })).toHaveCount(0)
}

/** How many of the page's font faces named `family` have loaded. */
const loadedFaces = (page: Page, family: string) =>
  page.evaluate(
    (family) =>
      [...document.fonts].filter(
        (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
      ).length,
    family,
  )

/** Where the finder's NAME field and 'Inform the Owner' button sit, in CSS pixels. */
const formTops = (page: Page) =>
  page.evaluate(() => {
    const top = (selector: string) =>
      document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN
    return { name: top('form input[name="name"]'), submit: top('form button[type="submit"]') }
  })

test.describe.configure({ mode: 'serial' })

// A response fulfilled by the test has no address space, and Chromium's Local Network
// Access checks then refuse the page's calls to the stack on 127.0.0.1; a real host
// serving the same files is not refused (the dev server's pages are not either).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=LocalNetworkAccessChecks',
    ],
  },
})

test.beforeAll(async ({ browser }) => {
  test.setTimeout(400_000)
  await siteBuiltForThisRun()
  site = await serveDist(join(root, 'dist'))
  owner = newOwner('Fiona First')
  activated = mintTag()
  const { context, page } = await productionPage(browser)
  await activateAsNewOwner(page, owner, activated, itemName)
  await context.close()
})

test.afterAll(async () => {
  await site?.close()
})

const finderValues = (finder: ReturnType<typeof newFinder>): [string, string][] => [
  ['NAME', finder.name],
  ['EMAIL', finder.email],
  ['PHONE NUMBER', finder.phone],
  ['ADDRESS', finder.address],
  ['WHERE YOU FOUND THE ITEM', finder.where],
]

test("text typed into the tag link's form before the app's JavaScript runs survives hydration, and the report goes through", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { held, release } = gate()
  const { context, page } = await productionPage(browser, held)
  const reports: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/report-found') && request.method() === 'POST') {
      reports.push(request.postData() ?? '')
    }
  })
  // Module scripts hold DOMContentLoaded: wait only for the HTML to start arriving.
  await page.goto(`/tag?tagId=${activated.tagId}`, { waitUntil: 'commit' })
  const values = finderValues(newFinder())
  for (const [label, value] of values) await field(page, label).fill(value)
  await expect(hydrated(page)).toHaveCount(0)

  release()
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  for (const [label, value] of values) await expect(field(page, label)).toHaveValue(value)
  await page.getByRole('button', { name: 'Inform the Owner' }).click()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  expect(reports).toHaveLength(1)
  for (const [, value] of values) expect(reports[0]).toContain(value)
  await context.close()
})

test('a report sent before hydration is replayed once the app has hydrated', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { held, release } = gate()
  const { context, page } = await productionPage(browser, held)
  const reports: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/report-found') && request.method() === 'POST') {
      reports.push(request.postData() ?? '')
    }
  })
  await page.goto(`/tag?tagId=${activated.tagId}`, { waitUntil: 'commit' })
  const values = finderValues(newFinder())
  for (const [label, value] of values) await field(page, label).fill(value)
  await page.getByRole('button', { name: 'Inform the Owner' }).click()
  await expect(hydrated(page)).toHaveCount(0)
  expect(page.url()).toContain(`/tag?tagId=${activated.tagId}`)

  release()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  expect(reports).toHaveLength(1)
  for (const [, value] of values) expect(reports[0]).toContain(value)
  await context.close()
})

test('a TAG ID typed on the prerendered /tag before hydration survives it and is looked up', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { held, release } = gate()
  const { context, page } = await productionPage(browser, held)
  await page.goto('/tag', { waitUntil: 'commit' })
  await field(page, 'TAG ID').fill('NOSUCHTAG3')
  await expect(hydrated(page)).toHaveCount(0)

  release()
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  await expect(field(page, 'TAG ID')).toHaveValue('NOSUCHTAG3')
  await page.getByRole('button', { name: 'Find the owner' }).click()
  await expectTagNotFound(page, 'NOSUCHTAG3')
  await context.close()
})

test('no font is fetched while the page loads: Inter comes on once it has been parsed and painted', async ({
  browser,
}) => {
  const { context, page } = await productionPage(browser)
  await page.goto(`/tag?tagId=${activated.tagId}`)
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  await expect.poll(() => loadedFaces(page, 'Inter'), { timeout: 20_000 }).toBeGreaterThan(0)
  // The boot script switches the fonts on once the app's entry has run, which is after
  // the whole page was parsed; preloaded or on at once, they were fetched while it was
  // being parsed.
  const { parsed, fonts } = await page.evaluate(() => ({
    parsed:
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.domInteractive ?? null,
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => entry.startTime),
  }))
  expect(parsed).not.toBeNull()
  expect(fonts.length).toBeGreaterThan(0)
  for (const start of fonts) expect(start).toBeGreaterThan(parsed ?? Infinity)
  await context.close()
})

test("the finder's form stays put when Inter replaces the fallback font", async ({ browser }) => {
  test.setTimeout(120_000)
  const { held, release } = gate()
  const { context, page } = await productionPage(browser, held)
  await page.setViewportSize({ width: 412, height: 823 })
  await page.goto(`/tag?tagId=${activated.tagId}`, { waitUntil: 'commit' })
  await expect(field(page, 'NAME')).toBeVisible()
  await expect.poll(() => loadedFaces(page, 'Inter fallback')).toBeGreaterThan(0)
  expect(await loadedFaces(page, 'Inter')).toBe(0)
  const before = await formTops(page)

  release()
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  await expect.poll(() => loadedFaces(page, 'Inter'), { timeout: 20_000 }).toBeGreaterThan(0)
  const after = await formTops(page)
  expect(Math.abs(after.name - before.name)).toBeLessThanOrEqual(2)
  expect(Math.abs(after.submit - before.submit)).toBeLessThanOrEqual(2)
  await context.close()
})

test('a FAQ answer opens on the prerendered page before the app has loaded', async ({
  browser,
}) => {
  const { held, release } = gate()
  const { context, page } = await productionPage(browser, held)
  await page.goto('/faq', { waitUntil: 'commit' })
  const answer = page.getByText(/no battery and no GPS/i)
  await expect(answer).toBeHidden()
  await page.locator('summary', { hasText: /battery/i }).click()
  await expect(answer).toBeVisible()
  await expect(hydrated(page)).toHaveCount(0)

  // Hydrating keeps the answer open.
  release()
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  await expect(answer).toBeVisible()
  await context.close()
})

test('the menu opens on the prerendered page before the app has loaded, and stays open as it arrives', async ({
  browser,
}) => {
  const { held, release } = gate()
  const { context, page } = await productionPage(browser, held)
  await page.goto('/home', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link')).toHaveText([
    'Home',
    'How it works',
    'Found',
    'Lost Account',
    'Shop',
    'Activate a tag',
    'Help',
  ])
  await expect(hydrated(page)).toHaveCount(0)

  // The app arriving leaves the open menu alone; its links still lead where they say.
  release()
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  await expect(menu).toBeVisible()
  await menu.getByRole('link', { name: 'How it works' }).click()
  await expect(page).toHaveURL(/\/how-it-works$/)
  await expect(menu).toBeHidden()

  // Once the app runs, the same button opens the drawer, with its own links.
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(
    page.getByRole('dialog').getByRole('navigation', { name: 'Main menu' }),
  ).toBeVisible()
  await context.close()
})

test("an unknown code on the prerendered page shows 'Tag not found'", async ({ browser }) => {
  const { context, page } = await productionPage(browser)
  await page.goto('/tag?tagId=NOSUCHTAG')
  await expectTagNotFound(page, 'NOSUCHTAG')
  await context.close()
})

test('an unclaimed tag on the prerendered page leads to login, then to /activeTag', async ({
  browser,
}) => {
  const unclaimed = mintTag()
  const { context, page } = await productionPage(browser)
  await page.goto(`/tag?tagId=${unclaimed.tagId}`)
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 })
  await submitLogin(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/activeTag$/, { timeout: 20_000 })
  await expect(field(page, 'TAG ID')).toHaveValue(unclaimed.tagId)
  await context.close()
})

test("the owner's own tag on the prerendered page is a test scan, not a report", async ({
  browser,
}) => {
  const { context, page } = await productionPage(browser)
  await logIn(page, owner)
  await page.goto(`/tag?tagId=${activated.tagId}`)
  await expect(
    page.getByRole('status').filter({ hasText: `This is your tag ${itemName}` }),
  ).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('button', { name: 'Inform the Owner' })).toHaveCount(0)
  await context.close()
})
