import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { components } from '../../../shared/contract/schema.d.ts'
import { bookPublicly, publicCall } from './public-booking.ts'
import type { TestApp } from './test-app.ts'

type Confirmation = components['schemas']['PublicBookingConfirmation']

/** Stripe's test card that pays. */
export const GOOD_CARD = '4242424242424242'

/** The local Stripe service a business's Checkout runs on, and the key that controls it. */
export interface CheckoutStripe {
  url: string
  secretKey: string
}

/** The Checkout Session a paid booking's confirmation sends the customer to (`cs_…`). */
export function checkoutSessionOf(confirmation: Confirmation): string {
  const url = confirmation.payment?.checkout_url ?? ''
  const id = url.split('/').pop()
  if (!id?.startsWith('cs_')) throw new Error(`No Checkout Session in ${JSON.stringify(url)}`)
  return id
}

/** The customer pays (or keeps a card) at Checkout with a test card number. */
export function payAtCheckout(
  stripe: CheckoutStripe,
  sessionId: string,
  card = GOOD_CARD,
): Promise<Response> {
  return fetch(`${stripe.url}/_local/checkout/sessions/${sessionId}/pay`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${stripe.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ card }),
  })
}

/** The customer's browser back on the booking page from Checkout. */
export function returnFromCheckout(
  testApp: TestApp,
  slug: string,
  confirmation: Confirmation,
  sessionId?: string,
  token = confirmation.manage_token,
): Promise<LightMyRequestResponse> {
  return publicCall(
    testApp,
    'POST',
    `/api/v1/public/appointments/${confirmation.appointment.id}/payment-return`,
    {
      business: slug,
      headers: { 'x-manage-token': token },
      body: sessionId ? { session_id: sessionId } : {},
    },
  )
}

/** Pays at Checkout with `card` and comes back: the booking is then confirmed. */
export async function payAndReturn(
  testApp: TestApp,
  stripe: CheckoutStripe,
  slug: string,
  confirmation: Confirmation,
  card = GOOD_CARD,
): Promise<void> {
  const sessionId = checkoutSessionOf(confirmation)
  const paid = await payAtCheckout(stripe, sessionId, card)
  expect(paid.status, await paid.clone().text()).toBe(200)
  const back = await returnFromCheckout(testApp, slug, confirmation, sessionId)
  expect(back.statusCode, back.body).toBe(200)
  expect(back.json<{ state: string }>().state).toBe('confirmed')
}

/** Books `body` on the public page and pays at Checkout with `card`: a confirmed, paid booking. */
export async function bookAndPay(
  testApp: TestApp,
  stripe: CheckoutStripe,
  slug: string,
  body: object,
  card = GOOD_CARD,
): Promise<Confirmation> {
  const confirmation = await bookPublicly(testApp, slug, body)
  await payAndReturn(testApp, stripe, slug, confirmation, card)
  return confirmation
}
