import { expect, type Page } from '@playwright/test'
import { action, field, fillFields } from './forms.ts'
import type { Owner } from './people.ts'
import type { MintedTag } from './tags.ts'
import { waitForApp } from './app.ts'
import { linkIn, smsTo, waitForEmail } from './inbox.ts'

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
 * Success goes to /login (SPEC.md §2), which says to confirm the e-mail address
 * first: confirmations are on (config.toml), so sign-up does not sign the owner in.
 */
export const AFTER_SIGN_UP = /\/login$/

/** The line /login shows after sign-up. */
export function checkInboxNotice(page: Page, owner: Owner) {
  return page.getByText(`Check your inbox: we sent a link to ${owner.email}.`, { exact: false })
}

/**
 * Opens the confirmation link from the dev inbox (the newest one: a resend makes
 * the older links stop working). It leads to /login signed in, which passes on to
 * /dashboard.
 */
export async function confirmEmail(page: Page, owner: Owner): Promise<void> {
  const mail = await waitForEmail(owner.email, /^Confirm your e-mail for Homeward$/)
  await page.goto(linkIn(mail, /\/auth\/v1\/verify\?token=.*type=signup/))
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
}

/** The dashboard's notice while texts are off (the mobile number is not verified). */
export function textsOffNotice(page: Page) {
  return page.getByRole('region', { name: 'We are not texting you yet' })
}

const CODE_TEXT = /Your Homeward code is (\d{6})\./

/** Verifies the owner's mobile number from the dashboard with the code texted to it (dev inbox). */
export async function verifyMobile(page: Page, owner: Owner): Promise<void> {
  const notice = textsOffNotice(page)
  const earlier = new Set((await smsTo(owner.mobile)).map((sms) => sms.Body))
  await notice.getByRole('button', { name: 'Send me a code' }).click()
  let code = ''
  await expect
    .poll(
      async () => {
        const fresh = (await smsTo(owner.mobile)).filter((sms) => !earlier.has(sms.Body))
        code = fresh.map((sms) => CODE_TEXT.exec(sms.Body)?.[1]).find(Boolean) ?? ''
        return code
      },
      { message: `a code texted to ${owner.mobile}`, timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/)
  await notice.getByLabel('CODE FROM THE TEXT').fill(code)
  await notice.getByRole('button', { name: 'Verify my number' }).click()
  await expect(
    page.getByText(
      'Your mobile number is verified. We will text you when one of your items is found.',
    ),
  ).toBeVisible()
  await expect(notice).toHaveCount(0)
}

/**
 * Registers through /register, confirms the e-mail from the dev inbox, verifies the
 * mobile number (unless `verifyNumber: false`) and logs out, leaving the page on /login.
 */
export async function register(
  page: Page,
  owner: Owner,
  { verifyNumber = true }: { verifyNumber?: boolean } = {},
): Promise<void> {
  await page.goto('/register')
  await fillFields(page, registerFields(owner))
  await signUpButton(page).click()
  await expect(page).toHaveURL(AFTER_SIGN_UP, { timeout: 20_000 })
  await expect(checkInboxNotice(page, owner)).toBeVisible()
  await confirmEmail(page, owner)
  if (verifyNumber) await verifyMobile(page, owner)
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

/** A new owner: registers (e-mail confirmed, number verified unless told), logs in and activates the tag as itemName, ending on /dashboard. */
export async function activateAsNewOwner(
  page: Page,
  owner: Owner,
  tag: MintedTag,
  itemName: string,
  options: { verifyNumber?: boolean } = {},
): Promise<void> {
  await register(page, owner, options)
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
