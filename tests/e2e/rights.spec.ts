import { expect, test } from '@playwright/test'
import { finderInChat } from './support/finder.ts'
import { linkIn, waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner, submitLogin } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/**
 * People's rights over their data (issue 34): a finder deletes their details from
 * the chat, and an owner deletes their account from Account Settings.
 */

test('a finder deletes their details now; the owner’s dashboard keeps the report without them', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const owner = newOwner('Olive Owner')
  const finder = newFinder()
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Red scarf')
  const { page: finderPage } = await finderInChat(browser, tag.url, finder)
  const finderFirstName = finder.name.split(' ')[0] ?? finder.name

  await test.step('the owner’s dashboard shows who found it and where', async () => {
    await ownerPage.goto('/dashboard')
    const reports = ownerPage.getByRole('list', { name: 'Reports' })
    await expect(reports).toContainText(finder.where, { timeout: 20_000 })
    await expect(reports).toContainText(finderFirstName)
  })

  await test.step('the finder follows "Delete my details now" in their e-mail and is asked first', async () => {
    const thanks = await waitForEmail(finder.email, /Thank you for reporting/)
    const link = linkIn(thanks, /[?&]delete=my-details#token=/)
    expect(thanks.Text).toContain(`Delete my details now: ${link}`)
    await finderPage.goto(link)
    const question = finderPage.getByRole('group', { name: 'Delete your details?' })
    await expect(question).toContainText('the owner will be told you left', { timeout: 20_000 })
    await checkPage(finderPage, testInfo, 'finder-delete-confirm')
    await question.getByRole('button', { name: 'Delete my details', exact: true }).click()
    await expect(finderPage.getByRole('status', { name: 'Conversation closed' })).toContainText(
      'You deleted your details, so this conversation is closed.',
      { timeout: 20_000 },
    )
  })

  await test.step('the owner’s dashboard still lists the report, without the finder’s details', async () => {
    await ownerPage.reload()
    const reports = ownerPage.getByRole('list', { name: 'Reports' })
    await expect(reports.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 })
    await expect(reports).not.toContainText(finder.where)
    await expect(reports).not.toContainText(finderFirstName)
    await checkPage(ownerPage, testInfo, 'dashboard-after-finder-left')
  })

  await finderPage.context().close()
  await ownerContext.close()
})

test('an owner deletes their account from Account Settings, their finder’s chat closes live, and they can no longer sign in', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const owner = newOwner('Dora Departing')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const page = await ownerContext.newPage()
  await activateAsNewOwner(page, owner, tag, 'Umbrella')
  const { page: finderPage } = await finderInChat(browser, tag.url, newFinder())
  let navigations = 0
  finderPage.on('framenavigated', (frame) => {
    if (frame === finderPage.mainFrame()) navigations += 1
  })

  await test.step('Account Settings says exactly what happens, then deletes the account', async () => {
    await page.goto('/account')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const confirmation = page.getByRole('group', { name: 'Delete your account?' })
    await expect(confirmation).toContainText('Your tags stop working.')
    await expect(confirmation).toContainText('each finder is told')
    await checkPage(page, testInfo, 'account-delete-confirm')
    await confirmation.getByRole('button', { name: 'Delete my account for good' }).click()
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 })
  })

  await test.step('the finder’s open chat says why it closed and what became of their details, without a reload', async () => {
    const closed = finderPage.getByRole('status', { name: 'Conversation closed' })
    // The chat went with the owner's account; the database kept why (chat_link_status).
    await expect(closed).toContainText(
      'The owner has deleted their Homeward account, so this conversation is closed.',
      { timeout: 20_000 },
    )
    await expect(closed).toContainText(
      'Your name, contact details and this conversation have been deleted',
    )
    await expect(finderPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    // Their details went with it: nothing offers to delete them.
    await expect(finderPage.getByRole('button', { name: 'Delete my details now' })).toHaveCount(0)
    expect(navigations, 'the chat changed without reloading').toBe(0)
    await checkPage(finderPage, testInfo, 'finder-chat-account-deleted')
  })

  await test.step('after a reload the finder is still told why, and offered no new link', async () => {
    await finderPage.reload()
    await expect(finderPage.getByRole('status', { name: 'Conversation closed' })).toContainText(
      'The owner has deleted their Homeward account',
      { timeout: 20_000 },
    )
    await expect(finderPage.getByRole('button', { name: 'Send me a new link' })).toHaveCount(0)
  })

  await test.step('the owner is e-mailed a confirmation', async () => {
    const message = await waitForEmail(owner.email, /account has been deleted/)
    expect(message.Text).toContain('we deleted your Homeward account')
  })

  await test.step('signing in fails like an unknown account', async () => {
    await page.goto('/login')
    await submitLogin(page, owner.email, owner.password)
    await expect(page.getByText('Login credentials incorrect.')).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/login$/)
  })

  await test.step('the deactivated tag no longer leads to an owner', async () => {
    await page.goto(tag.url)
    await expect(page.getByText('Tag not found')).toBeVisible({ timeout: 20_000 })
  })

  await finderPage.context().close()
  await ownerContext.close()
})
