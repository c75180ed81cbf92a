/**
 * npm run bench:pow — how long the finder's browser takes to solve the
 * "Inform the Owner" proof-of-work challenge: the app's own solver
 * (src/features/found/proof-of-work.ts) in Debian's Chromium, on challenges
 * issued by the function's code (supabase/functions/_shared/proof-of-work.ts),
 * without throttling and with the CPU slowed 4x (Chrome DevTools'
 * "mid-range phone"), as CDP Emulation.setCPUThrottlingRate does.
 * Prints numbers; asserts nothing. Env: CHROMIUM_PATH, POW_RUNS (default 20).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import ts from 'typescript'
import { createChallenge, DEFAULT_MAX_NUMBER } from '../supabase/functions/_shared/proof-of-work.ts'
import { stats } from './stats.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const runs = Number(process.env.POW_RUNS ?? 20)
const executablePath = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium'

const source = await readFile(path.join(root, 'src/features/found/proof-of-work.ts'), 'utf8')
const solver = ts.transpileModule(source, {
  compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
}).outputText
const page = `<!doctype html><meta charset="utf-8"><script type="module">
import { solvePow } from '/solver.js'; window.solvePow = solvePow; window.ready = true
</script>`

// localhost is a secure context, so crypto.subtle is there as on the real site
const server = createServer((request, response) => {
  const isSolver = request.url === '/solver.js'
  response.writeHead(200, { 'Content-Type': isSolver ? 'text/javascript' : 'text/html' })
  response.end(isSolver ? solver : page)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})

const fmt = (ms: number) => `${ms.toFixed(0)} ms`

try {
  const tab = await browser.newPage()
  await tab.goto(`http://127.0.0.1:${port}/`)
  await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true)
  const cdp = await tab.context().newCDPSession(tab)
  console.log(
    `proof-of-work solve time in Chromium, maxNumber ${DEFAULT_MAX_NUMBER}, ${runs} challenges each`,
  )
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const samples: number[] = []
    const worst: number[] = []
    for (let run = 0; run < runs; run += 1) {
      const challenge = await createChallenge({ secret: 'bench' })
      const ms = await tab.evaluate(async (c) => {
        const solve = (window as unknown as { solvePow(c: unknown): Promise<unknown> }).solvePow
        const started = performance.now()
        const solved = await solve(c)
        if (!solved) throw new Error('not solved')
        return performance.now() - started
      }, challenge)
      samples.push(ms)
    }
    // the worst case: the answer is maxNumber itself
    const hardest = await createChallenge({ secret: 'bench', maxNumber: DEFAULT_MAX_NUMBER })
    const full = await tab.evaluate(async (c) => {
      const solve = (window as unknown as { solvePow(c: unknown): Promise<unknown> }).solvePow
      const started = performance.now()
      await solve({ ...c, maxNumber: c.maxNumber - 1, challenge: '0'.repeat(64) })
      return performance.now() - started
    }, hardest)
    worst.push(full)
    const s = stats(samples)
    const label = rate === 1 ? 'no throttling' : `CPU x${rate} throttling`
    console.log(
      `  ${label.padEnd(20)} p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  max ${fmt(s.max)}  ` +
        `every number tried ${fmt(worst[0] ?? Number.NaN)}`,
    )
  }
} finally {
  await browser.close()
  server.close()
}
