import { defineConfig, devices } from '@playwright/test'
import { APP_URL } from './tests/e2e/support/urls.ts'

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against
 * `npm start -- --preview` (the local Supabase stack and the app's production build,
 * what users get), started here on a clean database. `npm start` with the dev server
 * is tested in tests/stack/npm-start.test.ts.
 *
 * One-time setup: `apt-get install -y chromium` (or set CHROMIUM_PATH).
 */
const isCI = Boolean(process.env.CI)
const chromiumPath = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: APP_URL,
    headless: true,
    // The app drops its animations for reduced motion, so clicks never land mid-slide.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The README's own command, serving the production build, on a clean database in
    // its own folder (the stack's LOCAL_SUPABASE_DATA_DIR), so a developer's data in
    // .local-supabase/data survives. The app only starts once the stack answers and the
    // build is done, so the app's URL means all are up.
    // The journeys then meet what a phone gets (prerendered pages, the CSP of _headers,
    // hydration races) and run in ~10 instead of ~18.4 min: the dev server serves each
    // module separately to every new browser.
    command: 'npm start -- --reset --preview',
    url: APP_URL,
    // Every finder in the suite is this machine, one address to the stack: keep its
    // proofs of work at the base difficulty and lift the per-address backstop through
    // the documented setting (docs/limits-and-settings.md "Limits").
    env: {
      LOCAL_SUPABASE_DATA_DIR: '.local-supabase/e2e',
      LOCAL_SUPABASE_LOG_LEVEL: 'error',
      LOCAL_SUPABASE_LIMITS: 'proof_free_per_address=10000,challenges_per_address=10000',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    reuseExistingServer: !isCI,
    // The stack, then the build (~1 min on 2 cores).
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
