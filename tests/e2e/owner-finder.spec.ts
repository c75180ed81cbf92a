import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { action, field, fillFields } from './support/forms.ts'
import { linkIn, smsTo, waitForEmail } from './support/inbox.ts'
import {
  AFTER_SIGN_UP,
  checkInboxNotice,
  confirmEmail,
  logIn,
  logOut,
  registerFields,
  signUpButton,
  submitLogin,
  textsOffNotice,
  verifyMobile,
} from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag } from './support/tags.ts'
import { readJourney, saveJourney, type Journey } from './support/journey-state.ts'
import { lookUpTag, reportFound } from './support/finder.ts'
import { backendSwitch } from './support/network.ts'

/**
 * The product's main story, in order: an owner registers and activates a tag, a
 * finder (another browser) reports it, the owner is alerted live, they chat as
 * themselves, the finder's link once used is renewed by e-mail for a new browser,
 * the owner's own link from a phone goes through login, and a second report on
 * the same item is a second conversation.
 */
const itemName = 'Blue rucksack'
const renamed = 'Blue rucksack (laptop inside)'

async function asOwner(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const { ownerState } = readJourney()
  const context = await browser.newContext(ownerState ? { storageState: ownerState } : {})
  return { context, page: await context.newPage() }
}

/** The chat link from the finder's e-mail and the finder's browser state, saved by the finder journey. */
function chatForJourney(): Required<Pick<Journey, 'chatLink' | 'finderState'>> | null {
  const { chatLink, finderState } = readJourney()
  return chatLink && finderState ? { chatLink, finderState } : null
}

test('owner: register (validation error first), log in, activate a minted tag, rename it, mark it LOST', async ({
  page,
}, testInfo) => {
  const owner = newOwner()
  saveJourney({ owner, finder: newFinder() })
  const tag = mintTag()

  await test.step('register, with a validation error first', async () => {
    await page.goto('/register')
    await checkPage(page, testInfo, 'register')
    await fillFields(page, registerFields(owner, `${owner.password}-typo`))
    await signUpButton(page).click()
    await expect(page.getByText('Passwords do not match.')).toBeVisible()
    await expect(page).toHaveURL(/\/register$/)
    await field(page, 'REPEAT PASSWORD').fill(owner.password)
    await field(page, 'MOBILE NUMBER').fill('12345')
    await signUpButton(page).click()
    await expect(page.getByText('Mobile is invalid. UK Number only.')).toBeVisible()
    await field(page, 'MOBILE NUMBER').fill(owner.mobile)
    await signUpButton(page).click()
    await expect(page).toHaveURL(AFTER_SIGN_UP, { timeout: 20_000 })
    await expect(checkInboxNotice(page, owner)).toBeVisible()
  })

  await test.step('cannot log in before confirming the e-mail; confirms from the dev inbox', async () => {
    await submitLogin(page, owner.email, owner.password)
    await expect(
      page.getByText(`Your e-mail address ${owner.email} is not confirmed yet.`, { exact: false }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await checkPage(page, testInfo, 'login-unconfirmed')
    await confirmEmail(page, owner)
  })

  await test.step('verify the mobile number with the code texted to it', async () => {
    await expect(textsOffNotice(page)).toBeVisible()
    await checkPage(page, testInfo, 'dashboard-texts-off')
    await verifyMobile(page, owner)
  })

  await test.step('log out from the menu', async () => {
    await logOut(page)
  })

  await test.step('log in (a wrong password first)', async () => {
    await field(page, 'Email').fill(owner.email)
    await field(page, 'Password').fill('not-the-password')
    await action(page, 'Login').first().click()
    await expect(page.getByText('Login credentials incorrect.')).toBeVisible()
    await logIn(page, owner)
    await checkPage(page, testInfo, 'dashboard-empty')
  })

  await test.step('activate the minted tag', async () => {
    await page
      .getByRole('button', { name: 'Activate a Tag' })
      .or(page.getByRole('link', { name: 'Activate a Tag' }))
      .click()
    await expect(page).toHaveURL(/\/activeTag$/)
    await checkPage(page, testInfo, 'active-tag')
    await fillFields(page, {
      'TAG ID': tag.tagId,
      'ACTIVATION CODE': 'WRONG-CODE',
      'NAME YOUR ITEM': itemName,
    })
    await page.getByRole('button', { name: 'Activate', exact: true }).click()
    await expect(page.getByText('Activation code or Tag ID is incorrect.')).toBeVisible()
    await field(page, 'ACTIVATION CODE').fill(tag.activationCode)
    await page.getByRole('button', { name: 'Activate', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
    saveJourney({ tag })
  })

  // Each dashboard card is a link to /editTag showing the tag code, the item name and the badge.
  const card = page.getByRole('link').filter({ hasText: tag.tagId })

  await test.step('see it on the dashboard', async () => {
    await expect(card).toContainText(itemName)
    await expect(card).toContainText('FOUND')
    await checkPage(page, testInfo, 'dashboard-with-item')
  })

  await test.step('rename it and mark it LOST', async () => {
    await card.click()
    await expect(page).toHaveURL(/\/editTag/)
    await checkPage(page, testInfo, 'edit-tag')
    const name = field(page, 'ITEM NAME')
    await expect(name).toHaveValue(itemName)
    await name.fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('You must enter a tag name')).toBeVisible()
    await name.fill(renamed)
    await page.getByRole('button', { name: 'LOST', exact: true }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
    await expect(card).toContainText(renamed)
    await expect(card).toContainText('LOST')
  })

  await test.step('still there after a reload', async () => {
    await page.reload()
    await expect(card).toContainText(renamed)
    await expect(card).toContainText('LOST')
  })
  saveJourney({ ownerState: await page.context().storageState() })
})

test('the dashboard shows it is offline when the backend stops answering, and recovers', async ({
  browser,
}, testInfo) => {
  const { ownerState } = readJourney()
  expect(Boolean(ownerState), 'needs the owner journey: run the whole file, in order').toBeTruthy()
  const { context, page } = await asOwner(browser)
  const backend = await backendSwitch(page)
  await page.goto('/dashboard')
  await expect(page.getByRole('link').filter({ hasText: renamed })).toBeVisible()
  const banner = page.getByText(/you are offline/i)
  await expect(banner).toHaveCount(0)

  await backend.stopAnswering()
  await expect(banner.first()).toBeVisible({ timeout: 30_000 })
  await checkPage(page, testInfo, 'dashboard-offline')

  await backend.resume()
  await expect(banner).toHaveCount(0, { timeout: 30_000 })
  await context.close()
})

test('finder reports the item in a second browser; the owner is alerted on the dashboard without reloading', async ({
  browser,
}, testInfo) => {
  const { owner, finder, tag, ownerState } = readJourney()
  expect(
    owner && finder && tag && ownerState,
    'needs the owner journey: run the whole file, in order',
  ).toBeTruthy()
  if (!owner || !finder || !tag) return
  const ownerSide = await asOwner(browser)
  await ownerSide.page.goto('/dashboard')
  await expect(ownerSide.page.getByText(renamed).first()).toBeVisible()
  let navigations = 0
  ownerSide.page.on('framenavigated', (frame) => {
    if (frame === ownerSide.page.mainFrame()) navigations += 1
  })

  const finderContext = await browser.newContext()
  const finderPage = await finderContext.newPage()
  await reportFound(finderPage, tag.url, finder, (name) => checkPage(finderPage, testInfo, name))
  saveJourney({ finderState: await finderContext.storageState() })

  await test.step('owner alert appears live', async () => {
    const alerts = ownerSide.page.getByRole('region', { name: 'Alerts', exact: true })
    await expect(alerts).toContainText(renamed, { timeout: 20_000 })
    await expect(alerts.getByRole('link', { name: 'Open chat' })).toBeVisible()
    expect(navigations, 'the dashboard must update without reloading').toBe(0)
    await checkPage(ownerSide.page, testInfo, 'dashboard-alert')
  })

  await test.step('e-mails to both and a text message to the owner', async () => {
    const toOwner = await waitForEmail(owner.email)
    expect(toOwner.HTML).toContain(finder.name)
    expect(toOwner.HTML).toContain(finder.where)
    const toFinder = await waitForEmail(finder.email)
    const chatLink = linkIn(toFinder, /\/chat\?chatId=/)
    saveJourney({ chatLink })
    expect(chatLink).toMatch(/#token=/)
    // The owner signs in to chat: their link carries the chat id and no capability.
    const ownerLink = linkIn(toOwner, /\/chat\?chatId=/)
    expect(ownerLink).toContain(new URL(chatLink).searchParams.get('chatId') ?? '-')
    expect(ownerLink).not.toContain('token=')
    saveJourney({ ownerChatLink: ownerLink })
    await expect
      .poll(async () => (await smsTo(owner.mobile)).map((s) => s.Body), { timeout: 20_000 })
      .toContainEqual(expect.stringMatching(/^Your item was found! Blue rucksack/))
  })
  await finderContext.close()
  await ownerSide.context.close()
})

test("owner and finder chat both ways live; the finder's link, used once, is renewed by e-mail for a third browser", async ({
  browser,
}, testInfo) => {
  // Two browsers chatting plus an e-mail round trip through the outbox (dispatched every 10 s).
  test.setTimeout(150_000)
  const chat = chatForJourney()
  const { finder } = readJourney()
  expect(chat && finder, 'needs the finder journey: run the whole file, in order').toBeTruthy()
  if (!chat || !finder) return
  const { chatLink, finderState } = chat
  const chatId = new URL(chatLink).searchParams.get('chatId') ?? ''

  const ownerSide = await asOwner(browser)
  await ownerSide.page.goto(`/chat?chatId=${chatId}`)
  const finderContext = await browser.newContext({ storageState: finderState })
  const finderPage = await finderContext.newPage()
  await finderPage.goto(chatLink)
  await expect(finderPage).toHaveURL(/\/chat\?chatId=/)
  await expect(finderPage).not.toHaveURL(/token=/)
  await checkPage(finderPage, testInfo, 'chat-finder')

  const messageBox = (page: Page) => page.getByRole('textbox', { name: /message/i })
  const send = async (page: Page, text: string) => {
    await messageBox(page).fill(text)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
  }

  await send(finderPage, 'Hello, I have your rucksack.')
  await expect(ownerSide.page.getByText('Hello, I have your rucksack.')).toBeVisible({
    timeout: 15_000,
  })
  await send(ownerSide.page, 'Thank you! Can I collect it tonight?')
  await expect(finderPage.getByText('Thank you! Can I collect it tonight?')).toBeVisible({
    timeout: 15_000,
  })
  await checkPage(ownerSide.page, testInfo, 'chat-owner')

  await test.step('an empty message is not sent', async () => {
    const ownerMessages = ownerSide.page
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
    const before = await ownerMessages.count()
    await messageBox(finderPage).fill('   ')
    await finderPage.getByRole('button', { name: 'Send', exact: true }).click()
    await send(finderPage, 'It is a blue one, right?')
    await expect(ownerSide.page.getByText('It is a blue one, right?')).toBeVisible({
      timeout: 15_000,
    })
    // Had the blank one gone out, it would have arrived first.
    await expect(ownerMessages).toHaveCount(before + 1)
  })

  await test.step('each side sees its own words as "You" and the other by name and role', async () => {
    const label = (page: Page, text: string) =>
      page.getByRole('listitem').filter({ hasText: text }).first()
    await expect(label(finderPage, 'Hello, I have your rucksack.')).toContainText(/^You/)
    await expect(label(finderPage, 'Thank you! Can I collect it tonight?')).toContainText(
      /^The owner/,
    )
    const firstName = finder.name.split(' ')[0] ?? ''
    await expect(label(ownerSide.page, 'Hello, I have your rucksack.')).toContainText(
      new RegExp(`^${firstName}, finder`),
    )
    await expect(label(ownerSide.page, 'Thank you! Can I collect it tonight?')).toContainText(
      /^You/,
    )
  })

  await test.step("the finder's link in a third, fresh browser shows nothing; a new link by e-mail works there", async () => {
    const fresh = await browser.newContext()
    const freshPage = await fresh.newPage()
    await freshPage.goto(chatLink)
    await expect(
      freshPage.getByRole('heading', {
        name: 'This chat link is already in use on another device.',
      }),
    ).toBeVisible({ timeout: 20_000 })
    // The refused token leaves the address bar; the owner gets a Login button.
    await expect.poll(() => new URL(freshPage.url()).hash).toBe('')
    await expect(freshPage.getByRole('button', { name: 'Login' })).toBeVisible()
    await expect(freshPage.getByText('Hello, I have your rucksack.')).toHaveCount(0)
    await expect(messageBox(freshPage)).toHaveCount(0)
    await checkPage(freshPage, testInfo, 'chat-link-in-use')
    await freshPage.getByRole('button', { name: 'Send me a new link' }).click()
    await expect(freshPage.getByText(/We have e-mailed you a new link/)).toBeVisible()

    const newLink = linkIn(await waitForEmail(finder.email, /new chat link/i), /#token=/)
    expect(newLink).not.toBe(chatLink)
    // Opened from the e-mail: a new tab in the same browser.
    const fromEmail = await fresh.newPage()
    await fromEmail.goto(newLink)
    await expect(fromEmail.getByText('Hello, I have your rucksack.')).toBeVisible({
      timeout: 20_000,
    })
    await expect(fromEmail.getByText('Thank you! Can I collect it tonight?')).toBeVisible()
    await send(fromEmail, 'Sent from my phone')
    await expect(ownerSide.page.getByText('Sent from my phone')).toBeVisible({ timeout: 15_000 })
    // The new link revoked the old one and every session bound to it: the finder's
    // first browser is out of the chat; the later journeys go on in this one.
    saveJourney({ finderState: await fresh.storageState(), chatLink: newLink })

    // The forwarded (old) link is dead for anyone new, and says it was replaced.
    const stranger = await browser.newContext()
    const strangerPage = await stranger.newPage()
    await strangerPage.goto(chatLink)
    await expect(
      strangerPage.getByRole('heading', { name: 'This chat link was replaced by a newer one.' }),
    ).toBeVisible({ timeout: 20_000 })
    await expect(strangerPage.getByRole('button', { name: 'Send me a new link' })).toHaveCount(0)
    await expect(strangerPage.getByText('Hello, I have your rucksack.')).toHaveCount(0)
    await stranger.close()
    await fresh.close()
  })
  await finderContext.close()
  await ownerSide.context.close()
})

test('the offline banner shows when the backend stops answering, and what was sent arrives after', async ({
  browser,
}, testInfo) => {
  const chat = chatForJourney()
  expect(Boolean(chat), 'needs the finder journey: run the whole file, in order').toBeTruthy()
  if (!chat) return
  const { chatLink, finderState } = chat
  const chatId = new URL(chatLink).searchParams.get('chatId') ?? ''
  const ownerSide = await asOwner(browser)
  await ownerSide.page.goto(`/chat?chatId=${chatId}`)

  const finderContext = await browser.newContext({ storageState: finderState })
  const page = await finderContext.newPage()
  const backend = await backendSwitch(page)
  await page.goto(`/chat?chatId=${chatId}`)
  await expect(page.getByText('Hello, I have your rucksack.')).toBeVisible({ timeout: 20_000 })
  const banner = page.getByText(/offline/i)
  await expect(banner).toHaveCount(0)

  await backend.stopAnswering()
  await page.getByRole('textbox', { name: /message/i }).fill('Are you still there?')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(banner.first()).toBeVisible({ timeout: 25_000 })
  await checkPage(page, testInfo, 'chat-offline')

  await backend.resume()
  await expect(banner).toHaveCount(0, { timeout: 30_000 })
  await expect(ownerSide.page.getByText('Are you still there?')).toBeVisible({ timeout: 30_000 })
  await finderContext.close()
  await ownerSide.context.close()
})

test('unclaimed tag: scanning it sends the owner to login, then to the activation form prefilled', async ({
  page,
}, testInfo) => {
  const { owner } = readJourney()
  expect(Boolean(owner), 'needs the owner journey: run the whole file, in order').toBeTruthy()
  if (!owner) return
  // An unclaimed demo tag from supabase/seed.sql's header comment.
  const unclaimed = { tagId: 'HWDEMB2345' }
  await page.goto(`/tag?tagId=${unclaimed.tagId}`)
  await lookUpTag(page.getByText('Welcome back!'))
  await expect(page).toHaveURL(/\/login$/)
  await submitLogin(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/activeTag$/, { timeout: 20_000 })
  await expect(field(page, 'TAG ID')).toHaveValue(unclaimed.tagId)
  await checkPage(page, testInfo, 'active-tag-prefilled')
})

test('finder path on a phone (412×823)', async ({ browser }, testInfo) => {
  const { tag } = readJourney()
  expect(Boolean(tag), 'needs the owner journey: run the whole file, in order').toBeTruthy()
  if (!tag) return
  const phone = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await phone.newPage()
  const second = { ...newFinder(), name: 'Katherine Johnson' }
  await reportFound(page, tag.url, second, (name) => checkPage(page, testInfo, `phone-${name}`))
  const hasHorizontalScroll = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  )
  expect(hasHorizontalScroll, 'the thank-you page fits the phone screen').toBe(false)
  await phone.close()
})

test("owner on a phone: the e-mail's chat link asks them to log in, then opens that chat as the owner", async ({
  browser,
}, testInfo) => {
  const { owner, finder, ownerChatLink: ownerLink } = readJourney()
  const chat = chatForJourney()
  expect(
    owner && finder && chat && ownerLink,
    'needs the finder journey: run the whole file, in order',
  ).toBeTruthy()
  if (!owner || !finder || !chat || !ownerLink) return
  const chatId = new URL(ownerLink).searchParams.get('chatId') ?? '-'
  const phone = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await phone.newPage()
  await page.goto(ownerLink)
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 })
  await expect(page.getByText('Welcome back!')).toBeVisible()
  // The login page says why it is shown.
  await expect(page.getByText('Log in to open the conversation about your item.')).toBeVisible()
  await submitLogin(page, owner.email, owner.password)
  await expect(page).toHaveURL(new RegExp(`/chat\\?chatId=${chatId}$`), { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible({ timeout: 20_000 })
  const firstName = finder.name.split(' ')[0] ?? ''
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Hello, I have your rucksack.' }).first(),
  ).toContainText(new RegExp(`^${firstName}, finder`))
  // On a phone the owner's actions are in the details sheet, opened from the header.
  await page.getByRole('button', { name: 'Details' }).click()
  const sheet = page.getByRole('dialog', { name: 'Chat details' })
  await expect(sheet.getByRole('button', { name: 'Mark as returned' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await checkPage(page, testInfo, 'phone-owner-chat')

  // What the owner writes from the phone reaches the finder as the owner's, never as "You".
  const finderContext = await browser.newContext({ storageState: chat.finderState })
  const finderPage = await finderContext.newPage()
  await finderPage.goto(`/chat?chatId=${chatId}`)
  await page.getByRole('textbox', { name: /message/i }).fill('Writing from my phone')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(
    finderPage.getByRole('listitem').filter({ hasText: 'Writing from my phone' }),
  ).toContainText(/^The owner/, { timeout: 20_000 })
  await finderContext.close()
  await phone.close()
})

test('two reports on one item appear as two conversations on the dashboard', async ({
  browser,
}, testInfo) => {
  const { finder, ownerState } = readJourney()
  expect(
    finder && ownerState,
    'needs the owner and finder journeys: run the whole file, in order',
  ).toBeTruthy()
  if (!finder) return
  const { context, page } = await asOwner(browser)
  await page.goto('/dashboard')
  const reports = page.getByRole('list', { name: 'Reports' })
  // The phone finder (Katherine) reported after the first finder: newest first.
  await expect(reports.getByRole('link', { name: /^Open chat with / })).toHaveCount(2, {
    timeout: 20_000,
  })
  const names = await reports.getByRole('link', { name: /^Open chat with / }).all()
  const labels = await Promise.all(names.map((link) => link.getAttribute('aria-label')))
  expect(labels.map((label) => label?.replace(/, \d+ new$/, ''))).toEqual([
    'Open chat with Katherine',
    `Open chat with ${finder.name.split(' ')[0] ?? ''}`,
  ])
  await expect(reports.getByText(/Found by Katherine on /)).toBeVisible()
  await checkPage(page, testInfo, 'dashboard-two-reports')

  const hrefs = await Promise.all(names.map((link) => link.getAttribute('href')))
  expect(new Set(hrefs).size).toBe(2)
  await names[0]?.click()
  await expect(page).toHaveURL(new RegExp(`${hrefs[0]?.replace('?', '\\?') ?? '-'}$`))
  await expect(page.getByText(/^Found by Katherine/)).toBeVisible({ timeout: 20_000 })
  await context.close()
})
