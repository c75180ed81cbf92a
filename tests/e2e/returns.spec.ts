import { expect, test, type Page } from '@playwright/test'
import { postMessageThroughApi } from './support/api.ts'
import { finderInChat } from './support/finder.ts'
import { countEmails, waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/** The database's refusal of a message in a closed conversation: a code, never a sentence. */
const CLOSED_CODE = 'chat_closed'
const RETURNED_SUBJECT = /is home: thank you$/

/** The deletion date a closed chat shows ('3 December 2026'). */
async function deletionDate(page: Page): Promise<string> {
  const closed = page.getByRole('status', { name: 'Conversation closed' })
  const text = (await closed.textContent()) ?? ''
  const date = /deleted on (\d{1,2} \w+ \d{4})\./.exec(text)?.[1]
  expect(date, `a deletion date in "${text}"`).toBeTruthy()
  return date ?? ''
}

test('marking an item returned closes every finder’s open chat live, read-only, with one e-mail each', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const owner = newOwner('Rosa Returner')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Red violin')

  const first = newFinder()
  const second = { ...newFinder(), name: 'Kit Second' }
  const a = await finderInChat(browser, tag.url, first)
  const b = await finderInChat(browser, tag.url, second)
  let navigations = 0
  a.page.on('framenavigated', (frame) => {
    if (frame === a.page.mainFrame()) navigations += 1
  })

  await test.step('the owner is asked first, in plain words, then marks it returned', async () => {
    await ownerPage.goto(`/chat?chatId=${a.chatId}`)
    await ownerPage.getByRole('button', { name: 'Mark as returned' }).click()
    const question = ownerPage.getByRole('alertdialog', { name: 'Mark Red violin as returned?' })
    await expect(question).toContainText('Red violin will be marked FOUND.')
    await expect(question).toContainText('All 2 of its open conversations, this one included')
    await expect(question).toContainText(
      /The finders' details will be deleted on \d{1,2} \w+ \d{4}\./,
    )
    // The window narrows to a phone and widens again (a rotated tablet, a resized window, a
    // full-page screenshot): the details move to a sheet and back, and the question stays asked.
    const size = ownerPage.viewportSize()
    await ownerPage.setViewportSize({ width: 390, height: 844 })
    await expect(question).toBeHidden()
    if (size) await ownerPage.setViewportSize(size)
    await expect(question).toContainText('Red violin will be marked FOUND.')
    await question.getByRole('button', { name: 'Yes, mark as returned' }).click()
    await expect(ownerPage.getByText('Returned: marked FOUND')).toBeVisible({ timeout: 20_000 })
    await expect(ownerPage.getByRole('status', { name: 'Conversation closed' })).toBeVisible()
    await expect(ownerPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  })

  await test.step('the finder’s open chat says the item is home, without a reload, and the box is gone', async () => {
    const closed = a.page.getByRole('status', { name: 'Conversation closed' })
    await expect(closed).toContainText('Red violin is home: the owner has marked it returned.', {
      timeout: 20_000,
    })
    await expect(closed).toContainText('Thank you for helping it find its way back!')
    await expect(a.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    expect(navigations, 'the chat changed without reloading').toBe(0)
    await checkPage(a.page, testInfo, 'finder-chat-returned')
    expect(await deletionDate(a.page)).toBe(await deletionDate(ownerPage))
  })

  await test.step('a message sent through the API anyway is refused with its code', async () => {
    const answer = await postMessageThroughApi(a.page, a.chatId, 'Sneaking one in')
    expect(answer).toEqual({ status: 400, message: CLOSED_CODE })
  })

  await test.step('the second finder’s chat shows the same, with the same date', async () => {
    const closed = b.page.getByRole('status', { name: 'Conversation closed' })
    await expect(closed).toContainText('Red violin is home', { timeout: 20_000 })
    await expect(b.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    expect(await deletionDate(b.page)).toBe(await deletionDate(a.page))
  })

  await test.step('each finder gets one e-mail saying so, with the same date', async () => {
    const date = await deletionDate(a.page)
    for (const finder of [first, second]) {
      const email = await waitForEmail(finder.email, RETURNED_SUBJECT)
      expect(email.Text).toContain(`Your details will be deleted on ${date}.`)
    }
    // Marking it again closes nothing and sends nothing more.
    await ownerPage.goto(`/chat?chatId=${b.chatId}`)
    await expect(ownerPage.getByText('Returned: marked FOUND')).toBeVisible({ timeout: 20_000 })
    for (const finder of [first, second]) {
      expect(await countEmails(finder.email, RETURNED_SUBJECT)).toBe(1)
    }
  })

  await ownerContext.close()
  await a.page.context().close()
  await b.page.context().close()
})

test('the owner closes one conversation; the finder sees it live and the item stays as it was', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const owner = newOwner('Cal Closer')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Grey scarf')
  const finder = newFinder()
  const { page, chatId } = await finderInChat(browser, tag.url, finder)

  await ownerPage.goto(`/chat?chatId=${chatId}`)
  await ownerPage.getByRole('button', { name: 'Close this conversation' }).click()
  await ownerPage.getByRole('button', { name: 'Yes, close it' }).click()
  await expect(ownerPage.getByRole('status', { name: 'Conversation closed' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('status', { name: 'Conversation closed' })).toContainText(
    'The owner has closed this conversation.',
    { timeout: 20_000 },
  )
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  expect(await postMessageThroughApi(ownerPage, chatId, 'Hello?')).toEqual({
    status: 400,
    message: CLOSED_CODE,
  })
  // A closed conversation offers nothing more: the item's status is on its own page.
  await expect(ownerPage.getByRole('button', { name: 'Mark as returned' })).toHaveCount(0)
  await expect(
    ownerPage.getByRole('group', { name: 'No more messages' }).getByRole('link', {
      name: 'Open dashboard',
    }),
  ).toBeVisible()
  await ownerContext.close()
  await page.context().close()
})

test('a conversation closed in another tab shows as closed on the open dashboard, without reloading', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const owner = newOwner('Dee Dashboard')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const dashboard = await ownerContext.newPage()
  await activateAsNewOwner(dashboard, owner, tag, 'Blue umbrella')
  const finder = newFinder()
  const { page, chatId } = await finderInChat(browser, tag.url, finder)

  const reports = dashboard.getByRole('list', { name: 'Reports' })
  await expect(reports.getByRole('link', { name: /^Open chat with/ })).toBeVisible({
    timeout: 20_000,
  })
  await expect(reports.getByText('Conversation closed')).toHaveCount(0)

  const chatTab = await ownerContext.newPage()
  await chatTab.goto(`/chat?chatId=${chatId}`)
  await chatTab.getByRole('button', { name: 'Close this conversation' }).click()
  await chatTab.getByRole('button', { name: 'Yes, close it' }).click()
  await expect(chatTab.getByRole('status', { name: 'Conversation closed' })).toBeVisible({
    timeout: 20_000,
  })
  // owner:<uid>'s 'closed' event, heard by the dashboard left open in the first tab
  await expect(reports.getByText('Conversation closed')).toBeVisible({ timeout: 20_000 })
  await checkPage(dashboard, testInfo, 'dashboard-closed-1280')
  await dashboard.setViewportSize({ width: 390, height: 844 })
  await checkPage(dashboard, testInfo, 'dashboard-closed-390')
  await ownerContext.close()
  await page.context().close()
})
