import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { siteBuiltForThisRun } from './support/built-site.ts'
import { waitForApp } from './support/app.ts'
import { API_URL } from './support/urls.ts'
import { LOCAL_PUBLISHABLE_KEY } from '../../local-supabase/config.ts'

const root = resolve(import.meta.dirname, '../..')
const PREVIEW_URL = 'http://localhost:4173'
const HEADLINE = 'Dedicated to making sure your lost items find a way back'

let preview: ChildProcess | undefined

test.beforeAll(async () => {
  test.setTimeout(300_000)
  await siteBuiltForThisRun()
  // `npm run preview` itself (vite preview sends `Vary: Origin` on every file).
  preview = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--strictPort'], {
    cwd: root,
    stdio: 'ignore',
  })
  await expect
    .poll(async () => (await fetch(`${PREVIEW_URL}/tag`).catch(() => null))?.status ?? 0, {
      timeout: 30_000,
    })
    .toBe(200)
})

test.afterAll(() => {
  preview?.kill('SIGTERM')
})

test('after one visit under npm run preview, the finder page and start_url work offline', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext()
  // `npm run preview` sends dist/_headers as the hosts do: the finder page runs under its CSP.
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const page = await context.newPage()
  const answer = await page.goto(`${PREVIEW_URL}/tag?tagId=HW7K3M9QPX`)
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-")
  expect(answer?.headers()['permissions-policy']).toContain('geolocation=(self)')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  })
  const manifest = (await (await fetch(`${PREVIEW_URL}/manifest.webmanifest`)).json()) as {
    start_url: string
  }

  await context.setOffline(true)
  // Served with `Vary: Origin`, the scripts and fonts still come from the worker's store:
  // the page hydrates (data-hydrated is set once React has) and takes what is typed.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Inform the Owner' })).toBeVisible()
  await waitForApp(page)
  await expect(
    page.getByText('You are offline, so this tag cannot be checked now.', { exact: false }),
  ).toBeVisible({ timeout: 20_000 })
  await page.getByLabel('NAME', { exact: true }).fill('Ada')
  await expect(page.getByLabel('NAME', { exact: true })).toHaveValue('Ada')
  expect(await page.evaluate('window.__cspViolations')).toEqual([])

  // The installed app's start page opens offline too.
  await page.goto(`${PREVIEW_URL}${manifest.start_url}`)
  await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible()
  await waitForApp(page)
  await context.close()
})

test('under npm run preview the Edge Functions answer the app: :4173 is an allowed origin', async ({
  page,
}) => {
  await page.goto(`${PREVIEW_URL}/tag`)
  // What the finder's report calls first, from the page (the browser enforces CORS: a
  // refused origin is a TypeError, which the app could only read as "offline").
  const outcome = await page.evaluate(
    async ({ apiUrl, key }) => {
      try {
        const response = await fetch(`${apiUrl}/functions/v1/pow-challenge`, {
          method: 'POST',
          headers: {
            apikey: key,
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
          },
          body: '{}',
        })
        return `answered ${response.status}`
      } catch (error) {
        return `refused: ${String(error)}`
      }
    },
    { apiUrl: API_URL, key: LOCAL_PUBLISHABLE_KEY },
  )
  expect(outcome).toMatch(/^answered \d{3}$/)
})
