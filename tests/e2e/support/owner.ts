import { expect, type Page } from '@playwright/test'
import { action, field, fillFields } from './forms.ts'
import type { Owner } from './people.ts'

export function registerFields(
  owner: Owner,
  repeatPassword = owner.password,
): Record<string, string> {
  return {
    'FULL NAME': owner.fullName,
    EMAIL: owner.email,
    'MOBILE NUMBER': owner.mobile,
    PASSWORD: owner.password,
    'REPEAT PASSWORD': repeatPassword,
    'D.O.B': owner.dob,
    ADDRESS: owner.address,
    COUNTY: owner.county,
    COUNTRY: owner.country,
  }
}

/** The register form's submit button (its Login button only goes to /login). */
export function signUpButton(page: Page) {
  return page.getByRole('button', { name: /^\s*(sign up|register|create account)\s*$/i })
}

/**
 * Success goes to /login (SPEC.md §2), which passes a signed-in owner on to
 * /dashboard: sign-up with auto-confirmed e-mail signs the owner in.
 */
export const AFTER_SIGN_UP = /\/(login|dashboard)$/

/** Registers through /register and signs out again, leaving the page on /login. */
export async function register(page: Page, owner: Owner): Promise<void> {
  await page.goto('/register')
  await fillFields(page, registerFields(owner))
  await signUpButton(page).click()
  await expect(page).toHaveURL(AFTER_SIGN_UP, { timeout: 20_000 })
  await logOutIfSignedIn(page)
}

/** Uses the menu's Logout (shown only when signed in; it reloads the page), then opens /login. */
export async function logOutIfSignedIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog')
  await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible()
  const logout = menu.getByRole('button', { name: 'Logout' })
  if (await logout.isVisible()) {
    await Promise.all([page.waitForEvent('load'), logout.click()])
  } else {
    await page.keyboard.press('Escape')
  }
  await page.goto('/login')
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
}

/** Fills and submits the login form on the current page (the page must show it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email)
  await field(page, 'Password').fill(password)
  await action(page, 'Login').first().click()
}

/** Logs in from /login and waits for the dashboard greeting. */
export async function logIn(page: Page, owner: Owner): Promise<void> {
  await page.goto('/login')
  await submitLogin(page, owner.email, owner.password)
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
  await expect(page.getByText(owner.fullName).first()).toBeVisible()
}
