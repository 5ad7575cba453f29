import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  createConnectedAccount,
  createPlans,
  onboard,
  startService,
  submitForm,
  subscribe,
} from './support.ts'

describe('connected accounts', () => {
  it('creates an account that cannot take payments before onboarding, and updates it', async () => {
    const { stripe } = await startService()
    const account = await createConnectedAccount(stripe)
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'DE',
      default_currency: 'eur',
      email: 'ada@salon.example',
      business_profile: { name: 'Salon Ada' },
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      metadata: { business_id: 'biz_1' },
    })
    expect(account.id).toMatch(/^acct_[A-Za-z0-9]{16}$/)
    expect(account.requirements?.currently_due).toContain('external_account')
    expect(account.requirements?.disabled_reason).toBe('requirements.past_due')

    const updated = await stripe.accounts.update(account.id, {
      business_profile: { name: 'Salon Ada & Co' },
      metadata: { plan: 'pro' },
    })
    expect(updated).toMatchObject({
      business_profile: { name: 'Salon Ada & Co' },
      metadata: { business_id: 'biz_1', plan: 'pro' },
    })
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      business_profile: { name: 'Salon Ada & Co' },
    })
    await expect(stripe.accounts.retrieve('acct_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    })
    await expect(
      stripe.accounts.create({ type: 'express', tos: true } as Stripe.AccountCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'tos' })
  })

  it("keeps each account's objects to itself behind the Stripe-Account header", async () => {
    const { stripe } = await startService()
    const ada = await createConnectedAccount(stripe, 'Salon Ada')
    const bob = await createConnectedAccount(stripe, 'Barber Bob')
    const customer = await stripe.customers.create(
      { email: 'c@example.com' },
      { stripeAccount: ada.id },
    )
    expect(
      await stripe.customers.retrieve(customer.id, {}, { stripeAccount: ada.id }),
    ).toMatchObject({ email: 'c@example.com' })

    for (const options of [{}, { stripeAccount: bob.id }]) {
      const error = await stripe.customers
        .retrieve(customer.id, {}, options)
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
      expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing' })
    }
    expect((await stripe.customers.list()).data).toHaveLength(0)
    expect((await stripe.customers.list({}, { stripeAccount: bob.id })).data).toHaveLength(0)

    const unknown = await stripe.customers
      .list({}, { stripeAccount: 'acct_1NotConnected00' })
      .catch((caught: unknown) => caught)
    expect(unknown).toBeInstanceOf(Stripe.errors.StripePermissionError)
    expect(unknown).toMatchObject({ statusCode: 403, code: 'account_invalid' })

    // With the header, an account reads itself and no other.
    expect((await stripe.accounts.retrieve(ada.id, {}, { stripeAccount: ada.id })).id).toBe(ada.id)
    await expect(
      stripe.accounts.retrieve(bob.id, {}, { stripeAccount: ada.id }),
    ).rejects.toMatchObject({ statusCode: 404 })
  })

  it('keeps platform billing as it was', async () => {
    const { stripe } = await startService()
    await createConnectedAccount(stripe)
    const { monthly } = await createPlans(stripe)
    const { subscription } = await subscribe(stripe, monthly.id)
    expect(subscription.status).toBe('active')
    const events = await stripe.events.list({ limit: 100 })
    expect(events.data.every((event) => event.account === undefined)).toBe(true)
  })
})

describe('onboarding by account link', () => {
  it('completes onboarding on the hosted page and returns to return_url', async () => {
    const { stripe } = await startService()
    const account = await createConnectedAccount(stripe)
    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
      type: 'account_onboarding',
    })
    expect(link).toMatchObject({ object: 'account_link' })
    expect(link.expires_at).toBeGreaterThan(link.created)

    const page = await (await fetch(link.url)).text()
    expect(page).toContain('<h1>Set up payments for Salon Ada</h1>')
    expect(page).toContain('<button type="submit">Complete onboarding</button>')
    expect(page).not.toContain('<script')

    const sent = await submitForm(link.url, { outcome: 'complete' })
    expect(sent.status).toBe(303)
    expect(sent.headers.get('location')).toBe('http://app.test/return')
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], disabled_reason: null },
    })

    // Links are single-use: opening or sending it again goes to refresh_url.
    const again = await fetch(link.url, { redirect: 'manual' })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe('http://app.test/refresh')
    const resent = await submitForm(link.url, { outcome: 'details_missing' })
    expect(resent.headers.get('location')).toBe('http://app.test/refresh')
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true)
  })

  it('leaves details missing, then a new link completes them; each change is account.updated', async () => {
    const { stripe } = await startService()
    const account = await createConnectedAccount(stripe)
    const { location } = await onboard(stripe, account.id, 'details_missing')
    expect(location).toBe('http://app.test/settings/payments?returned=1')
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: false,
      requirements: {
        currently_due: ['individual.verification.document'],
        disabled_reason: 'requirements.past_due',
      },
    })
    await onboard(stripe, account.id, 'complete')
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true)

    const events = await stripe.events.list(
      { type: 'account.updated' },
      { stripeAccount: account.id },
    )
    expect(events.data).toHaveLength(2)
    expect(events.data[0]).toMatchObject({
      account: account.id,
      data: { object: { charges_enabled: true }, previous_attributes: { charges_enabled: false } },
    })
    expect((await stripe.events.list({ type: 'account.updated' })).data).toHaveLength(0)
  })

  it('sends an unopened link past its expiry to refresh_url', async () => {
    const { stripe, service } = await startService()
    const account = await createConnectedAccount(stripe)
    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
      type: 'account_onboarding',
    })
    // Links last five minutes; move the clock instead of waiting.
    const realNow = Date.now
    Date.now = () => realNow() + 6 * 60 * 1000
    try {
      const opened = await fetch(link.url, { redirect: 'manual' })
      expect(opened.headers.get('location')).toBe('http://app.test/refresh')
    } finally {
      Date.now = realNow
    }
    await expect(
      stripe.accountLinks.create({
        account: 'acct_missing',
        refresh_url: 'http://app.test/refresh',
        return_url: 'http://app.test/return',
        type: 'account_onboarding',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'account' })
    expect(service.url).toContain('127.0.0.1')
  })
})
