import { type APIRequestContext, expect, type Page } from '@playwright/test'
import Stripe from 'stripe'
import { localStripePort } from './ports.ts'

/*
 * Paying at booking in the browser: the demo business's own Stripe account (the local Stripe
 * service's Connect onboarding), a service's payment rule, and Stripe's hosted Checkout.
 */

/** The local Stripe service as the app's SDK reaches it (scripts/lib/local-stripe.ts). */
const stripe = new Stripe('sk_test_local', {
  host: '127.0.0.1',
  port: localStripePort,
  protocol: 'http',
})

/**
 * The signed-in owner connects the business's Stripe account in Settings → Payments and
 * completes onboarding on Stripe's hosted page; an account connected earlier in the suite is
 * left as it is (the suite shares one server, and an account is never disconnected).
 */
export async function connectStripe(staff: Page): Promise<void> {
  await staff.goto('/settings/payments')
  const badge = staff.getByTestId('payment-status')
  await expect(badge).not.toHaveText('')
  if ((await badge.textContent())?.trim() === 'Active') return
  await staff.getByRole('button', { name: /Connect with Stripe|Continue setup/ }).click()
  await expect(
    staff.getByRole('heading', { level: 1, name: /^Set up payments for / }),
  ).toBeVisible()
  await staff.getByRole('button', { name: 'Complete onboarding' }).click()
  await expect(staff).toHaveURL(/\/settings\/payments$/)
  await expect(badge).toHaveText('Active')
}

export type PaymentRule =
  | { kind: 'none' }
  | { kind: 'deposit_percent'; deposit_percent: number }
  | { kind: 'full' }

/** Sets a service's payment rule through the staff API. */
export async function setPaymentRule(
  request: APIRequestContext,
  staffToken: string,
  serviceId: string,
  rule: PaymentRule,
): Promise<void> {
  const response = await request.patch(`/api/v1/services/${serviceId}`, {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: {
      payment_rule: {
        deposit_amount_minor: null,
        deposit_percent: null,
        no_show_fee_minor: null,
        ...rule,
      },
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** The staff API's token of a signed-in staff page. */
export async function staffTokenOf(staff: Page): Promise<string> {
  return (await staff.evaluate(() => localStorage.getItem('authToken'))) ?? ''
}

/** The business's connected account, as Settings → Payments reads it. */
export async function connectedAccountId(
  request: APIRequestContext,
  staffToken: string,
): Promise<string> {
  const response = await request.get('/api/v1/payments/account', {
    headers: { Authorization: `Bearer ${staffToken}` },
  })
  expect(response.status(), await response.text()).toBe(200)
  const { stripe_account_id: id } = (await response.json()) as { stripe_account_id: string | null }
  if (!id) throw new Error('The business has no connected Stripe account')
  return id
}

/** The Checkout Session a hosted Checkout page's address names (`/checkout/cs_…`). */
export function sessionOf(checkoutUrl: string): string {
  const id = /\/checkout\/(cs_[\w]+)/.exec(checkoutUrl)?.[1]
  if (!id) throw new Error(`Not a Checkout page: ${checkoutUrl}`)
  return id
}

/**
 * Stripe ends the Checkout Session, as it does once its `expires_at` passes: the stand-in for
 * the hold's time running out, which the server's clock cannot be made to do in this suite.
 */
export async function expireCheckout(accountId: string, sessionId: string): Promise<void> {
  await stripe.checkout.sessions.expire(sessionId, {}, { stripeAccount: accountId })
}

/** Pays a Checkout Session as the customer would on its page, without a browser. */
export async function payCheckout(sessionId: string, card = '4242424242424242'): Promise<void> {
  const response = await fetch(
    `http://127.0.0.1:${localStripePort}/_local/checkout/sessions/${sessionId}/pay`,
    {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk_test_local',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ card, expiry: '12 / 34', cvc: '123', name: 'Ann Lee' }),
    },
  )
  expect(response.status, await response.text()).toBe(200)
}

/** Types a card on Stripe's hosted Checkout page and submits it. */
export async function payOnCheckoutPage(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible()
  await page.getByLabel('Card number').fill(card)
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34')
  await page.getByLabel('CVC').fill('123')
  await page.getByLabel('Name on card').fill('Ann Lee')
  await page.getByRole('button', { name: /^Pay / }).click()
}

/**
 * Books through the public booking API, pays at the local Stripe's Checkout with `card` (or
 * keeps it, for a card-on-file service) and comes back as the booking page does: the
 * appointment is then confirmed. Returns its id.
 */
export async function bookAndPayThroughApi(
  request: APIRequestContext,
  slug: string,
  booking: object,
  {
    card = '4242424242424242',
    headers = {},
  }: { card?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const booked = await request.post(`/api/v1/public/bookings?business=${slug}`, {
    headers,
    data: booking,
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const confirmation = (await booked.json()) as {
    appointment: { id: string }
    manage_token: string
    payment: { checkout_url: string }
  }
  const sessionId = confirmation.payment.checkout_url.split('/').pop() ?? ''
  await payCheckout(sessionId, card)
  // The booking page's return (the webhook may have synced it already: the same sync).
  const back = await request.post(
    `/api/v1/public/appointments/${confirmation.appointment.id}/payment-return?business=${slug}`,
    {
      headers: { 'x-manage-token': confirmation.manage_token },
      data: { session_id: sessionId },
    },
  )
  expect(back.status(), await back.text()).toBe(200)
  expect(((await back.json()) as { state: string }).state).toBe('confirmed')
  return confirmation.appointment.id
}
