import type { Browser, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { createEmulatorAccount, uniqueEmail } from './accounts.ts'

/** Signs in through the login form and waits for the dashboard, where a staff sign-in lands. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * A new e-mail/password owner, signed in: the first sign-in creates their business (named
 * after the account, on a 14-day Pro trial without a card). Returns the owner's e-mail.
 */
export async function signInAsNewOwner(page: Page, prefix: string): Promise<string> {
  const { email, password } = await createEmulatorAccount(uniqueEmail(prefix))
  await signIn(page, email, password)
  return email
}

/** Signs in on a page of a fresh browser context, so that its session is its own. */
export async function signInOnNewPage(
  browser: Browser,
  email: string,
  password: string,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, email, password)
  return page
}

/** A new owner, signed in, on the dashboard of the business their first sign-in created. */
export async function signInToNewBusiness(page: Page, prefix: string): Promise<string> {
  const email = await signInAsNewOwner(page, prefix)
  await expect(page.getByTestId('business-name')).toHaveText("Existing Owner's Business")
  return email
}
