import { expect, test } from '@playwright/test'
import { waitForApp } from './support/app.ts'
import { logIn, logOut, register } from './support/owner.ts'
import { newOwner } from './support/people.ts'

/**
 * The owner's words come from the owner's catalog, which a finder's prerendered page
 * does not load: a signed-in owner who opens such a page straight away still gets the
 * menu's Logout in words (not a message id), and it signs them out.
 */
test("a signed-in owner on a finder's page finds Logout in the menu", async ({ page }) => {
  test.slow()
  const owner = newOwner('Wendy Words')
  await register(page, owner, { verifyNumber: false })
  await logIn(page, owner)
  await page.goto('/found')
  await expect(page.getByRole('heading', { name: 'Found', exact: true })).toBeVisible()
  await waitForApp(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog')
  await expect(menu.getByRole('button', { name: 'Logout', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await logOut(page)
})
