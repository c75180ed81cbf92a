import { expect, test } from '@playwright/test'
import { reportFound } from './support/finder.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/**
 * The finder's receipts on /found/thank-you, live: once the providers took the
 * owner's text and e-mail, and once the owner opens the chat (another browser),
 * without the finder reloading.
 */
test('the finder sees the owner was alerted, then that the owner has seen the chat, without reloading', async ({
  browser,
}, testInfo) => {
  test.slow() // a whole journey: 45–56 s on a quiet machine, against the 60 s default
  const owner = newOwner('Olivia Owner')
  const finder = newFinder()
  const tag = mintTag()

  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await test.step('an owner registers and activates a tag', async () => {
    await activateAsNewOwner(ownerPage, owner, tag, 'Green umbrella')
  })

  const finderContext = await browser.newContext()
  const finderPage = await finderContext.newPage()
  let navigations = 0
  const receipts = finderPage.getByRole('status', { name: 'Your report' })

  await test.step('the finder reports it and is told the owner was sent a text and an e-mail', async () => {
    await reportFound(finderPage, tag.url, finder)
    finderPage.on('framenavigated', (frame) => {
      if (frame === finderPage.mainFrame()) navigations += 1
    })
    await expect(receipts).toContainText('The owner was sent a text and an e-mail', {
      timeout: 30_000,
    })
    await expect(receipts).not.toContainText('The owner has seen')
    await checkPage(finderPage, testInfo, 'thank-you-receipts')
  })

  await test.step('the owner opens the chat; the finder’s page says so, live', async () => {
    const chatLink = await finderPage
      .getByRole('link', { name: 'Open the chat with the owner' })
      .getAttribute('href')
    const chatId = new URL(chatLink ?? '', 'http://x').searchParams.get('chatId')
    expect(chatId).toBeTruthy()
    await ownerPage.goto(`/chat?chatId=${chatId}`)
    // The finder has not written yet: what the owner has seen is the report.
    await expect(receipts).toContainText('The owner has seen your report', { timeout: 30_000 })
    expect(navigations, 'the receipts update without reloading').toBe(0)
  })

  await finderContext.close()
  await ownerContext.close()
})
