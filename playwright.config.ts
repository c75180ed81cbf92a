import { defineConfig, devices } from '@playwright/test'
import { API_URL, APP_URL } from './tests/e2e/support/urls.ts'

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the
 * app and the local Supabase stack, both started here on a clean database.
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
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: APP_URL,
    headless: true,
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
  webServer: [
    {
      // A clean database every run, in its own folder so a developer's data survives.
      command: 'npx tsx scripts/e2e-stack.ts',
      url: `${API_URL}/auth/v1/health`,
      env: { LOCAL_SUPABASE_LOG_LEVEL: 'error' },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'npx vite --port 5173 --strictPort',
      url: APP_URL,
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
