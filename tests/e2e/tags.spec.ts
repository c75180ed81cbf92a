import { expect, test } from '@playwright/test'
import { lookUpTag } from './support/finder.ts'
import { field } from './support/forms.ts'
import { checkPage } from './support/page-check.ts'

for (const [what, code] of [
  ['an unknown code', 'NOSUCHTAG'],
  ['a deactivated (refunded) demo tag', 'HWDEMZ2345'],
] as const) {
  test(`${what} shows "Tag not found"`, async ({ page }, testInfo) => {
    await page.goto(`/tag?tagId=${code}`)
    await lookUpTag(page.getByText('Tag not found'))
    await expect(page).toHaveURL(/\/tag/)
    await expect(
      field(page, 'TAG ID').or(page.getByRole('main').getByRole('textbox')).first(),
    ).toHaveValue(new RegExp(code, 'i'))
    await checkPage(page, testInfo, 'tag-not-found')
  })
}

test('a code typed on /tag is looked up too', async ({ page }) => {
  await page.goto('/tag')
  await field(page, 'TAG ID').fill('NOSUCHTAG2')
  await page.getByRole('button', { name: 'Find the owner' }).click()
  await expect(page.getByText('Tag not found')).toBeVisible()
})
