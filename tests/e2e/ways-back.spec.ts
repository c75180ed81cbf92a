import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { finderInChat } from './support/finder.ts'
import { activateAsNewOwner } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { purgeChatNow } from './support/purge.ts'
import { mintTag } from './support/tags.ts'

const YORK = { latitude: 53.95763, longitude: -1.08271, accuracy: 12 }
const OSM_LINK =
  'https://www.openstreetmap.org/?mlat=53.95763&mlon=-1.08271#map=17/53.95763/-1.08271'

/** The finder's browser shares YORK on the form before they report. */
async function shareLocationOnForm(tagUrl: string, context: BrowserContext, page: Page) {
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation(YORK)
  await page.goto(tagUrl)
  await page.getByRole('button', { name: 'Share where I found it' }).click()
  await expect(page.getByText(/Location added: 53\.95763, -1\.08271/)).toBeVisible({
    timeout: 20_000,
  })
}

const waysBack = (page: Page) => page.getByRole('region', { name: 'Ways back' })

test('a hand-in alerts the owner live; a shared address reaches that one finder only and goes with the purge', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const owner = newOwner('Hana Hander')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Green umbrella')
  const first = await finderInChat(browser, tag.url, newFinder())
  const second = await finderInChat(browser, tag.url, { ...newFinder(), name: 'Sam Second' })

  await test.step('the finder says where they handed it in; the owner is alerted at once', async () => {
    await ownerPage.goto('/dashboard')
    await expect(ownerPage.getByText('Green umbrella').first()).toBeVisible({ timeout: 20_000 })
    const ways = waysBack(first.page)
    await ways.getByLabel('I HANDED IT IN AT').fill('York station lost property office')
    await ways.getByRole('button', { name: 'Tell the owner' }).click()
    await expect(ways.getByRole('status', { name: 'Handed in' })).toContainText(
      'You handed it in at: York station lost property office',
      { timeout: 20_000 },
    )
    const alerts = ownerPage.getByRole('region', { name: 'Alerts', exact: true })
    await expect(alerts).toContainText('I handed it in at York station lost property office.', {
      timeout: 20_000,
    })
  })

  let address = ''
  await test.step('after a hand-in there is nothing to post; another finder asks, and the owner shares an address with one tap', async () => {
    await expect(waysBack(first.page).getByRole('button', { name: 'Post it back' })).toHaveCount(0)
    await waysBack(second.page).getByRole('button', { name: 'Post it back' }).click()
    await ownerPage.goto(`/chat?chatId=${second.chatId}`)
    const ways = waysBack(ownerPage)
    await expect(ways).toContainText('offers to post it back, at your cost.', { timeout: 20_000 })
    address = await ways.getByRole('textbox').inputValue()
    expect(address).toContain(owner.address)
    await ways.getByRole('button', { name: /^Share my postal address with / }).click()
    await expect(ways.getByRole('button', { name: 'Stop sharing my address' })).toBeVisible({
      timeout: 20_000,
    })
  })

  await test.step('it appears live in that chat only, not in the first finder’s chat', async () => {
    const shared = waysBack(second.page).getByLabel('Postal address')
    await expect(shared).toContainText(owner.address, { timeout: 20_000 })
    await first.page.reload()
    await expect(waysBack(first.page)).toBeVisible({ timeout: 20_000 })
    await expect(first.page.getByText(owner.address)).toHaveCount(0)
    await expect(waysBack(first.page).getByLabel('Postal address')).toHaveCount(0)
  })

  await test.step('after the purge, the address and the hand-in are gone', async () => {
    await purgeChatNow(first.chatId)
    await purgeChatNow(second.chatId)
    for (const chat of [first, second]) {
      await ownerPage.goto(`/chat?chatId=${chat.chatId}`)
      await expect(waysBack(ownerPage)).toBeVisible({ timeout: 20_000 })
      await expect(waysBack(ownerPage).getByLabel('Postal address')).toHaveCount(0)
      await expect(waysBack(ownerPage).getByRole('status', { name: 'Handed in' })).toHaveCount(0)
      // Nothing more can be shared in a purged conversation, so no address is offered either.
      await expect(ownerPage.getByText(owner.address)).toHaveCount(0)
      await expect(ownerPage.getByText('York station lost property office')).toHaveCount(0)
    }
    await second.page.reload()
    await expect(second.page.getByText(owner.address)).toHaveCount(0)
  })

  await ownerContext.close()
  await first.context.close()
  await second.context.close()
})

test('a pinned location reaches the owner as a map link, and goes with the purge', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const owner = newOwner('Lena Locator')
  const tag = mintTag()
  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await activateAsNewOwner(ownerPage, owner, tag, 'Brown satchel')
  const finder = await finderInChat(browser, tag.url, newFinder(), (context, page) =>
    shareLocationOnForm(tag.url, context, page),
  )

  await ownerPage.goto(`/chat?chatId=${finder.chatId}`)
  const ways = waysBack(ownerPage)
  await expect(ways).toContainText('Where it was found: 53.95763, -1.08271 (within about 12 m)', {
    timeout: 20_000,
  })
  await expect(ways.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    OSM_LINK,
  )
  await expect(ways.getByRole('link', { name: 'Open in a map app' })).toHaveAttribute(
    'href',
    'geo:53.95763,-1.08271',
  )

  await test.step('shared again from the chat, it reaches the owner live', async () => {
    await finder.context.setGeolocation({ latitude: 53.96, longitude: -1.08, accuracy: 30 })
    await waysBack(finder.page)
      .getByRole('button', { name: 'Share where I found it again' })
      .click()
    await expect(ways).toContainText('53.96000, -1.08000 (within about 30 m)', { timeout: 20_000 })
  })

  await test.step('after the purge the location is gone', async () => {
    await purgeChatNow(finder.chatId)
    await ownerPage.reload()
    await expect(waysBack(ownerPage)).toBeVisible({ timeout: 20_000 })
    await expect(ownerPage.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveCount(0)
    await expect(ownerPage.getByText(/53\.96000/)).toHaveCount(0)
  })

  await ownerContext.close()
  await finder.context.close()
})
