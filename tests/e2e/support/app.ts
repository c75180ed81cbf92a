import { expect, type Locator, type Page } from '@playwright/test'

/** #root once React has hydrated (or rendered) the page: src/main.tsx marks it in an effect. */
export const hydrated = (page: Page): Locator => page.locator('#root[data-hydrated]')

/** Waits until the app runs on the page (a prerendered page's JavaScript may still be loading). */
export async function waitForApp(page: Page): Promise<void> {
  await expect(hydrated(page)).toBeAttached({ timeout: 30_000 })
}
