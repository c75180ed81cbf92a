import { expect, test } from '@playwright/test'
import { followMenuLink, openMenu } from './support/menu.ts'
import { checkPage } from './support/page-check.ts'

const HEADLINE = 'Dedicated to making sure your lost items find a way back'

// A 1×1 transparent PNG, served for the campaign page's images so the test needs no network.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

test('visitor: home, menu links, FAQ, how-to-scan, campaign, 404', async ({ page }, testInfo) => {
  test.slow() // a whole journey: 45–56 s on a quiet machine, against the 60 s default
  await test.step('home', async () => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible()
    await expect(page.getByText('All rights reserved')).toBeVisible()
    await expect(page.getByText(String(new Date().getFullYear())).first()).toBeVisible()
    await checkPage(page, testInfo, 'home')
    await page.goto('/home')
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible()
  })

  await test.step('home links: How it works, Get started', async () => {
    await page.getByRole('link', { name: 'How it works' }).first().click()
    await expect(page).toHaveURL(/\/how-it-works$/)
    await checkPage(page, testInfo, 'how-it-works')
    await page.getByRole('link', { name: 'Get started' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Welcome back!')).toBeVisible()
    await checkPage(page, testInfo, 'login')
  })

  await test.step('menu links navigate in-app and close the menu', async () => {
    await page.goto('/')
    await followMenuLink(page, 'How it works', '/how-it-works')
    await followMenuLink(page, 'Found', '/found')
    await checkPage(page, testInfo, 'found')
    await followMenuLink(page, 'Lost Account', '/login')
    await followMenuLink(page, 'Activate a tag', '/tag')
    await checkPage(page, testInfo, 'tag')
    await followMenuLink(page, 'Help', '/faq')
    await followMenuLink(page, 'Home', '/home')
    const menu = await openMenu(page)
    const shop = menu
      .getByRole('link', { name: 'Shop', exact: true })
      .or(menu.getByRole('menuitem', { name: 'Shop' }))
    await expect(shop.first()).toHaveAttribute('href', /^https?:\/\/(?!localhost)/)
    await expect(
      menu.getByRole('link', { name: 'Logout' }).or(menu.getByRole('button', { name: 'Logout' })),
    ).toHaveCount(0)
    await page.keyboard.press('Escape')
  })

  await test.step('FAQ', async () => {
    await page.goto('/faq')
    const groups = [
      'About us',
      'Questions about the Product',
      'my data/account',
      'my security',
      'how to use',
      'how to scan',
      'Refunds',
      'How to contact us',
    ]
    for (const group of groups) {
      await expect(page.getByRole('region', { name: new RegExp(group, 'i') })).toBeVisible()
    }
    await checkPage(page, testInfo, 'faq')
    const answer = page.getByText(/no battery and no GPS/i)
    await expect(answer).toBeHidden()
    await page.locator('summary', { hasText: /battery/i }).click()
    await expect(answer).toBeVisible()
  })

  await test.step('how-to-scan', async () => {
    await page.goto('/found')
    await page
      .getByRole('link', { name: /how to scan/i })
      .first()
      .click()
    await expect(page).toHaveURL(/\/how-to-scan$/)
    // The app's default config has no video id: no video and no third-party frame, just the ten steps.
    await expect(page.getByRole('heading', { name: 'On an iPhone' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'On an Android phone' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(10)
    await expect(page.locator('iframe')).toHaveCount(0)
    await checkPage(page, testInfo, 'how-to-scan')
    await page.getByRole('main').getByRole('link', { name: 'Enter a tag code' }).click()
    await expect(page).toHaveURL(/\/tag$/)
  })

  await test.step('campaign', async () => {
    await page.route('https://images.example/**', (route) =>
      route.fulfill({ body: PIXEL, contentType: 'image/png' }),
    )
    const query = new URLSearchParams({
      'logo-url': 'https://images.example/logo.png',
      title: 'Cambridge Cyclists',
      description: 'Tag your bike before term starts',
      banner: 'https://images.example/banner.png',
    })
    await page.goto(`/campaign?${query.toString()}`)
    await expect(page.getByText('Cambridge Cyclists').first()).toBeVisible()
    await expect(page.getByText('Tag your bike before term starts')).toBeVisible()
    await expect(page.locator('img[src="https://images.example/banner.png"]')).toBeVisible()
    await expect(page.locator('img[src="https://images.example/logo.png"]')).toBeVisible()
    await checkPage(page, testInfo, 'campaign')
  })

  await test.step('404', async () => {
    await page.goto('/no-such-page')
    const goHome = page
      .getByRole('button', { name: 'Go Home' })
      .or(page.getByRole('link', { name: 'Go Home' }))
    await expect(goHome).toBeVisible()
    await checkPage(page, testInfo, 'not-found')
    await goHome.click()
    await expect(page).toHaveURL(/localhost:5173\/(home)?$/)
    await expect(page.getByRole('heading', { name: HEADLINE })).toBeVisible()
  })
})
