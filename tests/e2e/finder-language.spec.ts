import { expect, test } from '@playwright/test'
import { fillFields } from './support/forms.ts'
import { waitForEmail } from './support/inbox.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { POLISH } from './support/polish.ts'
import { mintTag } from './support/tags.ts'

/**
 * Issue 48, the server side: a report sent from a Polish phone (the page in Polish)
 * makes the owner's e-mail say the finder writes in Polish and the finder's e-mail
 * with the chat link arrive in Polish; the owner's chat header says "Writes in Polish".
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

  await finderContext.close()
  await ownerContext.close()
})
