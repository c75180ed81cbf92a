import { expect, test, type Locator, type Page } from '@playwright/test'
import { focusProblems } from '../screens/focus.ts'
import { layoutProblems } from '../screens/layout.ts'
import { settle } from '../screens/shots.ts'
import {
  FINDER_SAYS,
  LAPTOP,
  mainWorld,
  NARROW,
  newPerson,
  openEditTag,
  PHONE,
  type WhoAndWhat,
} from '../screens/world.ts'
import { waitForApp } from './support/app.ts'
import { lookUpTag } from './support/finder.ts'

/**
 * The main screens as pictures (issue 45): each at 390 × 844 and 1280 × 800 against
 * its committed baseline (Debian's Chromium, the app's own fonts, no animation; codes,
 * e-mail addresses, numbers, times and dates masked), and each keeping the layout
 * rules of tests/screens/layout.ts (checkbox boxes, 44 px to press on a phone, nothing
 * sideways at 320 px). Baselines: `CI=1 flock /tmp/homeward-ports.lock npx playwright
 * test tests/e2e/screens.spec.ts --update-snapshots` (docs/screens.md).
 */

/** Every dated, timed or random text on the screens, covered in the pictures. */
function dynamic(page: Page, world?: WhoAndWhat): Locator[] {
  const masks = [
    page.locator('time'),
    page.getByText(/\b\d{1,2}:\d{2}\b/),
    page.getByText(
      /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/,
    ),
    page.getByText(/\b(just now|\d+ (second|minute|hour|day)s? ago)\b/i),
  ]
  if (!world) return masks
  for (const text of [
    world.tag.tagId,
    world.closedTag.tagId,
    world.owner.email,
    world.finder.email,
  ])
    masks.push(page.getByText(text))
  masks.push(page.getByLabel(/^\s*(EMAIL|MOBILE NUMBER)\s*\*?\s*$/i))
  // a case link's address carries its random token
  masks.push(page.getByLabel(/^The link to give /))
  return masks
}

/**
 * The layout rules at 390 (a phone's touch sizes) and 320 px wide (no sideways
 * scroll), and focus visible on every control Tab reaches.
 */
async function expectLayout(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? PHONE
  await page.setViewportSize(PHONE)
  await settle(page)
  const problems = await layoutProblems(page, { touch: true })
  await page.setViewportSize(NARROW)
  await settle(page)
  problems.push(...(await layoutProblems(page, { touch: false })).map((p) => `320 px: ${p}`))
  await page.setViewportSize(PHONE)
  problems.push(...(await focusProblems(page)))
  await page.setViewportSize(before)
  expect.soft(problems, `the layout rules on ${name}`).toEqual([])
}

/** The page at both sizes against its baselines. */
async function expectPictures(page: Page, name: string, world?: WhoAndWhat): Promise<void> {
  const before = page.viewportSize() ?? PHONE
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    await page.setViewportSize(viewport)
    await settle(page)
    await expect
      .soft(page, `${name} at ${viewport.width} × ${viewport.height}`)
      .toHaveScreenshot(`${name}-${size}.png`, {
        fullPage: true,
        mask: dynamic(page, world),
        maxDiffPixelRatio: 0.002,
      })
  }
  await page.setViewportSize(before)
}

test('public screens keep the layout rules', async ({ browser }) => {
  const { context, page } = await newPerson(browser)
  for (const path of [
    '/',
    '/how-it-works',
    '/faq',
    '/how-to-scan',
    '/found',
    '/tag',
    '/privacy',
    '/terms',
    '/campaign',
    '/register',
    '/login',
    '/password-reset',
    '/no-such-page',
  ]) {
    await page.goto(path)
    await waitForApp(page)
    await expectLayout(page, path)
  }
  await page.goto('/tag?tagId=NOSUCHTAG1')
  await lookUpTag(page.getByText('Tag not found'))
  await expectLayout(page, 'tag not found')
  await context.close()
})

test('the main screens keep the layout rules and match their baselines', async ({ browser }) => {
  test.setTimeout(300_000)
  const visitor = await newPerson(browser)
  for (const [path, name] of [
    ['/', 'home'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/tag', 'tag'],
  ] as const) {
    await visitor.page.goto(path)
    await waitForApp(visitor.page)
    await expectPictures(visitor.page, name)
  }
  await visitor.context.close()

  const world = await mainWorld(browser, async (name, page, known) => {
    await expectLayout(page, name)
    await expectPictures(page, name, known)
  })
  const owner = world.ownerSide.page

  await owner.goto('/dashboard')
  await expect(owner.getByRole('list', { name: 'Reports' }).first()).toBeVisible({
    timeout: 20_000,
  })
  await expectLayout(owner, 'dashboard')
  await expectPictures(owner, 'dashboard', world)

  await openEditTag(owner, world.tag)
  await expect(owner.getByRole('checkbox').first()).toBeChecked()
  await expectLayout(owner, 'edit tag (LOST)')
  await expectPictures(owner, 'edit-tag-lost', world)

  await owner.goto(`/chat?chatId=${world.finderSide.chatId}`)
  await expect(owner.getByText(FINDER_SAYS).first()).toBeVisible({ timeout: 20_000 })
  await expectLayout(owner, "the owner's chat")
  await expectPictures(owner, 'owner-chat', world)

  await owner.goto(`/chat?chatId=${world.closedChatId}`)
  await expect(owner.getByRole('status', { name: 'Conversation closed' })).toBeVisible({
    timeout: 20_000,
  })
  await expectLayout(owner, 'a closed chat')
  await expectPictures(owner, 'chat-closed', world)

  await owner.goto('/account')
  await waitForApp(owner)
  await expectLayout(owner, 'account settings')
  await expectPictures(owner, 'account', world)

  await expectLayout(world.finderSide.page, "the finder's chat")
  await expectPictures(world.finderSide.page, 'finder-chat', world)

  // Case links (issue 50): the owner's page with one link, and the page it opens.
  const label = 'British Airways baggage, ref LHRBA12345'
  await owner.goto('/dashboard')
  await owner.getByRole('link', { name: /^Case links for / }).click()
  await owner.getByLabel('WHO IS IT FOR?').fill(label)
  await owner.getByRole('button', { name: 'Create case link' }).click()
  const card = owner.getByRole('listitem', { name: `Case link for ${label}` })
  const caseUrl = await card.getByLabel(`The link to give ${label}`).inputValue()
  const desk = await newPerson(browser)
  await desk.page.goto(caseUrl)
  await expect(desk.page.getByRole('region', { name: 'The case' })).toBeVisible({
    timeout: 20_000,
  })
  await expectLayout(desk.page, 'a case link')
  await expectPictures(desk.page, 'case-visitor', world)
  await owner.reload()
  await expect(card.getByText(/Opened once/)).toBeVisible({ timeout: 20_000 })
  await owner.getByLabel('WHO IS IT FOR?').blur()
  await expectLayout(owner, "the owner's case links")
  await expectPictures(owner, 'case-links', world)
  await desk.context.close()

  await Promise.all([
    world.ownerSide.context.close(),
    world.finderSide.context.close(),
    world.closedFinder.context.close(),
  ])
})
