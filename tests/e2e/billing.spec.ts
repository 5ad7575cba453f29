import { expect, type Locator, type Page, type Route, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { createVerifiedAccount, strongPassword, uniqueEmail } from '../support/e2e/accounts.ts'
import { waitForMail } from '../support/e2e/mail-inbox.ts'
import { localStripePort } from '../support/e2e/ports.ts'
import { signIn, signInAsNewOwner } from '../support/e2e/sign-in.ts'

/**
 * Subscription billing against the real `npm start` path and its local Stripe service: the
 * owner chooses plans in the app, pays on the hosted checkout page and manages the
 * subscription in the hosted portal, all in the browser. The test reaches the local Stripe's
 * API only to find a subscription's id and to let time pass (its `/_local/…` control endpoints).
 */

const localStripe = `http://127.0.0.1:${localStripePort}`
const goodCard = '4242 4242 4242 4242'
const decliningCard = '4000 0000 0000 0341'

/** The local Stripe's API with the secret key `npm start` gives it. */
async function stripeApi<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${localStripe}${path}`, {
    method,
    headers: { authorization: 'Bearer sk_test_local' },
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`)
  return (await response.json()) as T
}

interface StripeList<T> {
  data: T[]
}

/** The subscriptions of the owner's Stripe customer (found by e-mail), newest first. */
async function subscriptionsOf(ownerEmail: string): Promise<{ id: string; status: string }[]> {
  const customers = await stripeApi<StripeList<{ id: string }>>(
    'GET',
    `/v1/customers?email=${encodeURIComponent(ownerEmail)}`,
  )
  expect(customers.data, `Stripe customers with ${ownerEmail}`).toHaveLength(1)
  const customer = customers.data[0]?.id ?? ''
  const subscriptions = await stripeApi<StripeList<{ id: string; status: string }>>(
    'GET',
    `/v1/subscriptions?customer=${customer}&status=all`,
  )
  return subscriptions.data
}

/** Simulated time: the owner's live subscription reaches the end of its period now. */
async function endCurrentPeriod(ownerEmail: string): Promise<void> {
  const [subscription] = await subscriptionsOf(ownerEmail)
  if (!subscription) throw new Error(`${ownerEmail} has no subscription`)
  await stripeApi('POST', `/_local/subscriptions/${subscription.id}/renew`)
}

/** react-aria keeps the real radio input hidden under its visual; a user clicks the label. */
async function chooseRadio(group: Locator, name: string): Promise<void> {
  const radio = group.getByRole('radio', { name, exact: true })
  const anyRadioNamed = group.page().getByRole('radio', { name, exact: true })
  await group.locator('label', { has: anyRadioNamed }).click()
  await expect(radio).toBeChecked()
}

async function choosePlan(
  page: Page,
  plan: string,
  interval: 'Monthly' | 'Yearly',
  /** What the page says under Continue about the payment, when the test checks it. */
  hint?: RegExp,
) {
  await expect(page.getByRole('heading', { name: 'Complete your subscription' })).toBeVisible()
  await chooseRadio(page.getByRole('radiogroup', { name: 'Billing interval' }), interval)
  await chooseRadio(page.getByRole('radiogroup', { name: 'Plans' }), plan)
  const proceed = page.getByRole('button', { name: 'Continue' })
  if (hint) await expect(proceed).toHaveAccessibleDescription(hint)
  await proceed.click()
}

/** Fills the local Stripe's hosted card form (checkout or portal) with a card. */
async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Olive Owner')
}

async function payOnCheckoutPage(page: Page, plan: string, card = goodCard): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${localStripe}/checkout/cs_`))
  await expect(
    page.getByRole('heading', { level: 1, name: `Subscribe to Slotwise ${plan}` }),
  ).toBeVisible()
  await fillCard(page, card)
  await page.getByRole('button', { name: 'Subscribe' }).click()
}

/** Back from Stripe: the return page confirms the plan now in force. */
async function expectActivated(page: Page, plan: string, billed: string): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_/)
  await expect(page.getByRole('heading', { name: 'Subscription Activated' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Your business is now on' })).toHaveText(
    `Your business is now on ${plan}, ${billed}. Thank you!`,
  )
}

async function openBilling(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Billing' })
    .click()
  await expect(page.getByRole('heading', { name: 'Billing Management' })).toBeVisible()
}

function billingSection(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true })
}

/** A new owner subscribes from the billing page, through checkout, and is back on billing. */
async function subscribe(page: Page, plan: string, interval: 'Monthly' | 'Yearly') {
  await openBilling(page)
  await page.getByRole('link', { name: 'Change plan' }).click()
  await choosePlan(page, plan, interval)
  await payOnCheckoutPage(page, plan)
  await expectActivated(page, plan, interval === 'Monthly' ? 'billed monthly' : 'billed yearly')
  await page.getByRole('link', { name: 'Go to billing' }).click()
  await expect(billingSection(page, 'Plan')).toContainText(plan)
}

async function openPortal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Manage billing' }).click()
  await expect(page).toHaveURL(new RegExp(`^${localStripe}/portal/bps_`))
  await expect(page.getByRole('heading', { name: 'Manage your billing' })).toBeVisible()
}

/**
 * The business's booking page in a tab of its own: what its customers see of the plan. `reload`
 * waits for the business in the header, so what the footer then lacks it lacks for good.
 */
async function openBookingPage(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  const response = await page.request.get('/api/v1/me/', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status(), await response.text()).toBe(200)
  const { tenant } = (await response.json()) as { tenant: { slug: string; name: string } }
  const visitor = await page.context().newPage()
  const reload = async () => {
    await visitor.goto(`/booking?business=${tenant.slug}`)
    await expect(visitor.getByRole('banner')).toContainText(tenant.name)
  }
  await reload()
  return { visitor, footer: visitor.getByRole('contentinfo'), reload }
}

test('an owner on trial buys Starter, cancels, falls back to Free and upgrades to Pro', async ({
  page,
}) => {
  const owner = await signInAsNewOwner(page, 'billing-upgrade')
  await openBilling(page)
  const plan = billingSection(page, 'Plan')
  await expect(plan).toContainText('Pro')
  await expect(plan).toContainText('Trial — 14 days left')
  await expect(billingSection(page, 'Payment method')).toContainText('No card on file.')

  await page.getByRole('link', { name: 'Change plan' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  // Subscribing during the trial keeps its 14 days: the card is first charged at its end.
  await choosePlan(
    page,
    'Starter',
    'Monthly',
    /^Starter for \$12 per month\. Your trial continues until .+; your card is first charged then\.$/,
  )
  // The return page says it is confirming until the sync answers; the sync is held until the
  // test has seen that, so the check does not depend on how fast the server is. Held from
  // before the payment: the return page can ask for it before payOnCheckoutPage returns.
  let releaseSync = () => {}
  const syncHeld = new Promise<void>((resolve) => {
    releaseSync = resolve
  })
  await page.route('**/api/v1/billing/checkout-sessions/*/sync', async (route: Route) => {
    await syncHeld
    await route.continue()
  })
  await payOnCheckoutPage(page, 'Starter')
  await expect(page.getByText('Confirming your payment…')).toBeVisible()
  releaseSync()
  await expectActivated(page, 'Starter', 'billed monthly')
  await page.unrouteAll()
  // The trial's end (Stripe's clock, simulated): the first invoice is charged.
  await endCurrentPeriod(owner)

  await page.getByRole('link', { name: 'Go to billing' }).click()
  await expect(page).toHaveURL(/\/settings\/billing$/)
  await expect(plan.getByText('Starter', { exact: true })).toBeVisible()
  await expect(plan).toContainText('Active')
  await expect(plan).toContainText('$12, billed monthly.')
  // Starter does not include removing the branding: the booking page credits Slotwise.
  const bookingPage = await openBookingPage(page)
  const { footer } = bookingPage
  await expect(footer).toContainText('Powered by Slotwise')
  await expect(billingSection(page, 'Payment method')).toContainText(
    'Visa •••• 4242, expires 12/2034',
  )
  const renewal = (await plan.getByText(/^Renews on /).textContent())?.replace(
    /^Renews on (.*)\.$/,
    '$1',
  )
  const nextInvoice = billingSection(page, 'Next invoice')
  await expect(nextInvoice).toContainText('$12')
  await expect(nextInvoice).toContainText(`On ${renewal}`)

  const invoiceRows = billingSection(page, 'Invoices').getByRole('row')
  await expect(invoiceRows).toHaveCount(2) // the header and one invoice
  await expect(invoiceRows.nth(1)).toContainText('$12')
  await expect(invoiceRows.nth(1)).toContainText('Paid')
  const viewInvoice = page.getByRole('link', { name: /^View invoice .+ \(opens in a new tab\)$/ })
  const invoiceName = (await viewInvoice.getAttribute('aria-label'))?.replace(
    /^View invoice (.+) \(opens in a new tab\)$/,
    '$1',
  )
  const [invoicePage] = await Promise.all([page.waitForEvent('popup'), viewInvoice.click()])
  await expect(
    invoicePage.getByRole('heading', { level: 1, name: `Invoice ${invoiceName}` }),
  ).toBeVisible()
  await expect(invoicePage.getByText('Status: paid')).toBeVisible()
  await invoicePage.close()

  // Cancel in the portal: the plan runs to the end of the period.
  await openPortal(page)
  await page.getByRole('button', { name: 'Cancel plan' }).click()
  await expect(page.getByRole('button', { name: "Don't cancel" })).toBeVisible()
  await page.getByRole('link', { name: '← Return to Slotwise' }).click()
  await expect(page).toHaveURL(/\/settings\/billing$/)
  await expect(plan).toContainText(`Cancels on ${renewal}`)
  await expect(nextInvoice).toContainText('No invoice is coming up.')

  // Time passes: the period ends and the business is on Free. The settings page's Billing card
  // reads the profile, so it follows the live update while the page stays open.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click()
  const billingCard = page
    .getByRole('list', { name: 'Settings' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Billing', exact: true }) })
  await expect(billingCard).toContainText(`Starter · Active Cancels on ${renewal}`)
  await endCurrentPeriod(owner)
  await expect(billingCard).toContainText('Free · Active', { timeout: 20_000 })
  await expect(billingCard).not.toContainText('Cancels on')
  await billingCard.getByRole('link', { name: 'Billing', exact: true }).click()
  await expect(plan.getByText('Free', { exact: true })).toBeVisible()
  await page.reload()
  await expect(plan.getByText('Free', { exact: true })).toBeVisible()
  await expect(plan).not.toContainText('Cancels on')
  await expect(plan).not.toContainText('Renews on')
  await bookingPage.reload()
  await expect(footer).toContainText('Powered by Slotwise')

  // The team screen explains Free's limit and leads to the plans.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click()
  await expect(
    page.getByRole('note').filter({ hasText: 'Your Free plan allows 1 bookable team member.' }),
  ).toContainText('Upgrade to add more.')
  await page.getByRole('link', { name: 'Upgrade your plan' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await choosePlan(page, 'Pro', 'Yearly')
  await payOnCheckoutPage(page, 'Pro')
  await expectActivated(page, 'Pro', 'billed yearly')

  await page.getByRole('link', { name: 'Go to billing' }).click()
  await expect(plan.getByText('Pro', { exact: true })).toBeVisible()
  await expect(plan).toContainText('Active')
  await expect(plan).toContainText('$290, billed yearly.')
  await expect(billingSection(page, 'Invoices').getByRole('row')).toHaveCount(3)
  // Pro includes removing it.
  await bookingPage.reload()
  await expect(footer).toBeVisible()
  await expect(footer).not.toContainText('Powered by')
  await bookingPage.visitor.close()
})

test('a declined card is refused on the checkout page, and another card then pays', async ({
  page,
}) => {
  await signInAsNewOwner(page, 'billing-declined')
  await page.goto('/checkout')
  await choosePlan(page, 'Pro', 'Monthly')
  await payOnCheckoutPage(page, 'Pro', decliningCard)
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.')
  await expect(page).toHaveURL(new RegExp(`^${localStripe}/checkout/cs_`))

  // The card number is never kept; the rest of the form is.
  await expect(page.getByLabel('Card number')).toHaveValue('')
  await expect(page.getByLabel('Name on card')).toHaveValue('Olive Owner')
  await fillCard(page, goodCard)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expectActivated(page, 'Pro', 'billed monthly')
})

test('a plan change with a live subscription is confirmed in the portal, on the same subscription', async ({
  page,
}) => {
  const owner = await signInAsNewOwner(page, 'billing-switch')
  await subscribe(page, 'Starter', 'Monthly')
  // Bought during the trial: the trial ends (simulated) and Starter is paid for.
  await endCurrentPeriod(owner)

  await page.getByRole('link', { name: 'Change plan' }).click()
  await expect(page.getByText('You are on Starter now.')).toBeVisible()
  await choosePlan(page, 'Pro', 'Yearly')
  await expect(page).toHaveURL(new RegExp(`^${localStripe}/portal/bps_`))
  await expect(page.getByRole('heading', { name: 'Confirm your plan change' })).toBeVisible()
  await expect(page.getByText('New plan: Slotwise Pro')).toBeVisible()
  await page.getByRole('button', { name: 'Confirm' }).click()

  await expect(page).toHaveURL(/\/settings\/billing$/)
  const plan = billingSection(page, 'Plan')
  await expect(plan.getByText('Pro', { exact: true })).toBeVisible()
  await expect(plan).toContainText('Active')
  await expect(plan).toContainText('$290, billed yearly.')
  await expect(page.getByRole('region', { name: 'Plan', exact: true })).toHaveCount(1)
  expect(await subscriptionsOf(owner)).toHaveLength(1)
})

test('a renewal on a failing card makes the subscription past due: banner and e-mail', async ({
  page,
}) => {
  const owner = await signInAsNewOwner(page, 'billing-past-due')
  await subscribe(page, 'Starter', 'Monthly')

  await openPortal(page)
  await page.getByRole('link', { name: 'Update card' }).click()
  await fillCard(page, decliningCard)
  await page.getByRole('button', { name: 'Update card' }).click()
  await expect(page.getByText('Visa ending in 0341, expires 12/2034')).toBeVisible()
  await page.getByRole('link', { name: '← Return to Slotwise' }).click()
  await expect(billingSection(page, 'Payment method')).toContainText(
    'Visa •••• 0341, expires 12/2034',
  )
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click()

  // The renewal fails; the owner's open page learns it over the live socket, without a reload.
  await endCurrentPeriod(owner)
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'Your last payment failed. Update your payment method to keep Starter.' })
  await expect(banner).toBeVisible({ timeout: 20_000 })
  await banner.getByRole('link', { name: 'Go to billing' }).click()
  await expect(billingSection(page, 'Plan')).toContainText('Past due')
  await expect(billingSection(page, 'Invoices').getByRole('row').nth(1)).toContainText('Open')

  const [mail] = await waitForMail(owner, 1)
  expect(mail?.text).toContain(
    "We could not take the payment for Existing Owner's Business's Starter plan.",
  )
  expect(mail?.text).toContain('/settings/billing')
})

test('staff and admins cannot reach checkout or billing; the owner can', async ({
  page,
  browser,
}) => {
  await signInAsNewOwner(page, 'billing-roles')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible()
  await nav.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('main').getByRole('link', { name: /^Billing/ })).toBeVisible()

  // The owner invites a staff member and an admin (set-up, as in roles.spec.ts).
  const token = await page.evaluate(() => localStorage.getItem('authToken'))
  const invitees = [
    { role: 'staff', email: uniqueEmail('billing-staff'), name: 'Sam Staff' },
    { role: 'admin', email: uniqueEmail('billing-admin'), name: 'Ada Admin' },
  ]
  for (const invitee of invitees) {
    const invited = await page.request.post('/api/v1/team-members', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: invitee.name, email: invitee.email, permission: invitee.role },
    })
    expect(invited.status()).toBe(201)
    await createVerifiedAccount(invitee.email)
  }

  for (const invitee of invitees) {
    const context = await browser.newContext()
    const member = await context.newPage()
    await signIn(member, invitee.email, strongPassword)
    await expect(member.getByTestId('business-name')).toHaveText("Existing Owner's Business")
    const memberNav = member.getByRole('navigation', { name: 'Main' })
    await expect(memberNav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(memberNav.getByRole('link', { name: 'Billing' }), invitee.role).toHaveCount(0)
    if (invitee.role === 'admin') {
      await memberNav.getByRole('link', { name: 'Settings' }).click()
      await expect(member.getByRole('link', { name: 'Booking policy' })).toBeVisible()
      await expect(member.getByRole('main').getByRole('link', { name: /^Billing/ })).toHaveCount(0)
    }
    for (const path of ['/checkout', '/settings/billing', '/billing']) {
      await member.goto(path)
      await expect(
        member.getByRole('heading', { name: "You don't have access" }),
        `${invitee.role} on ${path}`,
      ).toBeVisible()
      await expect(member.getByRole('button', { name: 'Manage billing' })).toHaveCount(0)
      await expect(member.getByRole('button', { name: 'Continue' })).toHaveCount(0)
    }
    await expect(member.getByRole('alert').filter({ hasText: 'payment failed' })).toHaveCount(0)
    await context.close()
  }
})

test('checkout and billing fit a 375 px screen and pass axe', async ({ page }) => {
  const owner = await signInAsNewOwner(page, 'billing-narrow')
  await page.setViewportSize({ width: 375, height: 800 })

  const expectFitsAndAccessible = async (what: string) => {
    const { scrollWidth, overflowing } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      // What reaches past the screen (some may be clipped by a scroll box), named in a failure.
      overflowing: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > 375)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
        ),
    }))
    expect(
      scrollWidth,
      `${what}: page width; overflowing: ${overflowing.join(' | ')}`,
    ).toBeLessThanOrEqual(375)
    await expectNoAxeViolations(page, { seriousOnly: true, label: `${what}:` })
  }

  await page.goto('/checkout')
  await expect(page.getByRole('radio', { name: 'Pro', exact: true })).toBeVisible()
  await expectFitsAndAccessible('/checkout on trial')

  await page.goto('/settings/billing')
  await expect(billingSection(page, 'Plan')).toContainText('Trial')
  await expectFitsAndAccessible('/settings/billing on trial')

  // Once subscribed, with an invoice in the table.
  await page.goto('/checkout')
  await choosePlan(page, 'Starter', 'Yearly')
  await payOnCheckoutPage(page, 'Starter')
  await expectActivated(page, 'Starter', 'billed yearly')
  // Bought during the trial: its end (simulated) brings the first invoice.
  await endCurrentPeriod(owner)
  await page.getByRole('link', { name: 'Go to billing' }).click()
  await expect(billingSection(page, 'Invoices').getByRole('row')).toHaveCount(2)
  await expectFitsAndAccessible('/settings/billing subscribed')

  await page.goto('/checkout')
  await expect(page.getByText('You are on Starter now.')).toBeVisible()
  await expectFitsAndAccessible('/checkout subscribed')
})
