import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { createEmulatorAccount, uniqueEmail } from '../support/e2e/accounts.ts'
import { localStripePort } from '../support/e2e/ports.ts'
import { signIn } from '../support/e2e/sign-in.ts'

/**
 * Connecting a business's own Stripe account in Settings → Payments, against the real
 * `npm start` path and its local Stripe service: the owner leaves for the hosted onboarding
 * page, chooses how it ends, and comes back to the status it led to.
 */

function statusBadge(page: Page) {
  return page.getByTestId('payment-status')
}

/** On the local Stripe's hosted onboarding: how this onboarding ends. */
async function finishOnboarding(
  page: Page,
  ending: 'Complete onboarding' | 'Leave details missing',
) {
  await expect(page.getByRole('heading', { level: 1, name: /^Set up payments for / })).toBeVisible()
  await page.getByRole('button', { name: ending }).click()
  await expect(page).toHaveURL(/\/settings\/payments$/)
}

test('an owner connects Stripe from Settings and sees it active', async ({ page }) => {
  // A business of its own: the demo business is connected by the specs that book paid
  // services (paid-booking, booking-model), which run earlier in the suite.
  const { email, password } = await createEmulatorAccount(uniqueEmail('payments-owner'))
  await signIn(page, email, password)
  await page.goto('/settings')
  await page.getByRole('main').getByRole('link', { name: 'Payments' }).click()
  await expect(page).toHaveURL(/\/settings\/payments$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  await expect(statusBadge(page)).toHaveText('Not connected')
  await expectNoAxeViolations(page, { seriousOnly: true })

  await page.getByRole('button', { name: 'Connect with Stripe' }).click()
  await finishOnboarding(page, 'Complete onboarding')

  await expect(
    page.getByText('Your Stripe account is connected and can take payments.'),
  ).toBeVisible()
  await expect(statusBadge(page)).toHaveText('Active')
  await expect(page.getByText('Card payments')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What Stripe still needs' })).toHaveCount(0)
  await expect(
    page.getByRole('button', { name: /Connect with Stripe|Continue setup/ }),
  ).toHaveCount(0)

  // How long a paid booking holds its time: saved, and kept across a reload.
  const hold = page.getByRole('textbox', { name: 'Time held while paying' })
  await expect(hold).toHaveValue('10')
  await hold.fill('20')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('The time held while paying was saved.')).toBeVisible()

  // A reload shows the stored status, without telling the return again.
  await page.reload()
  await expect(statusBadge(page)).toHaveText('Active')
  await expect(page.getByRole('textbox', { name: 'Time held while paying' })).toHaveValue('20')
})

test('a new owner who leaves details missing sees Restricted and what is missing, then finishes on a fresh link', async ({
  browser,
}) => {
  // A phone in dark mode: the page must read and work there too.
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  const { email, password } = await createEmulatorAccount(uniqueEmail('payments'))
  await signIn(page, email, password)

  await page.goto('/settings/payments')
  await expect(statusBadge(page)).toHaveText('Not connected')
  await page.getByRole('button', { name: 'Connect with Stripe' }).click()
  await finishOnboarding(page, 'Leave details missing')

  await expect(statusBadge(page)).toHaveText('Restricted')
  const missing = page.getByRole('region', { name: 'What Stripe still needs' })
  await expect(missing.getByRole('listitem')).toHaveText([
    'An identity document (passport, ID card or licence)',
  ])
  await expect(
    page.getByText('Stripe still needs a few details before your account can take payments.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue setup' })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page, { seriousOnly: true })

  // Stripe sends an expired or used link to the refresh address: the app asks for a fresh one.
  await page.goto('/settings/payments?onboarding=refresh')
  await finishOnboarding(page, 'Complete onboarding')
  await expect(statusBadge(page)).toHaveText('Active')
  await context.close()
})

test('an owner who disconnects Slotwise in Stripe is told so and connects a new account', async ({
  page,
}) => {
  const { email, password } = await createEmulatorAccount(uniqueEmail('payments-leaves'))
  await signIn(page, email, password)
  await page.goto('/settings/payments')
  await page.getByRole('button', { name: 'Connect with Stripe' }).click()
  await finishOnboarding(page, 'Complete onboarding')
  await expect(statusBadge(page)).toHaveText('Active')
  const account = page.getByRole('definition').locator('code')
  const first = (await account.textContent()) ?? ''
  expect(first).toMatch(/^acct_/)

  // The business removes Slotwise in its Stripe dashboard; Stripe tells the Connect webhook.
  const removed = await fetch(
    `http://127.0.0.1:${localStripePort}/_local/accounts/${first}/deauthorize`,
    { method: 'POST', headers: { authorization: 'Bearer sk_test_local' } },
  )
  expect(removed.status, await removed.text()).toBe(200)
  await expect
    .poll(async () => {
      await page.reload()
      return (await statusBadge(page).textContent())?.trim()
    })
    .toBe('Disconnected')
  await expect(page.getByText(/customers now book without paying/)).toBeVisible()
  await expectNoAxeViolations(page, { seriousOnly: true })

  await page.getByRole('button', { name: 'Connect Stripe again' }).click()
  await finishOnboarding(page, 'Complete onboarding')
  await expect(statusBadge(page)).toHaveText('Active')
  await expect(account).not.toHaveText(first)
})
