import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createPlans, sdkFor, startService, subscribe } from './support.ts'

describe('local Stripe API through the stripe SDK', () => {
  it('finds prices by lookup key and expands their product', async () => {
    const { stripe } = await startService()
    const { product, monthly } = await createPlans(stripe)
    const prices = await stripe.prices.list({
      lookup_keys: ['pro_monthly'],
      active: true,
      expand: ['data.product'],
    })
    expect(prices.data.map((price) => price.id)).toEqual([monthly.id])
    expect(prices.data[0]).toMatchObject({ product: { name: product.name } })
    expect(await stripe.prices.retrieve(monthly.id)).toMatchObject({
      unit_amount: 2900,
      recurring: { interval: 'month' },
    })
  })

  it('moves a lookup key to a new price only when asked to', async () => {
    const { stripe } = await startService()
    const { product, monthly } = await createPlans(stripe)
    const again = {
      product: product.id,
      unit_amount: 3100,
      currency: 'eur',
      lookup_key: 'pro_monthly',
    }
    await expect(stripe.prices.create(again)).rejects.toMatchObject({
      code: 'lookup_key_already_exists',
    })
    const moved = await stripe.prices.create({ ...again, transfer_lookup_key: true })
    expect((await stripe.prices.retrieve(monthly.id)).lookup_key).toBeNull()
    expect((await stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data[0]?.id).toBe(moved.id)
  })

  it('creates, reads and updates a customer', async () => {
    const { stripe } = await startService()
    const created = await stripe.customers.create({
      email: 'a@example.com',
      name: 'Ada',
      metadata: { business_id: 'b1' },
    })
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14,24}$/)
    const updated = await stripe.customers.update(created.id, {
      email: 'b@example.com',
      metadata: { plan: 'pro' },
    })
    expect(updated).toMatchObject({
      email: 'b@example.com',
      name: 'Ada',
      metadata: { business_id: 'b1', plan: 'pro' },
    })
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({ email: 'b@example.com' })
  })

  it('pages through lists newest first, and the SDK auto-paginates', async () => {
    const { stripe } = await startService()
    const ids: string[] = []
    for (let n = 0; n < 25; n++) ids.push((await stripe.customers.create({ name: `c${n}` })).id)
    const newestFirst = [...ids].reverse()

    const seen: string[] = []
    for await (const customer of stripe.customers.list({ limit: 10 })) seen.push(customer.id)
    expect(seen).toEqual(newestFirst)

    const second = await stripe.customers.list({ limit: 10, starting_after: newestFirst[9] })
    expect(second.data.map((customer) => customer.id)).toEqual(newestFirst.slice(10, 20))
    expect(second.has_more).toBe(true)
    const before = await stripe.customers.list({ limit: 5, ending_before: newestFirst[10] })
    expect(before.data.map((customer) => customer.id)).toEqual(newestFirst.slice(5, 10))
  })

  it('expands ids at depth', async () => {
    const { stripe } = await startService()
    const { monthly } = await createPlans(stripe)
    const { subscription } = await subscribe(stripe, monthly.id)
    const expanded = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method', 'latest_invoice', 'items.data.price.product', 'customer'],
    })
    expect((expanded.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242')
    expect((expanded.latest_invoice as Stripe.Invoice).status).toBe('paid')
    expect(expanded.items.data[0]).toMatchObject({ price: { product: { name: 'Pro' } } })
    expect((expanded.customer as Stripe.Customer).email).toBe('owner@example.com')
    await expect(
      stripe.subscriptions.retrieve(subscription.id, { expand: ['nothing_here'] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expand' })
  })

  it('replays a POST under the same Idempotency-Key and refuses other parameters', async () => {
    const { stripe, service } = await startService()
    const first = await stripe.customers.create(
      { email: 'x@example.com' },
      { idempotencyKey: 'k1' },
    )
    const again = await stripe.customers.create(
      { email: 'x@example.com' },
      { idempotencyKey: 'k1' },
    )
    expect(again.id).toBe(first.id)
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true')
    expect((await stripe.customers.list()).data).toHaveLength(1)
    await expect(
      stripe.customers.create({ email: 'y@example.com' }, { idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 })
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it("answers with Stripe's errors", async () => {
    const { stripe, service } = await startService()
    const missing = await stripe.customers.retrieve('cus_123').catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_123'",
      param: 'id',
    })
    await expect(
      stripe.customers.create({ email: 'a@b.c', foo: 'bar' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({
      code: 'parameter_unknown',
      message: 'Received unknown parameter: foo',
    })
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x' }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'line_items' })

    const unauthenticated = await fetch(`${service.url}/v1/customers`)
    expect(unauthenticated.status).toBe(401)
    expect(unauthenticated.headers.get('request-id')).toMatch(/^req_/)
    await expect(sdkFor(service, 'sk_live_nope').customers.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    )
  })
})
