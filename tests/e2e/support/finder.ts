import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { fillFields } from './forms.ts'
import type { Finder } from './people.ts'

/**
 * /tag with a code in the URL (what an NFC tap opens) looks the code up by itself;
 * waits for `outcome`, after a screenshot and scan of the page while it looks up.
 */
export async function lookUpTag(outcome: Locator, check?: (name: string) => Promise<void>) {
  await check?.('tag-prefilled')
  await expect(outcome.first()).toBeVisible({ timeout: 20_000 })
}

/** The finder's path from the tag's URL to the thank-you page. */
export async function reportFound(
  page: Page,
  tagUrl: string,
  who: Finder,
  check?: (name: string) => Promise<void>,
) {
  await page.goto(tagUrl)
  const inform = page.getByRole('button', { name: 'Inform the Owner' })
  await lookUpTag(inform, check)
  // The tag's link is the finder's form itself: no navigation before typing.
  await expect(page).toHaveURL(/\/tag\?tagId=/)
  await check?.('found-reunite')
  await fillFields(page, {
    NAME: who.name,
    EMAIL: who.email,
    'PHONE NUMBER': who.phone,
    ADDRESS: who.address,
    'WHERE YOU FOUND THE ITEM': who.where,
  })
  await inform.click()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  await expect(page.getByRole('link', { name: 'Protect Your Items' })).toHaveAttribute(
    'href',
    /\/register$/,
  )
  await check?.('found-thank-you')
}

/**
 * A finder reports the item in a browser of their own and opens the chat from the
 * thank-you page. `beforeReport` prepares their browser first (a permission, a
 * location shared on the form). Returns their browser, page and the chat's id.
 */
export async function finderInChat(
  browser: Browser,
  tagUrl: string,
  finder: Finder,
  beforeReport?: (context: BrowserContext, page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page; chatId: string }> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await beforeReport?.(context, page)
  await reportFound(page, tagUrl, finder)
  return { context, page, chatId: await openChatFromThankYou(page) }
}

/** From the thank-you page into the chat with the owner; returns the chat's id. */
export async function openChatFromThankYou(page: Page): Promise<string> {
  const link = page.getByRole('link', { name: 'Open the chat with the owner' })
  const href = (await link.getAttribute('href')) ?? ''
  const chatId = new URL(href, 'http://x').searchParams.get('chatId') ?? ''
  await link.click()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 20_000 })
  return chatId
}
