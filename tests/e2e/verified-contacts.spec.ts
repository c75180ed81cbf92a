import { expect, test } from '@playwright/test'
import { smsTo, waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner, textsOffNotice, verifyMobile } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { reportFound } from './support/finder.ts'
import { mintTags } from './support/tags.ts'

/**
 * Report texts go only to a verified number: an owner who has not verified their
 * mobile is told of a report by e-mail alone, and the dashboard says why; once the
 * number is verified with the texted code, the next report is texted too.
 * (Confirming the e-mail before the first sign-in is in owner-finder.spec.)
 */
test('a report on an owner with an unverified number sends no text, and the dashboard says why', async ({
  browser,
  page,
}, testInfo) => {
  test.slow()
  const owner = newOwner('Una Verified')
  const [first, second] = mintTags(2)
  if (!first || !second) throw new Error('two tags')

  await test.step('owner registers and confirms the e-mail, but does not verify the number', async () => {
    await activateAsNewOwner(page, owner, first, 'Green scarf', { verifyNumber: false })
    await page.goto('/activeTag')
    await page.getByLabel('TAG ID').fill(second.tagId)
    await page.getByLabel('ACTIVATION CODE').fill(second.activationCode)
    await page.getByLabel('NAME YOUR ITEM').fill('Red gloves')
    await page.getByRole('button', { name: 'Activate', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
  })

  const finderContext = await browser.newContext()
  const finderPage = await finderContext.newPage()

  await test.step('a finder reports the scarf: the owner gets the e-mail and no text', async () => {
    await reportFound(finderPage, first.url, newFinder())
    await waitForEmail(owner.email, /Green scarf/)
    // The e-mail and the text leave together from the outbox: give a text time to arrive too.
    await finderPage.waitForTimeout(3000)
    expect(await smsTo(owner.mobile)).toEqual([])
  })

  await test.step('the dashboard says texts are off and why', async () => {
    await page.goto('/dashboard')
    const notice = textsOffNotice(page)
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(
      `Your mobile number ${owner.mobile} is not verified, so when someone finds one of your items we tell you by e-mail only.`,
    )
    await checkPage(page, testInfo, 'dashboard-texts-off')
  })

  await test.step('once the number is verified, the next report is texted', async () => {
    await verifyMobile(page, owner)
    await reportFound(finderPage, second.url, newFinder())
    await expect
      .poll(async () => (await smsTo(owner.mobile)).map((sms) => sms.Body).join('\n'), {
        timeout: 30_000,
      })
      .toMatch(/Your item was found! Red gloves/)
  })
  await finderContext.close()
})
