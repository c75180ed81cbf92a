import { expect, type Page } from '@playwright/test'
import { action, field, fillFields } from './forms.ts'
import type { Owner } from './people.ts'
import type { MintedTag } from './tags.ts'
import { waitForApp } from './app.ts'

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
 * /dashboard: sign-up with an auto-confirmed e-mail signs the owner in. Waiting for
 * /dashboard (not /login) waits until the app knows the owner is signed in.
 */
export const AFTER_SIGN_UP = /\/dashboard$/

/** Registers through /register and logs out again, leaving the page on /login. */
export async function register(page: Page, owner: Owner): Promise<void> {
  await page.goto('/register')
  await fillFields(page, registerFields(owner))
  await signUpButton(page).click()
  await expect(page).toHaveURL(AFTER_SIGN_UP, { timeout: 20_000 })
  await logOut(page)
}

/**
 * Uses the menu's Logout (shown once the app knows the owner is signed in; it reloads
 * the page), then opens /login. Waits for Logout rather than checking it at one instant.
 */
export async function logOut(page: Page): Promise<void> {
  await waitForApp(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog')
  const logout = menu.getByRole('button', { name: 'Logout' })
  await expect(logout).toBeVisible()
  // Wait for the drawer's slide-in to finish (its animations' own events), so the
  // click lands on Logout and not on the backdrop the drawer is still moving over.
  await menu.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  )
  await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), logout.click()])
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

/** A new owner: registers, logs in and activates the tag as itemName, ending on /dashboard. */
export async function activateAsNewOwner(
  page: Page,
  owner: Owner,
  tag: MintedTag,
  itemName: string,
): Promise<void> {
  await register(page, owner)
  await logIn(page, owner)
  await page.goto('/activeTag')
  await fillFields(page, {
    'TAG ID': tag.tagId,
    'ACTIVATION CODE': tag.activationCode,
    'NAME YOUR ITEM': itemName,
  })
  await page.getByRole('button', { name: 'Activate', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
}
