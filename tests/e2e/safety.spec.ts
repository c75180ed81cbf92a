import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { finderInChat } from './support/finder.ts'
import { activateAsNewOwner, logIn, register } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'

const WARNING = 'Never pay before the item is back. Homeward never asks for codes.'

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
}

/** The operator role, granted the only way it can be: the command. */
/** Screenshots at a phone's and a laptop's size, for review (test-results/). */
async function shots(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}

function grantOperator(email: string): void {
  execFileSync('npm', ['run', '--silent', 'operator', '--', 'grant', email], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  })
}

test('a deposit request warns the other side; the finder reports it; an operator closes the conversation from the desk; both see it live', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const owner = newOwner('Sam Scammer')
  const tag = mintTag()
  const ownerPage = await (await browser.newContext()).newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Green scarf')
  const finder = await finderInChat(browser, tag.url, newFinder())

  await test.step('the owner asks for a deposit: the finder sees the warning, the owner does not', async () => {
    await ownerPage.goto(`/chat?chatId=${finder.chatId}`)
    await send(ownerPage, 'Send a deposit of £20 first and I will collect it')
    const message = finder.page
      .getByRole('listitem')
      .filter({ hasText: 'Send a deposit of £20 first' })
    await expect(message).toBeVisible({ timeout: 20_000 })
    await expect(message.getByRole('note')).toHaveText(`⚠ ${WARNING}`)
    const own = ownerPage.getByRole('listitem').filter({ hasText: 'Send a deposit of £20 first' })
    await expect(own).toBeVisible()
    await expect(own.getByRole('note')).toHaveCount(0)
    await shots(finder.page, 'finder-warning')
  })

  await test.step('the finder reports the owner', async () => {
    await finder.page.getByRole('button', { name: 'Report the owner' }).click()
    const form = finder.page.getByRole('form', { name: 'Report the owner' })
    await form.getByRole('combobox').selectOption({ label: 'Asks for money or codes' })
    // At this size only: on a phone the details (and this form) move into a sheet.
    await finder.page.screenshot({ path: test.info().outputPath('finder-report-form-1280.png') })
    await form.getByRole('textbox').fill('Wants money before giving it back')
    await form.getByRole('button', { name: 'Send report' }).click()
    await expect(
      finder.page.getByText(
        'Thank you. We have your report and will tell you here what we did about it.',
      ),
    ).toBeVisible()
  })

  const operator = newOwner('Olive Operator')
  const operatorPage = await (await browser.newContext()).newPage()
  await test.step('an operator, granted by the command, closes the conversation from the desk', async () => {
    await register(operatorPage, operator, { verifyNumber: false })
    grantOperator(operator.email)
    await logIn(operatorPage, operator)
    await operatorPage.goto('/operator')
    const report = operatorPage.getByRole('article', {
      name: 'Asks for money or codes: Green scarf',
    })
    await expect(report).toBeVisible({ timeout: 20_000 })
    await expect(report).toContainText('Wants money before giving it back')
    await report.getByRole('button', { name: 'Open report' }).click()
    await expect(report.getByRole('list', { name: 'Kept conversation' })).toContainText(
      'Send a deposit of £20 first',
    )
    await shots(operatorPage, 'operator-desk')
    await report.getByRole('combobox').selectOption({ label: 'Close the conversation' })
    await report.getByRole('textbox').fill('Asked the finder for money')
    await report.getByRole('button', { name: 'Confirm action' }).click()
    await expect(
      operatorPage.getByText('Done. The person who reported it has been told.'),
    ).toBeVisible()
    await expect(report).toHaveCount(0)
  })

  await test.step('both sides see it closed live, and the finder reads the outcome', async () => {
    for (const page of [finder.page, ownerPage]) {
      await expect(page.getByRole('status', { name: 'Conversation closed' })).toContainText(
        'Homeward closed this conversation after a report.',
        { timeout: 20_000 },
      )
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    }
    await expect(
      finder.page.getByText('We looked at your report and closed this conversation.'),
    ).toBeVisible({ timeout: 20_000 })
    await shots(finder.page, 'finder-outcome')
  })
})

test('an owner blocks a finder mid-conversation and the finder’s open chat closes', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const owner = newOwner('Bea Blocker')
  const tag = mintTag()
  const ownerPage = await (await browser.newContext()).newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Black umbrella')
  const finder = await finderInChat(browser, tag.url, newFinder())
  await send(finder.page, 'Hello, I have your umbrella')
  await ownerPage.goto(`/chat?chatId=${finder.chatId}`)
  await expect(ownerPage.getByText('Hello, I have your umbrella')).toBeVisible({ timeout: 20_000 })

  await ownerPage.getByRole('button', { name: 'Block the finder' }).click()
  await ownerPage.getByRole('button', { name: 'Block this finder' }).click()
  await expect(ownerPage.getByRole('status', { name: 'Conversation closed' })).toContainText(
    'You blocked',
    { timeout: 20_000 },
  )
  await expect(ownerPage.getByRole('button', { name: 'Unblock the finder' })).toBeVisible()
  await shots(ownerPage, 'owner-blocked')

  await expect(
    finder.page.getByText('The owner has closed this conversation.').first(),
  ).toBeVisible({ timeout: 20_000 })
  await expect(finder.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
  // The conversation is no longer theirs: opened again, it shows the ending, not the messages.
  await finder.page.reload()
  await expect(
    finder.page.getByText('The owner has closed this conversation.').first(),
  ).toBeVisible({ timeout: 20_000 })
  await expect(finder.page.getByText('Hello, I have your umbrella')).toHaveCount(0)
  await expect(
    finder.page.getByText('Your details will be deleted as our privacy notice says.'),
  ).toBeVisible()
  await shots(finder.page, 'finder-blocked')
})
