import { expect, test } from '@playwright/test'
import { action, field } from './support/forms.ts'
import { linkIn, waitForEmail } from './support/inbox.ts'
import { logIn, register, submitLogin } from './support/owner.ts'
import { checkPage } from './support/page-check.ts'
import { newOwner } from './support/people.ts'

test('password reset through the link in the inbox', async ({ page, browser }, testInfo) => {
  test.slow() // a whole journey: 45–56 s on a quiet machine, against the 60 s default
  const owner = newOwner('Mary Somerville')
  await register(page, owner)

  await page.getByRole('link', { name: 'Reset Password' }).click()
  await expect(page).toHaveURL(/\/password-reset$/)
  await checkPage(page, testInfo, 'password-reset')
  await field(page, 'Email').fill(owner.email)
  await page.getByRole('button', { name: /reset|send/i }).click()
  await expect(page.getByText('Password reset email sent. Please check your email.')).toBeVisible()

  const email = await waitForEmail(owner.email, /password|reset|recover/i)
  const link = linkIn(email, /\/verify\?|\/password-reset|type=recovery/)

  const fresh = await browser.newContext()
  const resetPage = await fresh.newPage()
  await resetPage.goto(link)
  await expect(resetPage).toHaveURL(/\/password-reset\/update/, { timeout: 20_000 })
  const newPassword = `${owner.password}-new`
  // The form shows once the link's session is known (the app's spinner until then).
  await expect(field(resetPage, 'NEW PASSWORD')).toBeVisible()
  await checkPage(resetPage, testInfo, 'password-reset-update')
  await field(resetPage, 'NEW PASSWORD').fill(newPassword)
  await field(resetPage, 'REPEAT PASSWORD').fill(newPassword)
  await resetPage.getByRole('button', { name: 'Update password' }).click()
  await expect(resetPage).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
  await fresh.close()

  await test.step('the old password no longer works, the new one does', async () => {
    const context = await browser.newContext()
    const login = await context.newPage()
    await login.goto('/login')
    await submitLogin(login, owner.email, owner.password)
    await expect(login.getByText('Login credentials incorrect.')).toBeVisible()
    await logIn(login, { ...owner, password: newPassword })
    await expect(action(login, 'Account Settings')).toBeVisible()
    await context.close()
  })
})
