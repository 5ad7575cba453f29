import Stripe from 'stripe'
import { afterEach } from 'vitest'
import {
  type LocalStripe,
  type LocalStripeOptions,
  startLocalStripe,
} from '../../local-stripe/server.ts'

export const goodCard = '4242 4242 4242 4242'
export const declinedCard = '4000 0000 0000 0341'

const running: LocalStripe[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.stop()))
})

/** A local Stripe on a free port, stopped after the test, and the SDK pointed at it. */
export async function startService(options: LocalStripeOptions = {}) {
  const service = await startLocalStripe(options)
  running.push(service)
  return { service, stripe: sdkFor(service) }
}

export function sdkFor(service: LocalStripe, key = 'sk_test_local'): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: service.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
}

export async function createPlans(stripe: Stripe) {
  const product = await stripe.products.create({ name: 'Pro', description: 'For busy teams' })
  const monthly = await stripe.prices.create({
    product: product.id,
    unit_amount: 2900,
    currency: 'eur',
    recurring: { interval: 'month' },
    lookup_key: 'pro_monthly',
  })
  const business = await stripe.products.create({ name: 'Business' })
  const businessMonthly = await stripe.prices.create({
    product: business.id,
    unit_amount: 7900,
    currency: 'eur',
    recurring: { interval: 'month' },
    lookup_key: 'business_monthly',
  })
  return { product, monthly, business, businessMonthly }
}

export async function openCheckout(
  stripe: Stripe,
  price: string,
  email = 'owner@example.com',
  trialEnd?: number,
) {
  const customer = await stripe.customers.create({ email, metadata: { business_id: 'biz_1' } })
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: 'biz_1',
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://app.test/billing/done?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing',
    subscription_data: {
      metadata: { business_id: 'biz_1' },
      ...(trialEnd === undefined ? {} : { trial_end: trialEnd }),
    },
  })
  return { customer, session }
}

/** Submits a hosted card form the way a browser would. */
export function submitForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

export function cardFields(number: string): Record<string, string> {
  return {
    card_number: number,
    card_expiry: '12 / 34',
    card_cvc: '123',
    cardholder_name: 'Ada Owner',
  }
}

/** Pays a Checkout Session with 4242 and returns the subscription it created. */
export async function subscribe(stripe: Stripe, price: string) {
  const { customer, session } = await openCheckout(stripe, price)
  const response = await submitForm(session.url as string, cardFields(goodCard))
  if (response.status !== 303) throw new Error(`Checkout answered ${response.status}`)
  const completed = await stripe.checkout.sessions.retrieve(session.id)
  const subscription = await stripe.subscriptions.retrieve(completed.subscription as string)
  return { customer, session: completed, subscription }
}

/** Calls a `/_local/…` control endpoint with the secret key. */
export async function control(
  service: LocalStripe,
  path: string,
  fields: Record<string, string> = {},
) {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer sk_test_local',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Stripe.Subscription
}

export async function eventTypes(stripe: Stripe): Promise<string[]> {
  const events = await stripe.events.list({ limit: 100 })
  return events.data.map((event) => event.type)
}

/** A connected Express account as the app would create it for a business. */
export async function createConnectedAccount(stripe: Stripe, name = 'Salon Ada') {
  return stripe.accounts.create({
    type: 'express',
    country: 'DE',
    email: 'ada@salon.example',
    business_profile: { name },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { business_id: 'biz_1' },
  })
}

/** Opens an onboarding link's page and sends its form with one of its two endings. */
export async function onboard(
  stripe: Stripe,
  account: string,
  outcome: 'complete' | 'details_missing' = 'complete',
) {
  const link = await stripe.accountLinks.create({
    account,
    refresh_url: 'http://app.test/settings/payments?refresh=1',
    return_url: 'http://app.test/settings/payments?returned=1',
    type: 'account_onboarding',
  })
  const opened = await fetch(link.url, { redirect: 'manual' })
  if (opened.status !== 200) throw new Error(`Onboarding page answered ${opened.status}`)
  const sent = await submitForm(link.url, { outcome })
  if (sent.status !== 303) throw new Error(`Onboarding form answered ${sent.status}`)
  return { link, location: sent.headers.get('location') }
}

/** A connected account that finished onboarding and can take payments. */
export async function connectedBusiness(stripe: Stripe, name = 'Salon Ada') {
  const account = await createConnectedAccount(stripe, name)
  await onboard(stripe, account.id)
  return account
}

/** A deposit Checkout on the connected account, as the booking flow would open it. */
export function openDepositCheckout(
  stripe: Stripe,
  account: string,
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'eur',
            unit_amount: 2000,
            product_data: { name: 'Deposit: Haircut' },
          },
          quantity: 1,
        },
      ],
      customer_email: 'client@example.com',
      customer_creation: 'always',
      payment_intent_data: {
        metadata: { appointment_id: 'appt_1' },
        setup_future_usage: 'off_session',
      },
      metadata: { appointment_id: 'appt_1' },
      client_reference_id: 'appt_1',
      success_url: 'http://app.test/booking/paid?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/booking/cancelled',
      ...overrides,
    },
    { stripeAccount: account },
  )
}

/** Calls `/_local/checkout/sessions/:id/pay` as an API test would, without a browser. */
export async function payByControl(service: LocalStripe, session: string, card: string) {
  const response = await fetch(`${service.url}/_local/checkout/sessions/${session}/pay`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer sk_test_local',
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ card }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
