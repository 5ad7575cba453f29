import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  cardFields,
  control,
  createPlans,
  declinedCard,
  eventTypes,
  goodCard,
  openCheckout,
  startService,
  submitForm,
  subscribe,
} from './support.ts'

describe('hosted Checkout', () => {
  it('pays with 4242, redirects to the success url and starts an active subscription', async () => {
    const { stripe } = await startService()
    const { monthly } = await createPlans(stripe)
    const { customer, session } = await openCheckout(stripe, monthly.id)
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
    })

    const page = await (await fetch(session.url as string)).text()
    expect(page).toContain('<label for="card_number">Card number</label>')
    expect(page).toContain('Pro')
    expect(page).toContain('owner@example.com')
    expect(page).toContain('href="http://app.test/billing"')
    expect(page.match(/<h1>/g)).toHaveLength(1)

    const response = await submitForm(session.url as string, cardFields(goodCard))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      `http://app.test/billing/done?session_id=${session.id}`,
    )

    const completed = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'subscription.default_payment_method'],
    })
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' })
    const subscription = completed.subscription as Stripe.Subscription
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customer.id,
      metadata: { business_id: 'biz_1' },
    })
    const item = subscription.items.data[0] as Stripe.SubscriptionItem
    expect(item.price.id).toBe(monthly.id)
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start + 27 * 86400)
    expect((subscription.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242')
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      invoice_settings: {
        default_payment_method: (subscription.default_payment_method as Stripe.PaymentMethod).id,
      },
    })

    const [invoice] = (await stripe.invoices.list({ subscription: subscription.id })).data
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      parent: { subscription_details: { subscription: subscription.id } },
    })
    expect(await eventTypes(stripe)).toEqual(
      expect.arrayContaining([
        'checkout.session.completed',
        'customer.subscription.created',
        'invoice.paid',
        'invoice.payment_succeeded',
      ]),
    )
  })

  it('keeps a trial given as subscription_data[trial_end]: trialing, nothing billed until the trial ends', async () => {
    const { stripe, service } = await startService()
    const { monthly } = await createPlans(stripe)
    const trialEnd = Math.floor(Date.now() / 1000) + 10 * 86_400
    const { session } = await openCheckout(stripe, monthly.id, 'owner@example.com', trialEnd)
    expect((await submitForm(session.url as string, cardFields(goodCard))).status).toBe(303)
    const completed = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription'],
    })
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' })
    const subscription = completed.subscription as Stripe.Subscription
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: trialEnd })
    expect(subscription.items.data[0]?.current_period_end).toBe(trialEnd)
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toEqual([])
    // The first invoice is the one at the trial's end.
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id })
    expect(preview).toMatchObject({ amount_due: 2900, next_payment_attempt: trialEnd })

    const renewed = await control(service, `/_local/subscriptions/${subscription.id}/renew`)
    expect(renewed.status).toBe('active')
    const invoices = (await stripe.invoices.list({ subscription: subscription.id })).data
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_paid])).toEqual([
      ['paid', 2900],
    ])
  })

  it('refuses a trial_end less than 48 hours ahead, as Stripe does', async () => {
    const { stripe } = await startService()
    const { monthly } = await createPlans(stripe)
    const soon = Math.floor(Date.now() / 1000) + 47 * 3600
    await expect(openCheckout(stripe, monthly.id, 'owner@example.com', soon)).rejects.toMatchObject(
      { statusCode: 400, param: 'subscription_data[trial_end]' },
    )
  })

  it('declines 0341 with an alert and creates nothing', async () => {
    const { stripe } = await startService()
    const { monthly } = await createPlans(stripe)
    const { session } = await openCheckout(stripe, monthly.id)
    const response = await submitForm(session.url as string, cardFields(declinedCard))
    expect(response.status).toBe(402)
    expect(await response.text()).toContain('<p role="alert">Your card was declined.</p>')
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(0)

    const mistyped = await submitForm(session.url as string, cardFields('4111 1111 1111 1112'))
    expect(await mistyped.text()).toContain('Your card number is incorrect.')
  })

  it('expires a session, after which its page says so', async () => {
    const { stripe } = await startService()
    const { monthly } = await createPlans(stripe)
    const { session } = await openCheckout(stripe, monthly.id)
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired')
    expect(await (await fetch(session.url as string)).text()).toContain('expired')
    expect(await eventTypes(stripe)).toContain('checkout.session.expired')
  })
})

describe('subscription lifecycle', () => {
  it('cancels at period end in the portal; the renewal then ends the subscription', async () => {
    const { stripe, service } = await startService()
    const { monthly } = await createPlans(stripe)
    const { customer, subscription } = await subscribe(stripe, monthly.id)
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/billing',
    })
    const home = await (await fetch(portal.url)).text()
    expect(home).toContain('Renews on')
    expect(home).toContain('Return to Slotwise')

    await submitForm(`${portal.url}/cancel`, {})
    const canceling = await stripe.subscriptions.retrieve(subscription.id)
    expect(canceling.cancel_at_period_end).toBe(true)
    expect(await (await fetch(portal.url)).text()).toContain('Cancels on')
    await expect(
      stripe.invoices.createPreview({ subscription: subscription.id }),
    ).rejects.toMatchObject({ code: 'invoice_upcoming_none' })

    const ended = await control(service, `/_local/subscriptions/${subscription.id}/renew`)
    expect(ended.status).toBe('canceled')
    expect(ended.ended_at).toEqual(expect.any(Number))
    const [deleted] = (await stripe.events.list({ type: 'customer.subscription.deleted' })).data
    expect(deleted).toMatchObject({ data: { object: { id: subscription.id, status: 'canceled' } } })
  })

  it('renews with a good card: a new paid invoice and the next period', async () => {
    const { stripe, service } = await startService()
    const { monthly } = await createPlans(stripe)
    const { subscription } = await subscribe(stripe, monthly.id)
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id })
    const periodEnd = subscription.items.data[0]?.current_period_end
    expect(preview).toMatchObject({ amount_due: 2900, next_payment_attempt: periodEnd })

    const renewed = await control(service, `/_local/subscriptions/${subscription.id}/renew`)
    expect(renewed.status).toBe('active')
    expect(
      (await stripe.invoices.list({ subscription: subscription.id, status: 'paid' })).data,
    ).toHaveLength(2)
  })

  it('fails a renewal after the card became 0341, then cancels when retries run out', async () => {
    const { stripe, service } = await startService()
    const { monthly } = await createPlans(stripe)
    const { customer, subscription } = await subscribe(stripe, monthly.id)
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id })
    const cardPage = await (await fetch(`${portal.url}?view=card`)).text()
    expect(cardPage).toContain('<label for="cardholder_name">Name on card</label>')
    // A card declined on any use (0002) cannot even be saved; 0341 can.
    const refused = await submitForm(`${portal.url}/card`, cardFields('4000 0000 0000 0002'))
    expect(refused.status).toBe(402)
    expect(await refused.text()).toContain('<p role="alert">Your card was declined.</p>')
    const saved = await submitForm(`${portal.url}/card`, cardFields(declinedCard))
    expect(saved.status).toBe(303)

    const pastDue = await control(service, `/_local/subscriptions/${subscription.id}/renew`)
    expect(pastDue.status).toBe('past_due')
    const failed = await stripe.invoices.retrieve(pastDue.latest_invoice as string)
    expect(failed).toMatchObject({ status: 'open', attempt_count: 1 })
    expect(await eventTypes(stripe)).toContain('invoice.payment_failed')

    const canceled = await control(
      service,
      `/_local/subscriptions/${subscription.id}/retries_exhausted`,
    )
    expect(canceled.status).toBe('canceled')
    expect((await stripe.invoices.retrieve(failed.id)).status).toBe('uncollectible')
  })

  it('switches plans from the API and from a portal confirmation flow', async () => {
    const { stripe } = await startService()
    const { monthly, businessMonthly } = await createPlans(stripe)
    const { customer, subscription } = await subscribe(stripe, monthly.id)
    const itemId = subscription.items.data[0]?.id as string

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/billing',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: subscription.id,
          items: [{ id: itemId, price: businessMonthly.id }],
        },
        after_completion: {
          type: 'redirect',
          redirect: { return_url: 'http://app.test/switched' },
        },
      },
    })
    expect(await (await fetch(portal.url)).text()).toContain('Confirm your plan change')
    const confirmed = await submitForm(`${portal.url}/confirm`, {})
    expect(confirmed.headers.get('location')).toBe('http://app.test/switched')
    const switched = await stripe.subscriptions.retrieve(subscription.id)
    expect(switched.items.data[0]?.price.id).toBe(businessMonthly.id)

    const back = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: monthly.id }],
      proration_behavior: 'none',
    })
    expect(back.items.data[0]?.price.id).toBe(monthly.id)
    const [updated] = (
      await stripe.events.list({ type: 'customer.subscription.updated', limit: 1 })
    ).data
    expect(updated?.data.previous_attributes).toHaveProperty('items')
  })
})
