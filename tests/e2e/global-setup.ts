import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { clearBuildLock, markBuiltIfServed, RUN_ENV } from './support/built-site.ts'
import { resetJourney } from './support/journey-state.ts'
import { API_URL, APP_URL } from './support/urls.ts'

/**
 * Before the first test: wakes every Edge Function once (on a clean machine Deno
 * downloads their npm: dependencies on first boot, which must not count against
 * a journey's timeouts) and loads the app once. When the app is served from this
 * checkout's dist/ (`npm start -- --preview` built it for this run), the specs that
 * need the build use it as it is.
 */
export default async function globalSetup(): Promise<void> {
  resetJourney()
  clearBuildLock()
  process.env[RUN_ENV] = randomUUID() // the workers inherit it (support/built-site.ts)
  await markBuiltIfServed(APP_URL)
  const entries = await readdir('supabase/functions', { withFileTypes: true })
  const functions = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
    .map((e) => e.name)
  await Promise.all(functions.map((name) => wake(`${API_URL}/functions/v1/${name}`, name)))
  await fetch(APP_URL).catch(() => undefined)
}

async function wake(url: string, name: string): Promise<void> {
  const deadline = Date.now() + 180_000
  let last = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {
        method: 'OPTIONS',
        headers: { Origin: APP_URL, 'Access-Control-Request-Method': 'POST' },
        signal: AbortSignal.timeout(120_000),
      })
      if (response.status < 500) return
      last = `${response.status} ${await response.text()}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
  console.warn(`Edge Function ${name} did not boot within 3 minutes (last answer: ${last})`)
}
