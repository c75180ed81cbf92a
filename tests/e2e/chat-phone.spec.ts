import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { openChatFromThankYou, reportFound } from './support/finder.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner, type Finder } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/**
 * Issue 45: on a 390 × 844 phone the chat is a chat. Wherever writing is possible,
 * the item's name, the last message and the message box are on the first screen
 * without scrolling; in every end state the notice is. The details (ways back,
 * Delete my details now) open in a sheet from the header.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** Each locator lies wholly within the phone's first screen, and the page has not scrolled. */
async function expectOnFirstScreen(page: Page, parts: Record<string, Locator>) {
  expect(await page.evaluate(() => window.scrollY), 'the page has not scrolled').toBe(0)
  for (const [name, locator] of Object.entries(parts)) {
    await expect(locator, name).toBeVisible({ timeout: 20_000 })
    const box = await locator.boundingBox()
    expect(box, `${name} has a box`).not.toBeNull()
    if (!box) continue
    expect(box.y, `${name} starts on screen`).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height, `${name} ends on the first screen`).toBeLessThanOrEqual(844)
    expect(box.x, `${name} within the width`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${name} within the width`).toBeLessThanOrEqual(390)
  }
}

const lastMessage = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text })

const writing = (page: Page, item: string, last: string) => ({
  'item name': page.getByRole('heading', { name: item }),
  'last message': lastMessage(page, last).last(),
  'message box': page.getByRole('textbox', { name: 'Message' }),
  'Send button': page.getByRole('button', { name: 'Send', exact: true }),
})

const ended = (page: Page) => ({
  notice: page.getByRole('status', { name: 'Conversation closed' }),
  'in place of the message box': page.getByRole('group', { name: 'No more messages' }),
})

/** A finder on their phone reports the item and opens the chat. */
async function finderOnPhone(browser: Browser, tagUrl: string, finder: Finder) {
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  await reportFound(page, tagUrl, finder)
  const chatId = await openChatFromThankYou(page)
  return { context, page, chatId }
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(lastMessage(page, text)).toBeVisible({ timeout: 20_000 })
}

test('on a phone the chat fits one screen while open, and each end state says so on it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const owner = newOwner('Philippa Phone')
  const tag = mintTag()
  const item = 'Green rucksack'
  const desk = await browser.newContext()
  const ownerDesk = await desk.newPage()
  await activateAsNewOwner(ownerDesk, owner, tag, item)
  const ownerPhoneContext = await browser.newContext({
    ...PHONE,
    storageState: await desk.storageState(),
  })
  const ownerPhone = await ownerPhoneContext.newPage()

  const a = await finderOnPhone(browser, tag.url, newFinder())
  const b = await finderOnPhone(browser, tag.url, { ...newFinder(), name: 'Bea Second' })

  await test.step('the finder writes: item, last message and box on one screen, no keyboard hint', async () => {
    await send(a.page, 'I found it on the number 4 bus')
    await send(a.page, 'I can meet you at the station tomorrow morning, or post it if you prefer.')
    await expectOnFirstScreen(
      a.page,
      writing(a.page, item, 'I can meet you at the station tomorrow morning'),
    )
    await expect(a.page.getByText('Press Enter to send, Shift+Enter for a new line.')).toHaveCount(
      0,
    )
    await checkPage(a.page, testInfo, 'phone-finder-chat')
  })

  await test.step('the owner on a phone: the same, with the finder’s last message', async () => {
    await ownerPhone.goto(`/chat?chatId=${a.chatId}`)
    await expectOnFirstScreen(
      ownerPhone,
      writing(ownerPhone, item, 'I can meet you at the station tomorrow morning'),
    )
    await send(ownerPhone, 'Thank you! The station at 9 works for me.')
    await expectOnFirstScreen(ownerPhone, writing(ownerPhone, item, 'The station at 9 works'))
    await expectOnFirstScreen(a.page, writing(a.page, item, 'The station at 9 works'))
    await checkPage(ownerPhone, testInfo, 'phone-owner-chat-open')
  })

  await test.step('the details open in a sheet from the header, over the conversation', async () => {
    await a.page.getByRole('button', { name: 'Details' }).click()
    const sheet = a.page.getByRole('dialog', { name: 'Chat details' })
    await expect(sheet.getByRole('region', { name: 'Ways back' })).toBeVisible({ timeout: 20_000 })
    await expect(sheet.getByRole('button', { name: 'Delete my details now' })).toBeVisible()
    await checkPage(a.page, testInfo, 'phone-finder-details-sheet')
    await a.page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
    await expectOnFirstScreen(a.page, writing(a.page, item, 'The station at 9 works'))
  })

  await test.step('closed by the owner: the finder’s notice and what is left, on the first screen', async () => {
    await send(b.page, 'Hello, is this yours?')
    await ownerDesk.goto(`/chat?chatId=${b.chatId}`)
    // On a laptop the details sit beside the conversation.
    await expect(ownerDesk.getByRole('complementary', { name: 'Chat details' })).toBeVisible({
      timeout: 20_000,
    })
    await checkPage(ownerDesk, testInfo, 'laptop-owner-chat-open')
    await ownerDesk.getByRole('button', { name: 'Close this conversation' }).click()
    await ownerDesk.getByRole('button', { name: 'Yes, close it' }).click()
    await expect(b.page.getByRole('status', { name: 'Conversation closed' })).toContainText(
      'The owner has closed this conversation.',
      { timeout: 20_000 },
    )
    await expectOnFirstScreen(b.page, ended(b.page))
    await expect(b.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    await checkPage(b.page, testInfo, 'phone-finder-closed-by-owner')
    await checkPage(ownerDesk, testInfo, 'laptop-owner-chat-closed')
  })

  await test.step('the finder deletes their details from the closed chat; a reload still says why', async () => {
    // Still held until their deletion date: the details sheet offers to delete them now.
    await b.page.getByRole('button', { name: 'Details' }).click()
    await b.page
      .getByRole('dialog', { name: 'Chat details' })
      .getByRole('button', { name: 'Delete my details now' })
      .click()
    const question = b.page.getByRole('group', { name: 'Delete your details?' })
    await expect(question).toContainText('will be deleted straight away')
    await question.getByRole('button', { name: 'Delete my details', exact: true }).click()
    await expect(b.page.getByRole('status', { name: 'Conversation closed' })).toContainText(
      'You deleted your details, so this conversation is closed.',
      { timeout: 20_000 },
    )
    await b.page.reload()
    await expect(b.page.getByRole('status', { name: 'Conversation closed' })).toContainText(
      'You deleted your details, so this conversation is closed.',
      { timeout: 20_000 },
    )
    await expect(b.page.getByRole('button', { name: 'Send me a new link' })).toHaveCount(0)
    await expect(b.page.getByText(/e-mail you a new link/)).toHaveCount(0)
  })

  await test.step('returned: the finder’s notice that it is home is on the first screen', async () => {
    await ownerPhone.getByRole('button', { name: 'Details' }).click()
    const sheet = ownerPhone.getByRole('dialog', { name: 'Chat details' })
    await sheet.getByRole('button', { name: 'Mark as returned' }).click()
    await sheet.getByRole('button', { name: 'Yes, mark as returned' }).click()
    await expect(sheet.getByText('Returned: marked FOUND')).toBeVisible({ timeout: 20_000 })
    await ownerPhone.keyboard.press('Escape')
    await expect(a.page.getByRole('status', { name: 'Conversation closed' })).toContainText(
      `${item} is home`,
      { timeout: 20_000 },
    )
    await expectOnFirstScreen(a.page, ended(a.page))
    await expectOnFirstScreen(ownerPhone, ended(ownerPhone))
    await expect(
      ownerPhone.getByRole('group', { name: 'No more messages' }).getByRole('link', {
        name: 'Open dashboard',
      }),
    ).toBeVisible()
    await checkPage(a.page, testInfo, 'phone-finder-returned')
    await checkPage(ownerPhone, testInfo, 'phone-owner-returned')
  })

  await a.context.close()
  await b.context.close()
  await ownerPhoneContext.close()
  await desk.close()
})
