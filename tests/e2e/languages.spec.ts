import { expect, test, type Browser, type Page } from '@playwright/test'
import { hydrated } from './support/app.ts'
import { layoutProblems } from '../screens/layout.ts'
import { APP_URL } from './support/urls.ts'
import { fillFields } from './support/forms.ts'
import { activateAsNewOwner, logIn } from './support/owner.ts'
import { newFinder, newOwner } from './support/people.ts'
import { mintTag, type MintedTag } from './support/tags.ts'
import { POLISH, POLISH_PAGES } from './support/polish.ts'
import { SMALL_JPEG } from '../../local-supabase/testing/photo-fixtures.ts'
import { operatorClient } from '../../scripts/tags-cli.ts'

/**
 * The finder's pages in the phone's language (docs/languages.md), against the
 * production build: the host (here `vite preview`, by the same rule as Netlify's
 * `_redirects` and the nginx `map`) answers the prerendered page in the language of
 * the `locale` cookie, else of Accept-Language, so the first HTML is already in it.
 */

/** A phone whose browser prefers `locale` (navigator.languages and Accept-Language). */
async function phone(browser: Browser, locale: string, acceptLanguage: string) {
  const context = await browser.newContext({
    locale,
    extraHTTPHeaders: { 'Accept-Language': acceptLanguage },
    viewport: { width: 390, height: 844 },
  })
  return { context, page: await context.newPage() }
}

/** Every text the page has painted before any script ran: the HTML as it arrived. */
async function firstHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  expect(response.status()).toBe(200)
  return response.text()
}

let tag: MintedTag
const owner = newOwner('Zofia Nowak')

test.beforeAll(async ({ browser }) => {
  tag = mintTag()
  const context = await browser.newContext()
  const page = await context.newPage()
  await activateAsNewOwner(page, owner, tag, 'Czerwony plecak')
  await context.close()
})

test('a Polish phone gets the Polish form at first paint, reports, and reaches the chat', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, 'pl-PL', 'pl-PL,pl;q=0.9,en;q=0.5')
  // The first HTML response is Polish, with no English text of the form in it.
  const html = await firstHtml(page, `/tag?tagId=${tag.tagId}`)
  expect(html).toContain('<html lang="pl" dir="ltr">')
  expect(html).toContain(POLISH.intro)
  expect(html).toContain(POLISH.inform)
  for (const english of [
    'Tell the owner how to get their item back.',
    'WHERE YOU FOUND THE ITEM',
  ]) {
    expect(html).not.toContain(english)
  }

  // What the page paints before the app's JavaScript arrives is Polish too.
  let firstPaint = ''
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    firstPaint = await page.evaluate(() => document.body.innerText)
    await route.continue()
  })
  await page.goto(`/tag?tagId=${tag.tagId}`)
  await expect(page.getByText(POLISH.intro)).toBeVisible()
  await expect(hydrated(page)).toBeAttached({ timeout: 20_000 })
  expect(firstPaint).toContain(POLISH.intro)
  expect(firstPaint).not.toContain('Tell the owner')
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl')

  const finder = newFinder()
  await fillFields(page, {
    [POLISH.name]: finder.name,
    [POLISH.email]: finder.email,
    [POLISH.phone]: finder.phone,
    [POLISH.address]: finder.address,
    [POLISH.where]: finder.where,
  })
  const sent = page.waitForRequest(
    (request) =>
      request.url().includes('/functions/v1/report-found') && request.method() === 'POST',
  )
  await page.getByRole('button', { name: POLISH.inform }).click()
  // The report says which language the finder writes in (the server stores it).
  expect(((await sent).postDataJSON() as { language?: string }).language).toBe('pl')
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  await expect(page.getByRole('heading', { name: POLISH.thanks })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Otwórz czat z właścicielem' })).toBeVisible()
  // The chat: its finder's chrome in Polish (docs/languages.md lists what is still English).
  await page.getByRole('link', { name: 'Otwórz czat z właścicielem' }).click()
  const message = page.getByRole('textbox', { name: 'Wiadomość' })
  await expect(message).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Z właścicielem znalezionej rzeczy')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Zachowaj ostrożność' })).toBeVisible()
  await message.fill('Dzień dobry, mam Pani plecak.')
  await page.getByRole('button', { name: 'Wyślij', exact: true }).click()
  await expect(page.getByText('Dzień dobry, mam Pani plecak.')).toBeVisible({ timeout: 20_000 })
  // The details sheet, its ways back and safety box, and "Delete my details now": Polish too.
  await page.getByRole('button', { name: 'Szczegóły', exact: true }).click()
  const sheet = page.getByRole('dialog', { name: 'Szczegóły rozmowy' })
  await expect(sheet.getByRole('heading', { name: 'Sposoby zwrotu' })).toBeVisible()
  await expect(sheet.getByRole('button', { name: 'Zgłoś właściciela' })).toBeVisible()
  await sheet.getByRole('button', { name: 'Usuń teraz moje dane' }).click()
  const question = page.getByRole('group', { name: 'Usunąć Twoje dane?' })
  await expect(question.getByRole('button', { name: 'Rozmawiaj dalej' })).toBeVisible()
  await context.close()
})

test('a Polish phone meets a position error, the photos box, the privacy summary and the 404 page in Polish', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, 'pl-PL', 'pl-PL,pl;q=0.9,en;q=0.5')
  // The browser refuses the position (no permission given): said in Polish.
  await context.clearPermissions()
  await page.goto(`/tag?tagId=${tag.tagId}`)
  await expect(hydrated(page)).toBeAttached({ timeout: 20_000 })
  await page.getByRole('button', { name: POLISH_PAGES.shareWhere }).click()
  await expect(page.getByRole('alert')).toContainText(POLISH_PAGES.locationDenied)

  // The report form's privacy line leads to /privacy: a finder's summary in Polish first.
  const privacyHtml = await firstHtml(page, '/privacy')
  expect(privacyHtml).toContain('<html lang="pl" dir="ltr">')
  expect(privacyHtml).toContain(POLISH_PAGES.privacyHeading)
  await page.getByRole('link', { name: POLISH_PAGES.privacyLink }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { name: POLISH_PAGES.privacyHeading })).toBeVisible()
  await expect(page.getByText(POLISH_PAGES.privacyDelete)).toBeVisible()

  // A mistyped tag link: the 404 page, in Polish from the first HTML. (`vite preview`'s
  // static server answers it with 200; the 404 status is the build tests' on serve-dist,
  // nginx and _redirects.)
  const missing = await page.request.get(`/tg?tagId=${tag.tagId}`)
  const missingHtml = await missing.text()
  expect(missingHtml).toContain('<html lang="pl" dir="ltr">')
  expect(missingHtml).toContain(POLISH_PAGES.notFound)
  expect(missingHtml).not.toContain('Sorry, we could not find that page.')

  // The thank-you page's photos box: its words, a refusal and a sent photo.
  await page.goto(`/tag?tagId=${tag.tagId}`)
  const finder = newFinder()
  await fillFields(page, {
    [POLISH.name]: finder.name,
    [POLISH.email]: finder.email,
    [POLISH.phone]: finder.phone,
    [POLISH.address]: finder.address,
    [POLISH.where]: finder.where,
  })
  await page.getByRole('button', { name: POLISH.inform }).click()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  const box = page.getByRole('region', { name: POLISH_PAGES.photosHeading })
  await expect(box).toBeVisible({ timeout: 20_000 })
  const picker = page.getByLabel(POLISH_PAGES.addPhoto)
  await expect(picker).toBeEnabled({ timeout: 20_000 })
  await picker.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  })
  await expect(box.getByRole('alert')).toHaveText(POLISH_PAGES.notAPhoto)
  await picker.setInputFiles({ name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: SMALL_JPEG })
  await expect(box.getByText(POLISH_PAGES.sentToOwner, { exact: true })).toBeVisible({
    timeout: 30_000,
  })
  await expect(box.getByText(POLISH_PAGES.photoSent)).toBeVisible()
  await context.close()
})

test('an Arabic phone gets a mirrored form', async ({ browser }) => {
  const { context, page } = await phone(browser, 'ar-EG', 'ar-EG,ar;q=0.9')
  const html = await firstHtml(page, '/found/reunite')
  expect(html).toContain('<html lang="ar" dir="rtl">')
  await page.goto(`/tag?tagId=${tag.tagId}`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('button', { name: 'أبلغ المالك' })).toBeVisible()
  await expect(hydrated(page)).toBeAttached({ timeout: 20_000 })
  // Mirrored: the form's labels start at the right edge.
  const label = page.getByText('البريد الإلكتروني', { exact: true })
  const field = page.getByLabel('البريد الإلكتروني')
  const [labelBox, fieldBox] = [await label.boundingBox(), await field.boundingBox()]
  expect(labelBox && fieldBox).toBeTruthy()
  expect(Math.abs(labelBox!.x + labelBox!.width - (fieldBox!.x + fieldBox!.width))).toBeLessThan(4)
  await context.close()
})

test('Welsh chosen from the menu is remembered after a reload', async ({ browser }) => {
  const { context, page } = await phone(browser, 'en-GB', 'en-GB,en;q=0.9')
  await page.goto(`/tag?tagId=${tag.tagId}`)
  await expect(page.getByRole('button', { name: 'Inform the Owner' })).toBeVisible()
  await expect(hydrated(page)).toBeAttached({ timeout: 20_000 })
  const menu = page.getByLabel('Language')
  await expect(menu).toBeEnabled()
  await menu.selectOption('cy')
  await expect(page.getByRole('button', { name: 'Rhoi gwybod i’r Perchennog' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'cy')
  expect(await page.evaluate(() => localStorage.getItem('homeward.locale'))).toBe('cy')

  await page.reload()
  // The host answered the Welsh page for the cookie: Welsh from the first paint.
  const html = await firstHtml(page, `/tag?tagId=${tag.tagId}`)
  expect(html).toContain('<html lang="cy" dir="ltr">')
  await expect(page.getByRole('button', { name: 'Rhoi gwybod i’r Perchennog' })).toBeVisible()
  await expect(page.getByLabel('Iaith')).toHaveValue('cy')
  await context.close()
})

test('an English phone gets the specification’s words', async ({ browser }) => {
  const { context, page } = await phone(browser, 'en-GB', 'en-GB,en;q=0.9')
  const html = await firstHtml(page, '/found/reunite')
  expect(html).toContain('<html lang="en-GB" dir="ltr">')
  await page.goto(`/tag?tagId=${tag.tagId}`)
  for (const label of ['NAME', 'EMAIL', 'PHONE NUMBER', 'ADDRESS', 'WHERE YOU FOUND THE ITEM']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Inform the Owner' })).toBeVisible()
  await context.close()
})

test('every finder page in the pseudo-locale (accented, ~40% longer) fits 320 px without sideways scrolling', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } })
  // The pseudo-locale is a cookie-only copy of the finder's pages (scripts/lib/page-language.ts).
  await context.addCookies([{ name: 'locale', value: 'en-XA', url: APP_URL }])
  const page = await context.newPage()
  const problems: string[] = []
  const check = async (name: string) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
    await expect(hydrated(page)).toBeAttached({ timeout: 20_000 })
    // Pseudo text everywhere the catalogs reach: no English left on the page's chrome.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ẋ')
    problems.push(
      ...(await layoutProblems(page, { touch: false })).map((line) => `${name}: ${line}`),
    )
  }
  for (const path of ['/tag', '/found', '/how-to-scan', '/found/thank-you', '/privacy']) {
    await page.goto(path)
    await check(path)
  }
  // A mistyped tag link's 404 page.
  await page.goto('/tg?tagId=HWDEMA2345')
  await check('404')
  await expect(page.getByRole('main')).toContainText('ẋ')
  // The report form, from the tag's link, with a refusal and the form's longest texts.
  await page.goto(`/tag?tagId=${tag.tagId}`)
  await check('/tag?tagId= (the report form)')
  await page.locator('form input[name="email"]').fill('not-an-email')
  await page.locator('form button[type="submit"]').click()
  await expect(page.getByRole('alert')).toContainText('ẋ')
  problems.push(...(await layoutProblems(page, { touch: false })).map((line) => `refused: ${line}`))
  expect(problems).toEqual([])
  await context.close()
})

/** The English the finder's chat said before its words went through the catalogs. */
const CHAT_ENGLISH = [
  'The owner',
  'Waiting for connection',
  'Not sent',
  'Retry',
  'Uploaded',
  'Remove',
  'Attach a photo',
  'characters',
  'We looked at your report',
  'Homeward has warned you',
  'With the owner of the item you found',
]

test("the finder's chat in the pseudo-locale fits 320 px, with no English left in its chrome", async ({
  browser,
}, testInfo) => {
  test.slow()
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } })
  await context.addCookies([{ name: 'locale', value: 'en-XA', url: APP_URL }])
  const page = await context.newPage()
  const finder = newFinder()
  await page.goto(`/tag?tagId=${tag.tagId}`)
  await expect(hydrated(page)).toBeAttached({ timeout: 20_000 })
  await page.locator('form input[name="name"]').fill(finder.name)
  await page.locator('form input[name="email"]').fill(finder.email)
  await page.locator('form [name="foundLocation"]').fill(finder.where)
  await page.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/found\/thank-you$/, { timeout: 30_000 })
  const chatLink = page.locator('a[href*="/chat?chatId="]')
  const chatId = new URL((await chatLink.getAttribute('href')) ?? '', APP_URL).searchParams.get(
    'chatId',
  )
  await chatLink.click()
  const composer = page.locator('form').filter({ has: page.locator('textarea') })
  const box = composer.locator('textarea')
  await expect(box).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')

  // A few messages: the finder's, with a photo, and the owner's.
  await box.fill('Hello, I have your rucksack at the station café.')
  await composer.locator('button[type="submit"]').click()
  await composer.locator('input[type="file"]').setInputFiles({
    name: 'IMG_0001.JPG',
    mimeType: 'image/jpeg',
    buffer: SMALL_JPEG,
  })
  await expect(page.locator('li[data-status="uploaded"]')).toHaveCount(1, { timeout: 30_000 })
  // Near the limit: the count shows under the box.
  await box.fill('x'.repeat(1900))
  await expect(page.getByText(/^1900 \/ 2000 /)).toBeVisible()
  const chrome = async () => (await page.locator('main').innerText()).replace(/x{50,}/g, '')
  let text = await chrome()
  expect(CHAT_ENGLISH.filter((english) => text.includes(english))).toEqual([])
  await box.fill('Here it is.')
  await composer.locator('button[type="submit"]').click()
  await expect(page.locator('li[data-status="sent"] img')).toHaveCount(1, { timeout: 30_000 })

  const ownerContext = await browser.newContext()
  const ownerPage = await ownerContext.newPage()
  await logIn(ownerPage, owner)
  await ownerPage.goto(`/chat?chatId=${chatId}`)
  await ownerPage
    .getByRole('textbox', { name: 'Message' })
    .fill('Thanks so much, I will collect it.')
  await ownerPage.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Thanks so much, I will collect it.')).toBeVisible({
    timeout: 20_000,
  })
  await ownerContext.close()

  // A notice from Homeward, as app_private.operator_act writes it (the service role writes the row).
  const finderId = await page.evaluate(() => {
    const stored = Object.keys(localStorage)
      .filter((name) => name.startsWith('sb-') && name.endsWith('-auth-token'))
      .map((name) => localStorage.getItem(name))[0]
    return stored ? ((JSON.parse(stored) as { user?: { id?: string } }).user?.id ?? '') : ''
  })
  const { error } = await operatorClient({}).from('safety_notices').insert({
    user_id: finderId,
    chat_id: chatId,
    kind: 'warning',
    body: 'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.',
  })
  expect(error).toBeNull()
  await page.reload()
  await expect(box).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(/^Ĥöɱéŵåŕđ ĥåš ŵåŕñéđ ýöû/)).toBeVisible({ timeout: 20_000 })

  const list = page.locator('main ol')
  const labels = await list
    .locator('li > div > p:first-child')
    .evaluateAll((nodes) => nodes.map((node) => node.firstChild?.textContent ?? ''))
  expect(labels).toEqual([
    expect.stringMatching(/^Ýöû/),
    expect.stringMatching(/^Ýöû/),
    expect.stringMatching(/^Ŧĥé öŵñéŕ/),
  ])
  await expect(list.getByRole('img').first()).toHaveAttribute('alt', /^Þĥöŧö .*1 ƒŕöɱ .*Ýöû/)
  text = await chrome()
  expect(CHAT_ENGLISH.filter((english) => text.includes(english))).toEqual([])
  expect(text).not.toMatch(/\bYou\b/)
  // The message box can be reached, and nothing (the footer) is drawn over it.
  await box.scrollIntoViewIfNeeded()
  expect(
    await box.evaluate((element) => {
      const area = element.getBoundingClientRect()
      const top = document.elementFromPoint(area.x + area.width / 2, area.y + area.height / 2)
      return top === element || element.contains(top)
    }),
  ).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('finder-chat-en-XA-320.png') })
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.screenshot({ path: testInfo.outputPath('finder-chat-en-XA-320-foot.png') })
  expect((await layoutProblems(page, { touch: false })).map((line) => `chat: ${line}`)).toEqual([])
  await context.close()
})
