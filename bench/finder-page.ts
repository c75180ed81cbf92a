/**
 * `npm run bench:finder-page`: how long a finder waits, on a slow phone, from tapping
 * a tag until they can type their name. Run it under the fixed-ports lock: the local
 * stack answers on :54321, the address the production build calls.
 *
 * - The production build (dist/, `npm run build` first when missing) served as a
 *   static host serves it (scripts/lib/serve-dist.ts: gzip, `/tag` answered by
 *   tag.html), the local stack (in memory) behind it with one activated tag.
 * - Debian's Chromium, headless, with Lighthouse's mobile throttling through CDP
 *   (150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU x4, cache off), which covers the
 *   page's calls to the stack too.
 * - Each round, in alternating order: a bare page holding one heading (the floor),
 *   `/tag?tagId=<the activated tag>` left alone (its LCP), and the same link again
 *   where the finder types: tap-to-typing is the time from navigation start until a
 *   real keystroke lands in the NAME field of the finder's form (the bench presses a
 *   key, polling, until the field's value has it). The finder then types the rest of
 *   their name; once React has hydrated (`data-hydrated`, set by an effect) and the
 *   tag's lookup has answered, the field must still hold all of it.
 * - JavaScript before typing: the bytes of every script that finished loading before
 *   the keystroke landed (over the wire, compressed).
 *
 * - `--lang pl` (any locale of src/lib/i18n/locales.ts) also loads /tag as a phone
 *   preferring that language (Accept-Language and navigator.languages: the host answers
 *   the Polish page), alternated with English in the same rounds, and compares the two.
 *
 * Prints the medians of BENCH_ROUNDS rounds (default 7, at least 5) and the ratio of
 * tap-to-typing to the bare page's LCP (goal ≤ 1.5). Timings only; the byte ceiling
 * that guards against regressions is a test (tests/build, scripts/lib/budgets.ts).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import { serveDist } from '../scripts/lib/serve-dist'
import { activatedItem, seededUser } from '../local-supabase/testing/chat-fixtures'
import { startTestStack } from '../local-supabase/testing/test-stack'
import { percentile } from './stats'
import { isLocale, SOURCE_LOCALE } from '../src/lib/i18n/locales'

const root = resolve(import.meta.dirname, '..')
const dist = join(root, 'dist')
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 7))
const API_PORT = 54321
const THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuRate: 4,
}
const TYPED = 'Ada Lovelace'

/** `--lang pl`: English and that language, alternated in each round. */
function benchLanguages(argv: readonly string[]): string[] {
  const index = argv.indexOf('--lang')
  const value = index === -1 ? undefined : argv[index + 1]
  if (index !== -1 && !isLocale(value)) {
    throw new Error(`--lang takes one of the app's locales (src/lib/i18n/locales.ts), not ${value}`)
  }
  return value && value !== SOURCE_LOCALE ? [SOURCE_LOCALE, value] : [SOURCE_LOCALE]
}
const LANGUAGES = benchLanguages(process.argv.slice(2))
const NAME_FIELD = 'form input[name="name"]'

/** Collected in each page from its very start. */
const OBSERVER = `
  window.__bench = { lcp: 0, fcp: null, typedAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('input', (event) => {
    if (window.__bench.typedAt === null && event.target.name === 'name' && event.target.value !== '') {
      window.__bench.typedAt = performance.now();
    }
  }, true);
`

type Load = {
  lcpMs: number
  /** Typing rounds: the page's first contentful paint, which the keystroke may trail. */
  paintMs: number | null
  typingMs: number | null
  jsBytesBeforeTyping: number | null
  keptTyping: boolean | null
  errors: string[]
}

async function load(
  browser: Browser,
  url: string,
  finderTypes: boolean,
  language: string = SOURCE_LOCALE,
): Promise<Load> {
  const context = await browser.newContext({
    locale: language,
    extraHTTPHeaders: { 'Accept-Language': language },
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(OBSERVER)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLING })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate })
  const scriptIds = new Set<string>()
  const scripts: { bytes: number; at: number }[] = []
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scriptIds.add(event.requestId)
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (scriptIds.has(event.requestId))
      scripts.push({ bytes: event.encodedDataLength, at: Date.now() })
  })
  let tagAnswered = false
  page.on('requestfinished', (request) => {
    if (request.url().includes('/rest/v1/rpc/tag_status')) tagAnswered = true
  })

  await page.goto(url, { waitUntil: 'commit' })
  let result: Load
  if (finderTypes) {
    const { typingMs, paintMs } = await firstKeystroke(page, cdp)
    const navigationStart = (await page.evaluate('performance.timeOrigin')) as number
    await page.locator(NAME_FIELD).first().pressSequentially(TYPED.slice(1))
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 })
    while (!tagAnswered) await page.waitForTimeout(50)
    // Let the answer's render (and any late effect) land before reading the field.
    await page.waitForTimeout(1000)
    const value = await page.locator(NAME_FIELD).first().inputValue()
    result = {
      lcpMs: (await page.evaluate('window.__bench.lcp')) as number,
      paintMs,
      typingMs,
      jsBytesBeforeTyping: scripts
        .filter((script) => script.at <= navigationStart + typingMs)
        .reduce((sum, script) => sum + script.bytes, 0),
      keptTyping: value === TYPED,
      errors,
    }
  } else {
    await page.waitForLoadState('load')
    // Let late paints land (LCP is final once the page is idle and untouched).
    await page.waitForTimeout(3000)
    result = {
      lcpMs: (await page.evaluate('window.__bench.lcp')) as number,
      paintMs: null,
      typingMs: null,
      jsBytesBeforeTyping: null,
      keptTyping: null,
      errors,
    }
  }
  await context.close()
  return result
}

/**
 * The finder types the first letter of their name into the NAME field as soon as the
 * field is laid out, and this returns when (ms after navigation start) they could
 * type: the later of the keystroke's input event reaching the field and the page's
 * first paint (a field not yet painted cannot be seen). Each probe is one small
 * evaluation (focus the field if it is rendered), then one real key event through the
 * browser's input queue, which the page takes as soon as its main thread is free: a
 * finder's key pressed then. Playwright's locators inject a large script first,
 * which under CPU x4 alone delayed the key by seconds.
 */
async function firstKeystroke(
  page: Page,
  cdp: CDPSession,
): Promise<{ typingMs: number; paintMs: number }> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (await focusNameField(cdp)) {
      const key = TYPED[0] ?? 'A'
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text: key })
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key })
      const typedAt = await benchValue<number | null>(cdp, 'typedAt')
      if (typedAt === null) throw new Error('the focused NAME field took no input from the key')
      const value = await page.locator(NAME_FIELD).first().inputValue()
      if (value !== TYPED[0]) throw new Error(`the NAME field holds "${value}" after one keystroke`)
      let paintMs = await benchValue<number | null>(cdp, 'fcp')
      while (paintMs === null) {
        await page.waitForTimeout(20)
        paintMs = await benchValue<number | null>(cdp, 'fcp')
      }
      return { typingMs: Math.max(typedAt, paintMs), paintMs }
    }
    await new Promise((done) => setTimeout(done, 20))
  }
  throw new Error('the NAME field took no keystroke within 60 s')
}

/** Focuses the finder's NAME field once it is in the page and rendered (visible). */
async function focusNameField(cdp: CDPSession): Promise<boolean> {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `(() => {
      const field = document.querySelector('form input[name="name"]');
      if (!field || field.getClientRects().length === 0) return false;
      field.focus();
      return document.activeElement === field;
    })()`,
    returnByValue: true,
  })
  return result.value === true
}

/** A value the page's observer collected, read through the protocol (no injected script). */
async function benchValue<T>(cdp: CDPSession, key: 'typedAt' | 'fcp'): Promise<T> {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `window.__bench.${key}`,
    returnByValue: true,
  })
  return result.value as T
}

/** The floor: a page with one heading (the /tag page's), nothing else. */
async function serveBarePage() {
  const tagHtml = readFileSync(join(dist, 'tag.html'), 'utf8')
  const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(tagHtml)?.[1] ?? 'Found a tag?'
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title></head><body><h1>${heading}</h1></body></html>`
  const gzip = gzipSync(html)
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
    })
    response.end(gzip)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => server.close(done)),
  }
}

const median = (values: number[]) => percentile(values, 50)
const ms = (value: number) => `${Math.round(value)} ms`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const range = (values: number[]) =>
  `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`

async function main() {
  if (!existsSync(join(dist, 'tag.html'))) {
    console.log('dist/ has no prerendered build: running npm run build first')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  }
  const stack = await startTestStack({}, { ports: { api: API_PORT, inbox: 0, db: 0 } })
  const owner = await seededUser(stack)
  const { tagCode } = await activatedItem(stack, owner.id, 'Bench umbrella')
  const app = await serveDist(dist)
  const bare = await serveBarePage()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const tagUrl = `${app.url}/tag?tagId=${tagCode}`
  const barePage: Load[] = []
  const tagPage = new Map<string, Load[]>(LANGUAGES.map((language) => [language, []]))
  const typing = new Map<string, Load[]>(LANGUAGES.map((language) => [language, []]))
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const steps = [
        async () => barePage.push(await load(browser, bare.url, false)),
        ...LANGUAGES.flatMap((language) => [
          async () => tagPage.get(language)!.push(await load(browser, tagUrl, false, language)),
          async () => typing.get(language)!.push(await load(browser, tagUrl, true, language)),
        ]),
      ]
      // Alternate which page goes first, so neither always meets a warmer machine.
      for (const step of round % 2 === 0 ? steps : steps.reverse()) await step()
    }
  } finally {
    await browser.close()
    await app.close()
    await bare.close()
    await stack.close()
  }

  const bareLcp = median(barePage.map((sample) => sample.lcpMs))
  console.log(
    `finder page, ${ROUNDS} alternated rounds, medians (Chromium, 150 ms RTT, 1.6/0.75 Mbps, CPU x4; stack on :${API_PORT})`,
  )
  console.log(
    `  bare page LCP (one heading)          ${ms(bareLcp)} (${range(barePage.map((s) => s.lcpMs))})`,
  )
  const tapToTyping = new Map<string, number[]>()
  let allKept = true
  for (const language of LANGUAGES) {
    const loads = tagPage.get(language)!
    const typed = typing.get(language)!
    const typingTimes = typed.map((sample) => sample.typingMs ?? Number.NaN)
    tapToTyping.set(language, typingTimes)
    const median_ = median(typingTimes)
    const kept = typed.filter((sample) => sample.keptTyping).length
    allKept &&= kept === typed.length
    if (LANGUAGES.length > 1) console.log(`  ${language} (Accept-Language: ${language})`)
    console.log(
      `  /tag?tagId= LCP                      ${ms(median(loads.map((s) => s.lcpMs)))} (${range(loads.map((s) => s.lcpMs))})`,
    )
    const paints = typed.map((sample) => sample.paintMs ?? Number.NaN)
    console.log(`  tap-to-typing (NAME takes a key)     ${ms(median_)} (${range(typingTimes)})`)
    console.log(`    its loads' first paint             ${ms(median(paints))} (${range(paints)})`)
    console.log(
      `  tap-to-typing / bare page LCP        ${(median_ / bareLcp).toFixed(2)} (goal ≤ 1.5)`,
    )
    console.log(
      `  JS over the wire before typing       ${kib(median(typed.map((s) => s.jsBytesBeforeTyping ?? 0)))}`,
    )
    console.log(`  typing kept through hydration        ${kept} of ${typed.length} rounds`)
    const errors = [...new Set([...loads, ...typed].flatMap((sample) => sample.errors))]
    console.log(
      `  console errors                       ${errors.length === 0 ? 'none' : errors.join(' | ')}`,
    )
  }
  if (LANGUAGES.length > 1) {
    const [english, other] = LANGUAGES.map((language) => tapToTyping.get(language)!)
    const spread = Math.max(...english!) - Math.min(...english!)
    const difference = median(other!) - median(english!)
    console.log(
      `  ${LANGUAGES[1]} − en tap-to-typing              ${difference >= 0 ? '+' : ''}${Math.round(difference)} ms (en's own spread ${Math.round(spread)} ms: ${Math.abs(difference) <= spread ? 'within' : 'outside'} its noise)`,
    )
  }
  if (!allKept) process.exitCode = 1
}

await main()
