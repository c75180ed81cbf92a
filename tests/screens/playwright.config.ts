import { resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
import base from '../../playwright.config.ts'

/**
 * The screen gallery (`npm run screens`, docs/screens.md): the production build and a
 * local stack of its own (a clean database in .local-supabase/screens), driven through
 * every page and state; the pictures and a contact sheet go to screens/ (git-ignored).
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'gallery.spec.ts',
  globalSetup: '../e2e/global-setup.ts',
  outputDir: '../../test-results/screens',
  reporter: [['list']],
  timeout: 900_000,
  use: { ...base.use, screenshot: 'off', trace: 'off' },
  projects: [{ name: 'gallery' }],
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!,
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      LOCAL_SUPABASE_DATA_DIR: '.local-supabase/screens',
      LOCAL_SUPABASE_LOG_LEVEL: 'error',
      LOCAL_SUPABASE_LIMITS: 'proof_free_per_address=1000,challenges_per_address=1000',
    },
    reuseExistingServer: false,
  },
})
