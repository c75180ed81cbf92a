import { expect, type Locator, type Page } from '@playwright/test'
import { waitForApp } from './app.ts'

/**
 * The header's burger menu (SPEC.md §2, global elements): the app's drawer, so it
 * waits for the app (before it, a prerendered page's button opens the plain menu,
 * which first-paint.spec.ts checks).
 */
export async function openMenu(page: Page): Promise<Locator> {
  await waitForApp(page)
  await page.getByRole('button', { name: /menu/i }).first().click()
  const menu = page
    .getByRole('dialog')
    .or(page.getByRole('menu'))
    .or(page.getByRole('navigation', { name: /menu/i }))
  await expect(menu.first()).toBeVisible()
  return menu.first()
}

/** Clicks a menu link by its SPEC label and checks the menu closed behind it. */
export async function followMenuLink(page: Page, label: string, path: string): Promise<void> {
  const menu = await openMenu(page)
  await menu
    .getByRole('link', { name: label, exact: true })
    .or(menu.getByRole('menuitem', { name: label, exact: true }))
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}(\\?|#|$)`))
  await expect(menu).toBeHidden()
}
