import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { fillFields } from './support/forms.ts'
import { waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner, logIn, register } from './support/owner.ts'
import { newOwner, unique } from './support/people.ts'
import { mintTag } from './support/tags.ts'

/** The operator command, as an operator runs it in a terminal. */
function operatorCommand(...args: string[]): string {
  return execFileSync('npm', ['run', '--silent', 'operator', '--', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  })
}

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

test('a desk reports a tagged item in one tap, the owner sees where it is held, the desk marks it collected and the owner is told', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const owner = newOwner('Olivia Owner')
  const admin = newOwner('Pat Desk')
  const tag = mintTag()
  const deskName = `Leeds station lost property ${unique()}`
  const heldAt = `Held at ${deskName}, ref 4471, open 07:00–19:00`

  const ownerPage = await (await browser.newContext()).newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Black umbrella')

  const deskPage = await (await browser.newContext()).newPage()
  await test.step('a signed-in account signs the desk up, and it waits for approval', async () => {
    await register(deskPage, admin, { verifyNumber: false })
    await logIn(deskPage, admin)
    await deskPage.goto('/desk')
    await fillFields(deskPage, {
      'DESK NAME': deskName,
      ADDRESS: '1 Station Road, Leeds',
      'OPENING HOURS': '07:00–19:00',
      'PUBLIC PHONE': '0113 496 0000',
      'PUBLIC E-MAIL': `lost-${unique()}@example.com`,
    })
    await deskPage.getByRole('button', { name: 'Sign up as a desk' }).click()
    await expect(deskPage.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible()
    // Not approved: a tag shows no "Report as" to its staff.
    await deskPage.goto(tag.url.replace(/^https?:\/\/[^/]+/, ''))
    await expect(deskPage.getByRole('button', { name: 'Inform the Owner' })).toBeVisible()
    await expect(deskPage.getByRole('button', { name: `Report as ${deskName}` })).toHaveCount(0)
  })

  await test.step('an operator approves it with the command', async () => {
    const waiting = operatorCommand('desks')
    const line = waiting.split('\n').find((row) => row.includes(deskName))
    const deskId = line?.split(/\s+/)[0]
    expect(deskId, waiting).toMatch(/^[0-9a-f-]{36}$/)
    expect(operatorCommand('approve-desk', deskId!, '--reason', 'Called the station')).toContain(
      'Approved desk',
    )
    await deskPage.goto('/desk')
    await expect(deskPage.getByRole('heading', { level: 1, name: deskName })).toBeVisible()
    await shots(deskPage, 'desk-empty')
  })

  let chatUrl = ''
  await test.step('a member of staff opens the tag and reports it in one tap', async () => {
    await deskPage.goto(tag.url.replace(/^https?:\/\/[^/]+/, ''))
    const offer = deskPage.getByRole('form', { name: `Report as ${deskName}` })
    await expect(offer).toBeVisible()
    await shots(deskPage, 'desk-report-offer')
    await offer.getByLabel('REFERENCE NUMBER').fill('4471')
    await offer.getByRole('button', { name: `Report as ${deskName}` }).click()
    await expect(deskPage).toHaveURL(/\/chat\?chatId=[0-9a-f-]{36}$/, { timeout: 20_000 })
    chatUrl = deskPage.url()
    await expect(deskPage.getByRole('textbox', { name: 'Message' })).toBeVisible()
  })

  await test.step('the owner is alerted and sees where it is held', async () => {
    const alert = await waitForEmail(owner.email, /^Your item was found/)
    expect(alert.Text.replace(/\s+/g, ' ')).toContain(heldAt)
    await ownerPage.goto('/dashboard')
    await expect(ownerPage.getByText(heldAt, { exact: false }).first()).toBeVisible({
      timeout: 20_000,
    })
    await shots(ownerPage, 'owner-held-at-desk')
  })

  await test.step('the desk lists it, marks it collected, and the owner is told', async () => {
    await deskPage.goto('/desk')
    const item = deskPage.getByRole('article', { name: 'Black umbrella, Ref 4471' })
    await expect(item).toContainText('Owner told')
    await shots(deskPage, 'desk-items')
    await item.getByRole('button', { name: 'Mark as collected' }).click()
    await item.getByRole('button', { name: 'Yes, mark as collected' }).click()
    await expect(
      deskPage.getByText('Done. The owner has been told and the conversation is closed.'),
    ).toBeVisible()
    await expect(item).toContainText('Collected')

    await ownerPage.goto(chatUrl.replace(/^https?:\/\/[^/]+/, ''))
    await expect(
      ownerPage.getByText(`Your item was collected from ${deskName} (ref 4471).`),
    ).toBeVisible({ timeout: 20_000 })
    await expect(ownerPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    await shots(ownerPage, 'owner-collected')
  })
})
