/**
 * `npm run bench:finder-page`: how fast the finder's /tag page is on a slow phone,
 * from one run. Serves the production build (dist/, built first if missing) gzipped
 * on a free port, opens Debian's Chromium (playwright-core) with Lighthouse's mobile
 * throttling applied through CDP (150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU x4,
 * cache disabled), and prints:
 *
 * - /tag's largest contentful paint, and that of a bare HTML page with the same text
 *   (same server, same throttling), and their ratio;
 * - when the code input accepts text: in the HTML (native typing) and once React
 *   controls it (hydrated: typing and submitting work);
 * - cumulative layout shift; JavaScript bytes over the wire before the input is
 *   usable and in all; any console errors (hydration mismatches would show here).
 *
 * Runs: median of RUNS cold loads per page. Prints numbers only; nothing here is
 * a pass/fail test (the budgets are in tests/build).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { serveDist } from '../scripts/lib/serve-dist'

const root = resolve(import.meta.dirname, '..')
const dist = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(root, 'dist')
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuRate: 4,
}

type Sample = {
  lcpMs: number
  /** When the last byte of the HTML arrived (navigation timing's responseEnd). */
  htmlArrivedMs: number
  clsScore: number
  inputInHtmlMs: number | null
  inputUsableMs: number | null
  jsBytesBeforeUsable: number
  jsBytesTotal: number
  errors: string[]
}

/** Collected in the page from its very start. */
const OBSERVER = `
  window.__bench = { lcp: 0, cls: 0, inputAt: null, usableAt: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__bench.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const poll = () => {
    const input = document.querySelector('input');
    if (input && window.__bench.inputAt === null) window.__bench.inputAt = performance.now();
    if (input && document.getElementById('root')?.dataset.hydrated !== undefined) {
      window.__bench.usableAt = performance.now();
      return;
    }
    setTimeout(poll, 10);
  };
  poll();
`

async function measure(browser: Browser, url: string, hasInput: boolean): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
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
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latency,
    downloadThroughput: THROTTLING.downloadThroughput,
    uploadThroughput: THROTTLING.uploadThroughput,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate })
  const scripts = new Map<string, boolean>()
  const finished: { id: string; bytes: number; at: number }[] = []
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, true)
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) {
      finished.push({ id: event.requestId, bytes: event.encodedDataLength, at: Date.now() })
    }
  })
  const started = Date.now()
  await page.goto(url, { waitUntil: 'load' })
  if (hasInput) {
    await page.waitForFunction('window.__bench.usableAt !== null', undefined, { timeout: 60_000 })
  }
  // Let late paints, shifts and idle-time loads (the auth watcher) land.
  await page.waitForTimeout(3000)
  const result = (await page.evaluate(
    "({ ...window.__bench, htmlAt: performance.getEntriesByType('navigation')[0].responseEnd })",
  )) as {
    lcp: number
    cls: number
    inputAt: number | null
    usableAt: number | null
    htmlAt: number
  }
  const usableWallClock = result.usableAt === null ? Infinity : started + result.usableAt
  await context.close()
  return {
    lcpMs: result.lcp,
    htmlArrivedMs: result.htmlAt,
    clsScore: result.cls,
    inputInHtmlMs: result.inputAt,
    inputUsableMs: result.usableAt,
    jsBytesBeforeUsable: finished
      .filter((entry) => entry.at <= usableWallClock)
      .reduce((sum, entry) => sum + entry.bytes, 0),
    jsBytesTotal: finished.reduce((sum, entry) => sum + entry.bytes, 0),
    errors,
  }
}

/** The bare page: /tag's visible text as plain HTML, nothing else. */
function barePageHtml(): string {
  const html = readFileSync(join(dist, 'tag.html'), 'utf8')
  const body = html.slice(html.indexOf('<div id="root"'))
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<(?:h1|label|button|p|a)\b[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  const [heading, ...rest] = text
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title></head><body><h1>${heading}</h1>${rest.map((line) => `<p>${line}</p>`).join('')}</body></html>`
}

async function serveBare(html: string) {
  const gzip = gzipSync(html)
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
    res.end(gzip)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => server.close(done)),
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}
const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`)
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

async function main() {
  if (!existsSync(join(dist, 'tag.html'))) {
    console.log('dist/ has no prerendered build: running npm run build first')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  }
  const app = await serveDist(dist)
  const bare = await serveBare(barePageHtml())
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const tag: Sample[] = []
    const barePage: Sample[] = []
    for (let run = 0; run < RUNS; run += 1) {
      tag.push(await measure(browser, `${app.url}/tag`, true))
      barePage.push(await measure(browser, bare.url, false))
    }
    const tagLcp = median(tag.map((sample) => sample.lcpMs))
    const bareLcp = median(barePage.map((sample) => sample.lcpMs))
    const usable = median(tag.map((sample) => sample.inputUsableMs ?? Infinity))
    console.log(
      `finder page /tag, ${RUNS} cold loads each, median (Chromium, 150 ms RTT, 1.6 Mbps, CPU x4)`,
    )
    console.log(`  /tag LCP                          ${ms(tagLcp)}`)
    console.log(`  bare page LCP (same text)         ${ms(bareLcp)}`)
    const ratios = tag.map((sample, run) => sample.lcpMs / (barePage[run]?.lcpMs ?? NaN))
    console.log(
      `  LCP ratio                         ${(tagLcp / bareLcp).toFixed(2)} (goal ≤ 1.5; ` +
        `the ${RUNS} loads one by one ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    )
    console.log(
      `  HTML arrived, /tag / bare page    ${ms(median(tag.map((s) => s.htmlArrivedMs)))} / ` +
        `${ms(median(barePage.map((s) => s.htmlArrivedMs)))} (the rest of each LCP is parsing, ` +
        'styling and painting it, at CPU x4)',
    )
    console.log(
      `  code input in the HTML            ${ms(median(tag.map((s) => s.inputInHtmlMs ?? Infinity)))}`,
    )
    console.log(`  code input usable (hydrated)      ${ms(usable)} (goal ≤ 2500 ms)`)
    console.log(
      `  CLS                               ${median(tag.map((s) => s.clsScore)).toFixed(3)} (goal ≤ 0.05)`,
    )
    console.log(
      `  JS over the wire before usable    ${kib(median(tag.map((s) => s.jsBytesBeforeUsable)))}`,
    )
    console.log(
      `  JS over the wire in all (3 s on)  ${kib(median(tag.map((s) => s.jsBytesTotal)))}`,
    )
    const errors = [...new Set(tag.flatMap((sample) => sample.errors))]
    const unexpected = errors.filter(
      (error) => !/ERR_CONNECTION_REFUSED|Failed to fetch|54321/.test(error),
    )
    console.log(
      `  console errors                    ${unexpected.length === 0 ? 'none' : unexpected.join(' | ')}`,
    )
  } finally {
    await browser.close()
    await app.close()
    await bare.close()
  }
}

await main()
