import { devices, expect, test, type Page, type Request } from '@playwright/test'
import { field } from './support/forms.ts'
import { waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { lookUpTag, reportFound } from './support/finder.ts'
import { mintTag } from './support/tags.ts'

/**
 * Lost mode end to end: an owner marks an item LOST with a note and return
 * instructions; scanning their own tag is only a test; a finder on a phone sees
 * the note above the form, with what happens next, and reports; once the item is
 * FOUND the note is gone. Also the unclaimed tag's login sentence.
 */
const itemName = 'Grey umbrella'
const note = 'Reward offered'
const instructions = 'You can hand it in at the Bath Spa station ticket office'

function reportRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/report-found')) seen.push(request)
  })
  return seen
}

/** From the dashboard (loaded if the page is elsewhere), opens the item and picks a status. */
async function setStatus(page: Page, tagId: string, status: 'LOST' | 'FOUND') {
  if (!/\/dashboard$/.test(page.url())) await page.goto('/dashboard')
  await page.getByRole('link').filter({ hasText: tagId }).click()
  await expect(page).toHaveURL(/\/editTag/)
  await page.getByRole('button', { name: status, exact: true }).click()
}

test('lost mode: owner sets a note, their own scan is a test, a finder on a phone sees it and reports', async ({
  browser,
  page,
}, testInfo) => {
  // One long journey through two browsers (the dev server compiles pages on first visit).
  test.slow()
  const owner = newOwner('Nora Note')
  const finder = newFinder()
  const tag = mintTag()

  await test.step('owner registers, logs in and activates the tag', async () => {
    await activateAsNewOwner(page, owner, tag, itemName)
  })

  const card = page.getByRole('link').filter({ hasText: tag.tagId })

  await test.step('a new item shows FOUND in a neutral style', async () => {
    await expect(card.getByText('FOUND', { exact: true })).toHaveAttribute('data-tone', 'unmarked')
  })

  await test.step('owner marks it LOST with a note and return instructions', async () => {
    await setStatus(page, tag.tagId, 'LOST')
    await field(page, 'NOTE FOR THE FINDER').fill(note)
    await field(page, 'RETURN INSTRUCTIONS').fill(instructions)
    await checkPage(page, testInfo, 'edit-tag-lost-note')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
    await expect(card.getByText('LOST', { exact: true })).toHaveAttribute('data-tone', 'lost')
  })

  await test.step("owner's own scan is a test: no report", async () => {
    const reports = reportRequests(page)
    await page.goto(tag.url)
    await lookUpTag(page.getByText(`This is your tag ${itemName}: it works.`))
    await expect(page).toHaveURL(/\/tag\?tagId=/)
    // Its own title, and a preview of what a finder reads while the item is LOST.
    await expect(page.getByRole('heading', { level: 1, name: 'Test scan' })).toBeVisible()
    const preview = page.getByRole('region', { name: 'What a finder sees' })
    await expect(preview).toContainText(note)
    await expect(preview).toContainText(instructions)
    await checkPage(page, testInfo, 'tag-test-scan')
    await page.getByRole('link', { name: `Edit ${itemName}` }).click()
    await expect(page).toHaveURL(/\/editTag\?itemId=/)
    await expect(field(page, 'NOTE FOR THE FINDER')).toHaveValue(note)
    expect(reports).toHaveLength(0)
  })

  const phone = await browser.newContext({ ...devices['Pixel 7'] })
  const finderPage = await phone.newPage()

  await test.step('finder on a phone sees the note above the form and reports', async () => {
    await reportFound(finderPage, tag.url, finder, async (name) => {
      if (name === 'found-reunite') {
        const shown = finderPage.getByRole('region', { name: 'A note from the owner' })
        await expect(shown).toContainText(note)
        await expect(shown).toContainText(instructions)
        await expect(shown).not.toContainText(owner.fullName)
        await expect(finderPage.getByRole('main')).not.toContainText(owner.email)
        await expect(
          finderPage.getByText('No app or account needed: the owner is told by text and e-mail.'),
        ).toBeVisible()
        await expect(
          finderPage.getByText(/Nobody will ask you for payment or codes\./),
        ).toBeVisible()
        const noteBox = await shown.boundingBox()
        const nameBox = await field(finderPage, 'NAME').boundingBox()
        expect(noteBox && nameBox && noteBox.y < nameBox.y, 'the note is above the form').toBe(true)
      }
      await checkPage(finderPage, testInfo, `phone-${name}`)
    })
    const toOwner = await waitForEmail(owner.email)
    expect(toOwner.HTML).toContain(finder.where)
  })

  await test.step('once the item is FOUND, the note is gone', async () => {
    await setStatus(page, tag.tagId, 'FOUND')
    await expect(field(page, 'NOTE FOR THE FINDER')).toHaveCount(0)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
    await expect(card.getByText('FOUND', { exact: true })).toHaveAttribute('data-tone', 'found')

    await finderPage.goto(tag.url)
    await lookUpTag(finderPage.getByRole('button', { name: 'Inform the Owner' }))
    await expect(field(finderPage, 'NAME')).toBeVisible()
    await expect(finderPage.getByText(note)).toHaveCount(0)
    await expect(finderPage.getByText(instructions)).toHaveCount(0)
  })
  await phone.close()
})

test('an unclaimed tag says why on the login screen', async ({ page }, testInfo) => {
  const tag = mintTag()
  await page.goto(tag.url)
  await lookUpTag(page.getByText("This tag isn't activated yet. Log in or sign up to activate it."))
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await checkPage(page, testInfo, 'login-unclaimed-tag')
})
