import { devices, expect, test, type Request } from '@playwright/test'
import { field, fillFields } from './support/forms.ts'
import { lookUpTag } from './support/finder.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/**
 * A finder who loses the connection while writing: the report waits on the phone,
 * the page says so, and it is sent when the connection returns; the owner gets it
 * once. (This runs on the dev server, which has no service worker: opening the
 * pages with no connection at all is tested on the production build, in
 * tests/build/build.test.ts.)
 */
const itemName = 'Green bicycle helmet'
const OFFLINE_TEXT =
  'You are offline. Your report is saved on this phone and will be sent to the owner when the connection returns.'

test('a report written offline is kept, sent when the connection returns, and reaches the owner once', async ({
  browser,
  page,
}, testInfo) => {
  test.slow()
  const owner = newOwner('Olive Offline')
  const finder = newFinder()
  const tag = mintTag()

  await test.step('owner registers and activates the tag', async () => {
    await activateAsNewOwner(page, owner, tag, itemName)
  })

  const phone = await browser.newContext({ ...devices['Pixel 7'] })
  const finderPage = await phone.newPage()
  const reportRequests: Request[] = []
  finderPage.on('request', (request) => {
    if (request.url().includes('/functions/v1/report-found')) reportRequests.push(request)
  })

  await test.step('finder opens the tag online, loses the connection, writes the report', async () => {
    await finderPage.goto(tag.url)
    await lookUpTag(finderPage.getByRole('button', { name: 'Inform the Owner' }))
    // The tag's link is the report form itself (no navigation to /found/reunite).
    await expect(finderPage).toHaveURL(/\/tag\?tagId=/)
    // The form fetches the report's sender as it opens (the dev server has no service
    // worker to keep it): let that arrive before the connection goes.
    await finderPage.waitForLoadState('networkidle')
    await phone.setOffline(true)
    await fillFields(finderPage, {
      NAME: finder.name,
      EMAIL: finder.email,
      'PHONE NUMBER': finder.phone,
      ADDRESS: finder.address,
      'WHERE YOU FOUND THE ITEM': finder.where,
    })
    await finderPage.getByRole('button', { name: 'Inform the Owner' }).click()
    await expect(finderPage.getByText(OFFLINE_TEXT)).toBeVisible()
    await expect(field(finderPage, 'NAME')).toHaveValue(finder.name)
    await checkPage(finderPage, testInfo, 'phone-found-reunite-offline')
    expect(reportRequests).toHaveLength(0)
  })

  await test.step('the connection returns: the report is sent and the finder is thanked', async () => {
    await phone.setOffline(false)
    await expect(finderPage).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
    await expect(finderPage.getByRole('link', { name: 'Protect Your Items' })).toBeVisible()
    expect(
      await finderPage.evaluate(() => localStorage.getItem('homeward.pendingReport')),
    ).toBeNull()
  })

  await test.step('the owner has exactly one report', async () => {
    await page.goto('/dashboard')
    const reports = page.getByRole('list', { name: 'Reports' })
    await expect(reports.getByRole('link', { name: /^Open chat with / })).toHaveCount(1, {
      timeout: 20_000,
    })
    // Every attempt carried the same submission key.
    const keys = reportRequests.map((request) => request.postDataJSON().idempotencyKey as string)
    expect(new Set(keys).size).toBe(1)
  })
  await phone.close()
})
