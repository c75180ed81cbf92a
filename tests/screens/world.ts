import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { operatorClient } from '../../scripts/tags-cli.ts'
import { finderInChat, openChatFromThankYou, reportFound } from '../e2e/support/finder.ts'
import { fillFields } from '../e2e/support/forms.ts'
import { activateAsNewOwner } from '../e2e/support/owner.ts'
import { newFinder, newOwner, type Finder, type Owner } from '../e2e/support/people.ts'
import { mintTag, type MintedTag } from '../e2e/support/tags.ts'
import { waitForApp } from '../e2e/support/app.ts'

/**
 * The people and states the screen gallery and the visual tests photograph, reached
 * the way people reach them (the e2e helpers: register, activate, report, chat). The
 * chat steps use only roles and labels, so they survive a redesign of the chat screen.
 */

export const PHONE = { width: 390, height: 844 }
export const LAPTOP = { width: 1280, height: 800 }
export const NARROW = { width: 320, height: 640 }

export const ITEM = 'Blue rucksack'
export const NOTE = 'Reward offered'
export const INSTRUCTIONS = 'Please hand it in at the Cambridge station ticket office'
export const FINDER_SAYS = 'Hello, I have your rucksack. It was on a bench.'
export const OWNER_SAYS = 'Thank you! Can I collect it this evening?'

export type Person = { context: BrowserContext; page: Page }

export async function newPerson(browser: Browser): Promise<Person> {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' })
  return { context, page: await context.newPage() }
}

/** The message box of a chat (the redesign keeps its label). */
export const messageBox = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' })

export async function send(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText(text).first()).toBeVisible({ timeout: 20_000 })
}

/** Activates one more tag for the owner signed in on `page`, ending on /dashboard. */
export async function activateAnother(page: Page, tag: MintedTag, name: string): Promise<void> {
  await page.goto('/activeTag')
  await fillFields(page, {
    'TAG ID': tag.tagId,
    'ACTIVATION CODE': tag.activationCode,
    'NAME YOUR ITEM': name,
  })
  await page.getByRole('button', { name: 'Activate', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
}

/** Opens the item's Edit Tag page from the dashboard. */
export async function openEditTag(page: Page, tag: MintedTag): Promise<void> {
  await page.goto('/dashboard')
  await page.getByRole('link').filter({ hasText: tag.tagId }).click()
  await expect(page).toHaveURL(/\/editTag/)
  await waitForApp(page)
}

/** Marks the item LOST with a note, instructions and every way back ticked, and saves. */
export async function markLost(page: Page, tag: MintedTag): Promise<void> {
  await openEditTag(page, tag)
  await page.getByRole('button', { name: 'LOST', exact: true }).click()
  await page.getByLabel(/^\s*NOTE FOR THE FINDER/i).fill(NOTE)
  await page.getByLabel(/^\s*RETURN INSTRUCTIONS/i).fill(INSTRUCTIONS)
  for (const box of await page.getByRole('checkbox').all()) await box.check({ force: true })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
}

/** The chat link (with its token) the thank-you page offers the finder. */
export async function thankYouChatLink(page: Page): Promise<string> {
  const href = await page
    .getByRole('link', { name: 'Open the chat with the owner' })
    .getAttribute('href')
  return new URL(href ?? '', page.url()).toString()
}

/** Moves every invite of a chat past its expiry, as time passing would. */
export async function expireChatLinks(chatId: string): Promise<void> {
  const { error } = await operatorClient({})
    .from('chat_invites')
    .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq('chat_id', chatId)
  if (error) throw new Error(`expiring the chat's links: ${error.message}`)
}

/** Approves the desk its admin (by e-mail) signed up, as `npm run operator -- approve-desk` does. */
export async function approveDesk(adminEmail: string): Promise<void> {
  const client = operatorClient({})
  const { data, error } = await client.rpc('operator_pending_desks')
  if (error) throw new Error(`listing the desks: ${error.message}`)
  const desk = (data as { id: string; admin_email: string | null }[]).find(
    (row) => row.admin_email?.toLowerCase() === adminEmail.toLowerCase(),
  )
  if (!desk) throw new Error(`no desk waiting for ${adminEmail}`)
  const decided = await client.rpc('operator_decide_desk', {
    desk_id: desk.id,
    decision: 'approve',
    reason: 'Gallery',
    operator_label: 'screens',
  })
  if (decided.error) throw new Error(`approving the desk: ${decided.error.message}`)
}

/** Called at each state worth a picture as the world is built: (its name, the page showing it). */
export type At = (name: string, page: Page, world: WhoAndWhat) => Promise<void>

/** Who is in the world and their tags: known before any picture is taken. */
export type WhoAndWhat = Pick<MainWorld, 'owner' | 'finder' | 'tag' | 'closedTag'>

/**
 * The smallest world for the main screens: an owner with a LOST item and a second
 * item, a finder who reported the first (on their phone) and exchanged a message with
 * the owner, and a conversation about the second that the owner closed. `at` sees the
 * finder's form and thank-you page on the way, which pass.
 */
export type MainWorld = {
  owner: Owner
  finder: Finder
  tag: MintedTag
  closedTag: MintedTag
  ownerSide: Person
  finderSide: Person & { chatId: string; link: string }
  closedChatId: string
  /** The finder of the closed conversation, on its page. */
  closedFinder: Person
}

export async function mainWorld(browser: Browser, at: At): Promise<MainWorld> {
  const owner = newOwner('Ada Lovelace')
  const finder = newFinder()
  const tag = mintTag()
  const closedTag = mintTag()
  const known: WhoAndWhat = { owner, finder, tag, closedTag }
  const ownerSide = await newPerson(browser)
  await activateAsNewOwner(ownerSide.page, owner, tag, ITEM)
  await activateAnother(ownerSide.page, closedTag, 'Black umbrella')
  await markLost(ownerSide.page, tag)

  const finderSide = await newPerson(browser)
  await reportFound(finderSide.page, tag.url, finder, async (name) => {
    if (name === 'found-reunite') await at('finder-form', finderSide.page, known)
  })
  await at('thank-you', finderSide.page, known)
  const link = await thankYouChatLink(finderSide.page)
  const chatId = await openChatFromThankYou(finderSide.page)
  await send(finderSide.page, FINDER_SAYS)
  await ownerSide.page.goto(`/chat?chatId=${chatId}`)
  await send(ownerSide.page, OWNER_SAYS)
  await expect(finderSide.page.getByText(OWNER_SAYS)).toBeVisible({ timeout: 20_000 })
  // The finder's receipts settle on "seen" (the owner has opened the chat), so the
  // picture does not depend on when it is taken. (A chat without receipts goes on.)
  await finderSide.page
    .getByText(/has seen your message/)
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined)

  const closed = await finderInChat(browser, closedTag.url, { ...newFinder(), name: 'Kit Marlowe' })
  await closeConversation(ownerSide.page, closed.chatId)
  await expect(closed.page.getByRole('status', { name: 'Conversation closed' })).toBeVisible({
    timeout: 20_000,
  })
  return {
    owner,
    finder,
    tag,
    closedTag,
    ownerSide,
    finderSide: { ...finderSide, chatId, link },
    closedChatId: closed.chatId,
    closedFinder: { context: closed.context, page: closed.page },
  }
}

/**
 * A button of the chat's details: beside the conversation on a laptop, in the sheet
 * the header's Details button opens on a phone (opened here when needed).
 */
export async function chatAction(page: Page, name: string): Promise<Locator> {
  const action = page.getByRole('button', { name })
  const details = page.getByRole('button', { name: 'Details' })
  await details.or(action).first().waitFor()
  if (!(await action.isVisible())) await details.click()
  return action
}

/** The owner closes one conversation from its chat page. */
export async function closeConversation(page: Page, chatId: string): Promise<void> {
  await page.goto(`/chat?chatId=${chatId}`)
  await (await chatAction(page, 'Close this conversation')).click()
  await page.getByRole('button', { name: 'Yes, close it' }).click()
  const sheet = page.getByRole('dialog', { name: 'Chat details' })
  if (await sheet.isVisible()) await page.keyboard.press('Escape')
  await expect(page.getByRole('status', { name: 'Conversation closed' })).toBeVisible({
    timeout: 20_000,
  })
}
