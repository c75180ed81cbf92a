import { expect, type Page } from '@playwright/test'
import { fillFields } from './forms.ts'
import type { Finder } from './people.ts'

/** The finder's path from the tag's URL to the thank-you page. */
export async function reportFound(
  page: Page,
  tagUrl: string,
  who: Finder,
  check?: (name: string) => Promise<void>,
) {
  await page.goto(tagUrl)
  await expect(page)
    .toHaveURL(/\/found\/reunite$/, { timeout: 20_000 })
    .catch(async () => {
      // The tag page may show the code prefilled and wait for the finder to confirm it.
      await check?.('tag-prefilled')
      await page
        .getByRole('button', { name: /find|submit|continue|search|go/i })
        .first()
        .click()
      await expect(page).toHaveURL(/\/found\/reunite$/)
    })
  await check?.('found-reunite')
  await fillFields(page, {
    NAME: who.name,
    EMAIL: who.email,
    'PHONE NUMBER': who.phone,
    ADDRESS: who.address,
    'WHERE YOU FOUND THE ITEM': who.where,
  })
  await page.getByRole('button', { name: 'Inform the Owner' }).click()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  await expect(page.getByRole('link', { name: 'Protect Your Items' })).toHaveAttribute(
    'href',
    /\/register$/,
  )
  await check?.('found-thank-you')
}
