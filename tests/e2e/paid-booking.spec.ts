import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import { waitForMail } from '../support/e2e/mail-inbox.ts'
import {
  connectedAccountId,
  connectStripe,
  expireCheckout,
  payOnCheckoutPage,
  sessionOf,
  setPaymentRule,
  staffTokenOf,
} from '../support/e2e/paid-booking.ts'
import {
  BUSINESS,
  chooseTimeNextWeek,
  chosenSlot,
  fillDetails,
  monthLoaded,
  openTimes,
  signInAsStaff,
} from '../support/e2e/public-booking.ts'

/**
 * Paying at booking, end to end on the real `npm start` path and its local Stripe service:
 * the demo owner connects Stripe and asks a 20 % deposit for a service; a customer on a phone
 * in dark mode books it, pays on Stripe's hosted Checkout (a declined card first), and comes
 * back confirmed, with the amount in the confirmation and in the e-mail.
 */

const SERVICE = 'Beard Trim & Hot Towel'
// 20 % of the seeded $30.00.
const DEPOSIT = '$6.00'

let staffToken = ''
let serviceId = ''

test.beforeAll(async ({ browser }) => {
  const staff = await signInAsStaff(browser)
  await connectStripe(staff)
  staffToken = await staffTokenOf(staff)
  const services = (await (
    await staff.request.get(`/api/v1/public/services?business=${BUSINESS}`)
  ).json()) as { items: { id: string; name: string }[] }
  serviceId = services.items.find((service) => service.name === SERVICE)?.id ?? ''
  expect(serviceId, SERVICE).not.toBe('')
  await setPaymentRule(staff.request, staffToken, serviceId, {
    kind: 'deposit_percent',
    deposit_percent: 20,
  })
  await staff.context().close()
})

test.afterAll(async ({ playwright }) => {
  // Other specs book the seeded services as they were: without payment.
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await setPaymentRule(request, staffToken, serviceId, { kind: 'none' })
  await request.dispose()
})

async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    colorScheme: 'dark',
  })
  return context.newPage()
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

/** From the start to Stripe's Checkout page for the deposit of a time a week ahead. */
async function bookToCheckout(page: Page, customer: { name: string; email: string }) {
  // The deposit is on the service list already, before anything is chosen.
  await page.goto(`/booking?business=${BUSINESS}`)
  await expect(page.getByRole('button', { name: new RegExp(SERVICE) })).toContainText(
    `Deposit ${DEPOSIT} at booking`,
  )
  await openTimes(page, { service: SERVICE })
  await monthLoaded(page)
  await chooseTimeNextWeek(page)
  // What booking charges, and the refund rule, before the customer commits.
  await expect(page.getByText(`Deposit paid when you book: ${DEPOSIT}.`)).toBeVisible()
  await expect(page.getByText(/Refunded in full if you cancel up to/)).toBeVisible()
  const chosen = chosenSlot(page)
  await fillDetails(page, customer)
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible()
  await expect(page.locator('.amount')).toHaveText(DEPOSIT)
  return chosen
}

/** Whether the public availability offers this start for the service now. */
async function isOffered(page: Page, startsAt: string): Promise<boolean> {
  const from = new Date(Date.parse(startsAt) - 3_600_000).toISOString()
  const to = new Date(Date.parse(startsAt) + 3_600_000).toISOString()
  const query = new URLSearchParams({ service_id: serviceId, from, to, business: BUSINESS })
  const response = await page.request.get(`/api/v1/public/availability?${query}`)
  expect(response.status(), await response.text()).toBe(200)
  const { slots } = (await response.json()) as { slots: { starts_at: string }[] }
  return slots.some((slot) => Date.parse(slot.starts_at) === Date.parse(startsAt))
}

test('a customer pays a 20 % deposit after a declined card and is booked, with the amount e-mailed', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await customerPage(browser)
  const customer = { name: 'Dana Weiss', email: uniqueEmail('paid') }
  await bookToCheckout(page, customer)

  // A declined card: Stripe's page says so and the customer tries again on the same page.
  await payOnCheckoutPage(page, '4000 0000 0000 0002')
  await expect(page.getByRole('alert')).toContainText(/declined/i)
  await payOnCheckoutPage(page, '4242 4242 4242 4242')

  // Back on the booking page, which syncs the payment and confirms.
  await expect(page).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\?/)
  await expect(page.getByText(`You're booked, ${customer.name}`)).toBeVisible()
  await expect(page.getByText(`Deposit paid: ${DEPOSIT}.`)).toBeVisible()
  await expect(
    page.getByText(new RegExp(`refunded in full; after that, \\${DEPOSIT} is kept\\.`)),
  ).toBeVisible()
  await expectNoSideways(page)
  await expectNoAxeViolations(page)

  const [mail] = await waitForMail(customer.email, 1)
  expect(mail?.text).toContain(`Deposit paid: ${DEPOSIT}.`)
  expect(mail?.text).toMatch(/and the payment is refunded in full; after that, \$6\.00 is kept\./)
  await page.context().close()
})

test('leaving Stripe’s page returns to the wizard, which lets the customer pay again while the time is held', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await customerPage(browser)
  const customer = { name: 'Ravi Menon', email: uniqueEmail('paid-back') }
  await bookToCheckout(page, customer)

  await page.getByRole('link', { name: '← Back' }).click()
  await expect(page).toHaveURL(/\/booking\/payment\/[0-9a-f-]{36}\?.*outcome=cancelled/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment' })).toBeVisible()
  const title = page.getByRole('heading', { level: 2, name: 'Payment not completed' })
  await expect(title).toBeFocused()
  await expect(page.getByRole('alert')).toContainText('Payment not completed')
  await expect(page.getByTestId('hold-time-left')).toHaveText(
    /^Your time is held for another \d+ minutes? \d+ seconds?\.$/,
  )
  await expectNoSideways(page)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Pay now' }).click()
  await payOnCheckoutPage(page, '4242 4242 4242 4242')
  await expect(page.getByText(`You're booked, ${customer.name}`)).toBeVisible()
  await expect(page.getByText(`Deposit paid: ${DEPOSIT}.`)).toBeVisible()
  await page.context().close()
})

test('a hold that runs out unpaid says so, and its time is free to choose again', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await customerPage(browser)
  const chosen = await bookToCheckout(page, {
    name: 'Lena Park',
    email: uniqueEmail('paid-expired'),
  })
  const session = sessionOf(page.url())
  // Held while the customer pays: nobody else is offered the time.
  expect(await isOffered(page, chosen.startsAt)).toBe(false)
  await page.getByRole('link', { name: '← Back' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Payment not completed' })).toBeVisible()
  const paymentUrl = page.url()

  // Stripe ends the Checkout as its time runs out; the page, reloaded, syncs and says so.
  await expireCheckout(await connectedAccountId(page.request, staffToken), session)
  await page.goto(paymentUrl)
  const title = page.getByRole('heading', { level: 2, name: 'The time is no longer held for you' })
  await expect(title).toBeFocused()
  await expect(page.getByText(/nothing was charged and the time is free again/)).toBeVisible()
  expect(await isOffered(page, chosen.startsAt)).toBe(true)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Choose another time' }).click()
  // The service is one person's: no team member to choose, straight to the times.
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible()
  await page.context().close()
})
