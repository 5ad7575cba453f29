import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  cardFields,
  connectedBusiness,
  createConnectedAccount,
  goodCard,
  onboard,
  openDepositCheckout,
  payByControl,
  startService,
  submitForm,
} from './support.ts'

const declined = '4000 0000 0000 0002'
const insufficientFunds = '4000 0000 0000 9995'
const laterDeclined = '4000 0000 0000 0341'

async function typesOf(stripe: Stripe, account: string) {
  const events = await stripe.events.list({ limit: 100 }, { stripeAccount: account })
  return events.data.map((event) => event.type).reverse()
}

describe('Checkout for one-off payments on a connected account', () => {
  it('shows the business and amount, takes 4242 and completes with a paid PaymentIntent', async () => {
    const { stripe } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await openDepositCheckout(stripe, account.id)
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2000,
      currency: 'eur',
      customer: null,
      customer_email: 'client@example.com',
      customer_creation: 'always',
      client_reference_id: 'appt_1',
      payment_intent: null,
    })
    await expect(stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    })

    const opened = await fetch(session.url as string)
    // Like Stripe's Checkout, the page refuses to be framed (an embed must open it on top).
    expect(opened.headers.get('x-frame-options')).toBe('DENY')
    expect(opened.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
    const page = await opened.text()
    expect(page).toContain('<h1>Pay Salon Ada</h1>')
    expect(page).toContain('€20.00')
    expect(page).toContain('Deposit: Haircut')
    expect(page).toContain('client@example.com')
    expect(page).not.toContain('<script')

    const paid = await submitForm(session.url as string, cardFields(goodCard))
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(
      `http://app.test/booking/paid?session_id=${session.id}`,
    )

    const completed = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent', 'payment_intent.latest_charge'] },
      { stripeAccount: account.id },
    )
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'client@example.com' },
    })
    const intent = completed.payment_intent as Stripe.PaymentIntent
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 2000,
      amount_received: 2000,
      currency: 'eur',
      customer: completed.customer,
      metadata: { appointment_id: 'appt_1' },
      setup_future_usage: 'off_session',
    })
    expect(intent.latest_charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount_captured: 2000,
      amount_refunded: 0,
      refunded: false,
      payment_intent: intent.id,
    })
    const paymentMethod = await stripe.paymentMethods.retrieve(
      intent.payment_method as string,
      {},
      { stripeAccount: account.id },
    )
    // setup_future_usage=off_session keeps the card on the customer for later charges.
    expect(paymentMethod).toMatchObject({ customer: completed.customer, card: { last4: '4242' } })
    expect(
      await stripe.customers.retrieve(
        completed.customer as string,
        {},
        {
          stripeAccount: account.id,
        },
      ),
    ).toMatchObject({ email: 'client@example.com' })
    expect(await typesOf(stripe, account.id)).toEqual([
      'account.updated',
      'payment_intent.created',
      'customer.created',
      'payment_method.attached',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ])

    // A completed session cannot be paid again.
    const again = await submitForm(session.url as string, cardFields(goodCard))
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('already complete')
  })

  it('shows a decline, keeps the session open and lets the customer retry', async () => {
    const { stripe } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await openDepositCheckout(stripe, account.id)
    for (const [card, message] of [
      [declined, 'Your card was declined.'],
      [insufficientFunds, 'Your card has insufficient funds.'],
    ] as const) {
      const response = await submitForm(session.url as string, cardFields(card))
      expect(response.status).toBe(402)
      expect(await response.text()).toContain(`<p role="alert">${message}</p>`)
    }
    const open = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent'] },
      { stripeAccount: account.id },
    )
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' })
    expect(open.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    })
    const failures = await stripe.events.list(
      { type: 'payment_intent.payment_failed' },
      { stripeAccount: account.id },
    )
    expect(failures.data).toHaveLength(2)

    expect((await submitForm(session.url as string, cardFields(goodCard))).status).toBe(303)
    const paid = await stripe.checkout.sessions.retrieve(
      session.id,
      {},
      {
        stripeAccount: account.id,
      },
    )
    // The same PaymentIntent, retried, is the one that succeeds.
    expect(paid).toMatchObject({
      payment_status: 'paid',
      payment_intent: open.payment_intent && (open.payment_intent as Stripe.PaymentIntent).id,
    })
  })

  it('does not keep the card without setup_future_usage, nor make a customer unless asked', async () => {
    const { stripe, service } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await openDepositCheckout(stripe, account.id, {
      customer_creation: undefined,
      payment_intent_data: { metadata: { appointment_id: 'appt_2' } },
    })
    expect(session.customer_creation).toBe('if_required')
    const { status, body } = await payByControl(service, session.id, goodCard)
    expect(status).toBe(200)
    expect(body).toMatchObject({ id: session.id, status: 'complete', customer: null })
    const intent = await stripe.paymentIntents.retrieve(
      body.payment_intent as string,
      {},
      { stripeAccount: account.id },
    )
    expect(intent).toMatchObject({ status: 'succeeded', customer: null, setup_future_usage: null })
    const paymentMethod = await stripe.paymentMethods.retrieve(
      intent.payment_method as string,
      {},
      { stripeAccount: account.id },
    )
    expect(paymentMethod.customer).toBeNull()
  })

  it('saves a card in setup mode for later off-session charges', async () => {
    const { stripe } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        currency: 'eur',
        customer_creation: 'always',
        customer_email: 'client@example.com',
        setup_intent_data: { metadata: { appointment_id: 'appt_3' } },
        success_url: 'http://app.test/booking/saved?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/booking/cancelled',
      },
      { stripeAccount: account.id },
    )
    expect(session).toMatchObject({
      mode: 'setup',
      payment_status: 'no_payment_required',
      amount_total: null,
      setup_intent: null,
    })
    const page = await (await fetch(session.url as string)).text()
    expect(page).toContain('<h1>Save your card with Salon Ada</h1>')

    expect((await submitForm(session.url as string, cardFields(declined))).status).toBe(402)
    expect((await submitForm(session.url as string, cardFields(laterDeclined))).status).toBe(303)
    const completed = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['setup_intent', 'setup_intent.payment_method'] },
      { stripeAccount: account.id },
    )
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' })
    const setupIntent = completed.setup_intent as Stripe.SetupIntent
    expect(setupIntent).toMatchObject({
      status: 'succeeded',
      usage: 'off_session',
      customer: completed.customer,
      metadata: { appointment_id: 'appt_3' },
      payment_method: { customer: completed.customer, card: { last4: '0341' } },
    })
    const types = await typesOf(stripe, account.id)
    expect(types).toContain('setup_intent.setup_failed')
    expect(types.slice(-2)).toEqual(['setup_intent.succeeded', 'checkout.session.completed'])
  })

  it('expires an open session (cancelling its PaymentIntent) and refuses to pay it', async () => {
    const { stripe, service } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await openDepositCheckout(stripe, account.id)
    await payByControl(service, session.id, declined)
    const expired = await stripe.checkout.sessions.expire(
      session.id,
      {},
      {
        stripeAccount: account.id,
      },
    )
    expect(expired).toMatchObject({ status: 'expired', url: null })
    const intent = await stripe.paymentIntents.retrieve(
      expired.payment_intent as string,
      {},
      { stripeAccount: account.id },
    )
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' })
    expect(await typesOf(stripe, account.id)).toEqual(
      expect.arrayContaining(['payment_intent.canceled', 'checkout.session.expired']),
    )
    const page = await submitForm(session.url as string, cardFields(goodCard))
    expect(page.status).toBe(409)
    expect(await page.text()).toContain('Checkout expired')
    expect((await payByControl(service, session.id, goodCard)).status).toBe(409)
    await expect(
      stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: account.id }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' })
  })

  it('expires a connected session once its expires_at has passed', async () => {
    const { stripe } = await startService()
    const account = await connectedBusiness(stripe)
    const expiresAt = Math.floor(Date.now() / 1000) + 31 * 60
    const session = await openDepositCheckout(stripe, account.id, { expires_at: expiresAt })
    const realNow = Date.now
    Date.now = () => (expiresAt + 1) * 1000
    try {
      const read = await stripe.checkout.sessions.retrieve(
        session.id,
        {},
        {
          stripeAccount: account.id,
        },
      )
      expect(read.status).toBe('expired')
    } finally {
      Date.now = realNow
    }
    const expired = await stripe.events.list(
      { type: 'checkout.session.expired' },
      { stripeAccount: account.id },
    )
    expect(expired.data[0]).toMatchObject({ account: account.id })
  })

  it('takes no payment on an account whose card payments are not active', async () => {
    const { stripe } = await startService()
    const fresh = await createConnectedAccount(stripe, 'New Salon')
    const restricted = await createConnectedAccount(stripe, 'Restricted Salon')
    await onboard(stripe, restricted.id, 'details_missing')
    for (const account of [fresh, restricted]) {
      await expect(openDepositCheckout(stripe, account.id)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        message: expect.stringContaining('`card_payments` capability'),
      })
    }
    await onboard(stripe, restricted.id, 'complete')
    expect((await openDepositCheckout(stripe, restricted.id)).status).toBe('open')
  })

  it("keeps Stripe's rules for creating payment and setup sessions", async () => {
    const { stripe } = await startService()
    const account = await connectedBusiness(stripe)
    const now = Math.floor(Date.now() / 1000)
    const refused = (overrides: Partial<Stripe.Checkout.SessionCreateParams>) =>
      openDepositCheckout(stripe, account.id, overrides).catch((error: unknown) => error)

    expect(await refused({ expires_at: now + 10 * 60 })).toMatchObject({ param: 'expires_at' })
    expect(await refused({ expires_at: now + 25 * 3600 })).toMatchObject({ param: 'expires_at' })
    const shortLived = await openDepositCheckout(stripe, account.id, { expires_at: now + 1860 })
    expect(shortLived.expires_at).toBe(now + 1860)
    expect(
      await refused({
        line_items: [
          {
            price_data: { currency: 'eur', unit_amount: 40, product_data: { name: 'Tiny' } },
            quantity: 1,
          },
        ],
      }),
    ).toMatchObject({ code: 'amount_too_small' })
    expect(await refused({ subscription_data: { metadata: { a: 'b' } } })).toMatchObject({
      param: 'subscription_data',
    })
    expect(await refused({ payment_intent_data: { capture_method: 'manual' } })).toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_intent_data[capture_method]',
    })
    expect(await refused({ mode: 'setup' })).toMatchObject({ param: 'payment_intent_data' })
    expect(
      await refused({ mode: 'setup', currency: 'eur', payment_intent_data: undefined }),
    ).toMatchObject({ param: 'line_items' })
    // Only the session that passed made objects: a refused one leaves nothing behind.
    const prices = await stripe.prices.list({}, { stripeAccount: account.id })
    expect(prices.data).toMatchObject([{ unit_amount: 2000, type: 'one_time', active: false }])
  })
})

describe('control endpoint for paying without a browser', () => {
  it('pays or declines through the same path as the page, with Stripe-like errors', async () => {
    const { stripe, service } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await openDepositCheckout(stripe, account.id)
    const declinedAttempt = await payByControl(service, session.id, insufficientFunds)
    expect(declinedAttempt.status).toBe(402)
    expect(declinedAttempt.body).toMatchObject({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        payment_intent: { status: 'requires_payment_method' },
      },
    })
    const typo = await payByControl(service, session.id, '1234')
    expect(typo).toMatchObject({ status: 400, body: { error: { param: 'card' } } })
    const paid = await payByControl(service, session.id, goodCard)
    expect(paid).toMatchObject({
      status: 200,
      body: { status: 'complete', payment_status: 'paid' },
    })
    const missing = await payByControl(service, 'cs_test_nope', goodCard)
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'resource_missing' } } })
    const unauthenticated = await fetch(
      `${service.url}/_local/checkout/sessions/${session.id}/pay`,
      { method: 'POST', body: new URLSearchParams({ card: goodCard }) },
    )
    expect(unauthenticated.status).toBe(401)
  })
})
