import { resolve } from 'node:path'
import base from '../playwright.config.ts'

const root = resolve(import.meta.dirname, '..')

/** `npm run bench:photo`: the e2e setup (npm start on a clean stack, Chromium), this one bench. */
export default {
  ...base,
  testDir: '.',
  testMatch: 'photo-delivery.ts',
  timeout: 600_000,
  globalSetup: resolve(root, 'tests/e2e/global-setup.ts'),
  outputDir: resolve(root, 'test-results'),
  webServer: { ...base.webServer, cwd: root },
}
