import { expect, type Locator, type Page } from '@playwright/test'
import { fillFields } from './forms.ts'
import type { Finder } from './people.ts'

/**
 * /tag with a code in the URL (what an NFC tap opens): the page either looks the
 * code up by itself or shows it prefilled for the visitor to confirm. Waits for
 * `outcome`, pressing the page's look-up button first if that is what it offers.
 */
export async function lookUpTag(
  page: Page,
  outcome: Locator,
  check?: (name: string) => Promise<void>,
) {
  const lookUp = page
    .getByRole('main')
    .getByRole('button', { name: /find|submit|continue|search|go|look ?up|next|check/i })
  await expect(outcome.or(lookUp).first()).toBeVisible({ timeout: 20_000 })
  if (!(await outcome.first().isVisible())) {
    await check?.('tag-prefilled')
    await lookUp.first().click()
  }
  await expect(outcome.first()).toBeVisible({ timeout: 20_000 })
}

/** The finder's path from the tag's URL to the thank-you page. */
export async function reportFound(
  page: Page,
  tagUrl: string,
  who: Finder,
  check?: (name: string) => Promise<void>,
) {
  await page.goto(tagUrl)
  const inform = page.getByRole('button', { name: 'Inform the Owner' })
  await lookUpTag(page, inform, check)
  await expect(page).toHaveURL(/\/found\/reunite$/)
  await check?.('found-reunite')
  await fillFields(page, {
    NAME: who.name,
    EMAIL: who.email,
    'PHONE NUMBER': who.phone,
    ADDRESS: who.address,
    'WHERE YOU FOUND THE ITEM': who.where,
  })
  await inform.click()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  await expect(page.getByRole('link', { name: 'Protect Your Items' })).toHaveAttribute(
    'href',
    /\/register$/,
  )
  await check?.('found-thank-you')
}
