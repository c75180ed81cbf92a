import { expect, test } from '@playwright/test'
import { field } from './support/forms.ts'
import { checkPage } from './support/page-check.ts'

test('unknown tag shows "Tag not found"', async ({ page }, testInfo) => {
  await page.goto('/tag?tagId=NOSUCHTAG')
  await expect(field(page, 'TAG ID').or(page.getByRole('textbox').first())).toHaveValue('NOSUCHTAG')
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
