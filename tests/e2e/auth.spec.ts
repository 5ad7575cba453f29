import { expect, test } from '@playwright/test'
import { createEmulatorAccount, strongPassword, uniqueEmail } from '../support/e2e/accounts.ts'

test('a new owner registers, lands on the dashboard with their business, and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('register')
  await page.goto('/register')
  await expect(page).toHaveTitle('Create account - Slotwise Appointments')
  await page.getByLabel('Your name').fill('Ada Park')
  await page.getByLabel('Business name').fill('Ada Park Physio')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(strongPassword)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page).toHaveTitle('Dashboard - Slotwise Appointments')
  await expect(page.getByTestId('business-name')).toHaveText('Ada Park Physio')
  expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBe('true')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
})

test('an existing user signs in with e-mail and password', async ({ page }) => {
  const { email, password } = await createEmulatorAccount(uniqueEmail('signin'))
  await page.goto('/login')
  await expect(page).toHaveTitle('Sign in - Slotwise Appointments')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('business-name')).toHaveText("Existing Owner's Business")
})

test('a wrong password shows a plain sentence, not a provider code', async ({ page }) => {
  const { email } = await createEmulatorAccount(uniqueEmail('wrongpw'))
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('Not-the-password-1!')
  await page.getByRole('button', { name: 'Sign in' }).click()
  const alert = page
    .getByRole('alert')
    .filter({ hasText: /password/i })
    .first()
  await expect(alert).toBeVisible()
  await expect(page.getByText('auth/', { exact: false })).toHaveCount(0)
  await expect(page).toHaveURL(/\/login$/)
})

test('the seeded demo owner signs in to the demo business', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill('owner@harbor-street.test')
  await page.getByLabel('Password').fill('Harbor-Street-2026!')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('business-name')).toHaveText('Harbor Street Studio')
})

test('a protected page while signed out goes to /login, and back there after sign-in', async ({
  page,
}) => {
  await page.goto('/customers')
  await expect(page).toHaveURL(/\/login/)
  const { email, password } = await createEmulatorAccount(uniqueEmail('guard'))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/customers$/)
  await expect(page).toHaveTitle('Customers - Slotwise Appointments')
})

test('a signed-in user opening /login is sent to the dashboard', async ({ page }) => {
  const { email, password } = await createEmulatorAccount(uniqueEmail('redirect'))
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('Google sign-in through the emulator (the popup itself replaced by a credential)', async ({
  page,
}) => {
  // Google's popup needs the internet even against the emulator; the app swaps it for
  // signInWithCredential only when running on the emulator and this identity is set.
  const email = uniqueEmail('google')
  await page.addInitScript(
    (identity) => {
      ;(
        window as unknown as { __slotwiseGoogleTestIdentity: unknown }
      ).__slotwiseGoogleTestIdentity = identity
    },
    { sub: `google-${Date.now()}`, email, displayName: 'Grace Hopper' },
  )
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('business-name')).toHaveText("Grace Hopper's Business")
})

test('the register form shows the password rules and refuses a weak password', async ({ page }) => {
  await page.goto('/register')
  await page.getByLabel('Your name').fill('Weak Pass')
  await page.getByLabel('Email').fill(uniqueEmail('weak'))
  await page.getByLabel('Password').fill('abc')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByText('At least 8 characters')).toBeVisible()
})
