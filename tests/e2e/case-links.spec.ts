import { expect, test, type Page } from '@playwright/test'
import { field } from './support/forms.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/**
 * Case links end to end (issue 50): an owner makes a case link for a LOST item; a
 * second browser, with no account, opens it, sees the case and writes; the owner
 * replies from the conversation; the owner withdraws the link and the open page
 * says so at once, and again after a reload (the server refuses the link).
 */
const itemName = 'Grey suitcase'
const label = 'British Airways baggage, ref LHRBA12345'

async function markLost(page: Page, tagId: string) {
  await page.goto('/dashboard')
  await page.getByRole('link').filter({ hasText: tagId }).click()
  await expect(page).toHaveURL(/\/editTag/)
  await page.getByRole('button', { name: 'LOST', exact: true }).click()
  await field(page, 'NOTE FOR THE FINDER').fill('Reward offered')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
}

test('case link: owner makes it, a visitor opens it and writes, the owner replies and withdraws it', async ({
  browser,
  page,
}, testInfo) => {
  test.slow()
  const owner = newOwner('Cass Links')
  const tag = mintTag()

  await test.step('owner activates a tag and marks the item LOST', async () => {
    await activateAsNewOwner(page, owner, tag, itemName)
    await markLost(page, tag.tagId)
  })

  let caseUrl = ''
  await test.step('owner makes a case link from the dashboard', async () => {
    await page.getByRole('link', { name: `Case links for ${itemName}` }).click()
    await expect(page).toHaveURL(/\/case-links\?itemId=/)
    await field(page, 'WHO IS IT FOR?').fill(label)
    await field(page, 'VALID FOR (DAYS)').fill('7')
    await page.getByRole('button', { name: 'Create case link' }).click()
    await expect(page.getByText(`Case link made for ${label}.`)).toBeVisible()
    const card = page.getByRole('listitem', { name: `Case link for ${label}` })
    await expect(card.getByText('Working', { exact: true })).toBeVisible()
    await expect(card.getByText('Not opened yet')).toBeVisible()
    caseUrl = await card.getByLabel(`The link to give ${label}`).inputValue()
    expect(caseUrl).toMatch(/\/case\/[A-Za-z0-9_-]{40,}$/)
    await checkPage(page, testInfo, 'case-links-owner')
  })

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()

  await test.step('a second browser opens the link: the case, no account', async () => {
    await visitor.goto(caseUrl)
    const details = visitor.getByRole('region', { name: 'The case' })
    await expect(details.getByRole('heading', { name: itemName })).toBeVisible({ timeout: 20_000 })
    await expect(details.getByText(`Case link for ${label}`)).toBeVisible()
    await expect(visitor.getByTestId('case-tag-id')).toHaveText(tag.tagId)
    await expect(details.getByText('Reward offered')).toBeVisible()
    await expect(visitor.getByText(owner.email)).toHaveCount(0)
    await expect(visitor.getByText(owner.mobile)).toHaveCount(0)
    await checkPage(visitor, testInfo, 'case-visitor')
  })

  await test.step('the visitor writes to the owner', async () => {
    await visitor.getByLabel('Message to the owner').fill('We have a grey suitcase at T5.')
    await visitor.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(
      visitor.getByRole('list', { name: 'Messages' }).getByText('We have a grey suitcase at T5.'),
    ).toBeVisible()
  })

  await test.step('the owner sees the opening and the message, and replies', async () => {
    const card = page.getByRole('listitem', { name: `Case link for ${label}` })
    await expect(card.getByText(/Opened once/)).toBeVisible({ timeout: 20_000 })
    await card.getByRole('link', { name: /Messages \(1 new\)/ }).click()
    await expect(page).toHaveURL(/\/chat\?chatId=/)
    await expect(page.getByText('We have a grey suitcase at T5.')).toBeVisible({ timeout: 20_000 })
    await checkPage(page, testInfo, 'case-owner-chat')
    await page.getByRole('textbox', { name: 'Message' }).fill('Thank you! I will collect it today.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(
      visitor
        .getByRole('list', { name: 'Messages' })
        .getByText('Thank you! I will collect it today.'),
    ).toBeVisible({ timeout: 20_000 })
  })

  await test.step('the owner withdraws the link: the open page says so at once', async () => {
    await page.goBack()
    await expect(page).toHaveURL(/\/case-links\?itemId=/)
    const card = page.getByRole('listitem', { name: `Case link for ${label}` })
    await card.getByRole('button', { name: 'Withdraw link' }).click()
    await card.getByRole('button', { name: 'Yes, withdraw it' }).click()
    await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible()
    await expect(
      visitor.getByRole('heading', { name: 'This case link was withdrawn' }),
    ).toBeVisible({
      timeout: 20_000,
    })
    await expect(visitor.getByLabel('Message to the owner')).toHaveCount(0)
    await checkPage(visitor, testInfo, 'case-visitor-withdrawn')
  })

  await test.step('reopening the withdrawn link is refused by the server', async () => {
    await visitor.reload()
    await expect(
      visitor.getByRole('heading', { name: 'This case link was withdrawn' }),
    ).toBeVisible({
      timeout: 20_000,
    })
    await expect(visitor.getByText(itemName)).toHaveCount(0)
  })

  await visitorContext.close()
})
