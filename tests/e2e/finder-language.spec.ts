import { expect, test, type Page } from '@playwright/test'
import { operatorClient } from '../../scripts/tags-cli.ts'
import { fillFields } from './support/forms.ts'
import { waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { POLISH } from './support/polish.ts'
import { mintTag } from './support/tags.ts'
import { APP_URL } from './support/urls.ts'

/**
 * Issue 48, the server side: a report sent from a Polish phone (the page in Polish)
 * makes the owner's e-mail say the finder writes in Polish and the finder's e-mail
 * with the chat link arrive in Polish; the owner's chat header says "Writes in Polish";
 * the finder's chat speaks Polish (labels, a notice's body) and, on an Arabic phone, Arabic.
 */
test('a report from a Polish page: the owner is told, the finder is written to in Polish', async ({
  browser,
}, testInfo) => {
  test.slow()
  const owner = newOwner('Olivia Owner')
  const finder = newFinder()
  const tag = mintTag()

  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Green umbrella')

  const finderContext = await browser.newContext({
    locale: 'pl-PL',
    extraHTTPHeaders: { 'Accept-Language': 'pl-PL,pl;q=0.9' },
  })
  const finderPage = await finderContext.newPage()
  await test.step('the finder reports it from a page in Polish', async () => {
    await finderPage.goto(tag.url)
    const inform = finderPage.getByRole('button', { name: POLISH.inform })
    await expect(inform).toBeVisible({ timeout: 20_000 })
    await fillFields(finderPage, {
      [POLISH.name]: 'Piotr',
      [POLISH.email]: finder.email,
      [POLISH.where]: 'Peron 2',
    })
    await inform.click()
    await expect(finderPage).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  })

  let chatLink = ''
  await test.step("the finder's e-mail with the chat link is in Polish", async () => {
    const toFinder = await waitForEmail(finder.email)
    expect(toFinder.Subject).toBe('Dziękujemy za zgłoszenie znalezionego przedmiotu')
    expect(toFinder.Text).toContain('Właściciel przedmiotu „Green umbrella” został powiadomiony.')
    expect(toFinder.Text).toContain('Otwórz czat: ')
    chatLink = /Otwórz czat: (\S+)/.exec(toFinder.Text)?.[1] ?? ''
    expect(chatLink).toMatch(/\/chat\?chatId=.*#token=/)
  })

  await test.step("the owner's e-mail says the finder writes in Polish", async () => {
    const toOwner = await waitForEmail(owner.email, /^Your item was found: Green umbrella$/)
    expect(toOwner.Text).toContain('Your item was found!')
    expect(toOwner.Text).toContain('The finder writes in Polish.')
  })

  await test.step('the owner’s chat header says "Writes in Polish"', async () => {
    const chatId = new URL(chatLink).searchParams.get('chatId')
    await ownerPage.goto(`/chat?chatId=${chatId}`)
    await expect(ownerPage.getByText('Writes in Polish')).toBeVisible({ timeout: 20_000 })
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await ownerPage.setViewportSize({ width, height })
      await ownerPage.screenshot({ path: testInfo.outputPath(`owner-chat-${width}.png`) })
    }
  })

  await test.step("the finder's chat: labels, states and a notice's body in Polish", async () => {
    const chatId = new URL(chatLink).searchParams.get('chatId') ?? ''
    await finderPage.goto(chatLink)
    const box = finderPage.getByRole('textbox', { name: 'Wiadomość' })
    await expect(box).toBeVisible({ timeout: 20_000 })
    await box.fill('Dzień dobry, mam parasol.')
    await finderPage.getByRole('button', { name: 'Wyślij', exact: true }).click()
    await ownerPage.getByRole('textbox', { name: 'Message' }).fill('Thanks so much, where are you?')
    await ownerPage.getByRole('button', { name: 'Send', exact: true }).click()
    const list = finderPage.getByRole('list', { name: 'Wiadomości' })
    await expect(list.getByRole('listitem').filter({ hasText: 'Dzień dobry' })).toContainText(
      /^Ty/,
      { timeout: 20_000 },
    )
    await expect(
      list.getByRole('listitem').filter({ hasText: 'Thanks so much, where are you?' }),
    ).toContainText(/^Właściciel/, { timeout: 20_000 })
    // The owner's side of the same chat stays English.
    await expect(
      ownerPage.getByRole('listitem').filter({ hasText: 'Thanks so much' }),
    ).toContainText(/^You/)

    // A warning from Homeward, as app_private.operator_act writes it: the finder reads it in Polish.
    await warnFinder(finderPage, chatId)
    await finderPage.reload()
    await expect(
      finderPage.getByText(
        'Homeward ostrzegł Cię w sprawie rozmowy: zajmij się tylko zwrotem rzeczy i nigdy nie proś o pieniądze ani kody.',
      ),
    ).toBeVisible({ timeout: 20_000 })
    await expect(finderPage.getByText(/^Homeward has warned you/)).toHaveCount(0)
    await finderPage.setViewportSize({ width: 390, height: 844 })
    await finderPage.screenshot({ path: testInfo.outputPath('finder-chat-pl-390.png') })

    // The same chat on an Arabic phone: mirrored, its labels in Arabic.
    await finderContext.addCookies([{ name: 'locale', value: 'ar', url: APP_URL }])
    await finderPage.reload()
    await expect(finderPage.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 20_000 })
    await expect(
      finderPage
        .getByRole('list', { name: 'الرسائل' })
        .getByRole('listitem')
        .filter({ hasText: 'Dzień dobry' }),
    ).toContainText(/^أنت/, { timeout: 20_000 })
    await finderPage.screenshot({ path: testInfo.outputPath('finder-chat-ar-390.png') })
  })

  await finderContext.close()
  await ownerContext.close()
})

/**
 * Warns the finder about this conversation as an operator's "warn" does
 * (app_private.operator_act writes the notice; here the service role writes the same row).
 */
async function warnFinder(finderPage: Page, chatId: string): Promise<void> {
  const finderId = await finderPage.evaluate(() => {
    const stored = Object.keys(localStorage)
      .filter((name) => name.startsWith('sb-') && name.endsWith('-auth-token'))
      .map((name) => localStorage.getItem(name))[0]
    return stored ? ((JSON.parse(stored) as { user?: { id?: string } }).user?.id ?? '') : ''
  })
  expect(finderId).not.toBe('')
  const { error } = await operatorClient({}).from('safety_notices').insert({
    user_id: finderId,
    chat_id: chatId,
    kind: 'warning',
    body: 'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.',
  })
  if (error) throw new Error(`writing the notice: ${error.message}`)
}
