import { expect, test } from '@playwright/test'
import { field } from './support/forms.ts'
import { checkPage } from './support/page-check.ts'

for (const [what, code] of [
  ['an unknown code', 'NOSUCHTAG'],
  ['a deactivated (refunded) demo tag', 'HWDEMZ2345'],
] as const) {
  test(`${what} shows "Tag not found"`, async ({ page }, testInfo) => {
    await page.goto(`/tag?tagId=${code}`)
    await expect(field(page, 'TAG ID').or(page.getByRole('textbox').first())).toHaveValue(code)
    const notFound = page.getByText('Tag not found')
    if (!(await notFound.isVisible())) {
      await page
        .getByRole('button', { name: /find|submit|continue|search|go/i })
        .first()
        .click()
    }
    await expect(notFound).toBeVisible()
    await expect(page).toHaveURL(/\/tag/)
    await checkPage(page, testInfo, 'tag-not-found')
  })
}
