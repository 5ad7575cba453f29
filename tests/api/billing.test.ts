import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  activityLog,
  billingAccounts,
  notificationOutbox,
  stripeEvents,
  teamMembers,
} from '../../server/db/schema.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  APP_URL,
  accountOf,
  allEvents,
  cardFields,
  DECLINED_CARD,
  deliver,
  freeBusiness,
  localControl,
  newEvents,
  payOnCheckoutPage,
  setUpBillingWorld,
  startCheckout,
  submitPortal,
  subscribe,
} from '../support/api/billing-world.ts'
import type { EmulatorUser } from '../support/api/emulator-users.ts'
import { openAuthenticatedClient } from '../support/api/live-client.ts'
import { call, createBusiness, expectProblem } from '../support/api/team-business.ts'
import { createTestApp } from '../support/api/test-app.ts'

type BillingOverview = components['schemas']['BillingOverview']
type CheckoutOutcome = components['schemas']['CheckoutOutcome']
type WebhookReceipt = components['schemas']['WebhookReceipt']

const world = setUpBillingWorld()

async function profileOf(user: EmulatorUser): Promise<Profile> {
  return (await world.call(user, 'GET', '/api/v1/me/')).json<Profile>()
}

async function sync(user: EmulatorUser, sessionId: string) {
  return world.call(user, 'POST', `/api/v1/billing/checkout-sessions/${sessionId}/sync`)
}

async function overview(user: EmulatorUser): Promise<BillingOverview> {
  const response = await world.call(user, 'GET', '/api/v1/billing')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<BillingOverview>()
}

async function subscriptionActivity(tenantId: string) {
  return world.testApp.database.db
    .select({ summary: activityLog.summary })
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.entityType, 'subscription')))
    .orderBy(activityLog.occurredAt)
}

describe('upgrading through Stripe Checkout', () => {
  it('Free → Pro: the customer is made first, Checkout takes the card, the return page syncs at once', async () => {
    const business = await freeBusiness(world, 'Upgrade')
    expect((await profileOf(business.owner)).subscription.plan_id).toBe('free')

    const redirect = await startCheckout(world, business.owner, 'pro', 'month')
    expect(redirect.destination).toBe('checkout')
    expect(redirect.url.startsWith(world.localStripe.url)).toBe(true)
    const account = await accountOf(world, business.tenantId)
    const customer = await world.stripe.customers.retrieve(account?.stripeCustomerId ?? '')
    expect(customer.deleted).toBeFalsy()
    expect(!customer.deleted && customer.metadata.business_id).toBe(business.tenantId)

    const paid = await payOnCheckoutPage(redirect.url, '4242 4242 4242 4242')
    expect(paid.status).toBe(303)
    expect(paid.location).toMatch(
      new RegExp(`^${APP_URL}/checkout/success\\?session_id=cs_[A-Za-z0-9_]+$`),
    )
    const sessionId = new URL(paid.location ?? '').searchParams.get('session_id') ?? ''

    // No webhook has been delivered: the return page's own sync is what activates the plan.
    const synced = await sync(business.owner, sessionId)
    expect(synced.statusCode, synced.body).toBe(200)
    const outcome = synced.json<CheckoutOutcome>()
    expect(outcome).toMatchObject({
      session_status: 'complete',
      subscription: {
        plan_id: 'pro',
        plan_name: 'Pro',
        status: 'active',
        cancel_at_period_end: false,
      },
    })
    const renewal = Date.parse(outcome.subscription.current_period_end ?? '')
    expect(renewal - Date.now()).toBeGreaterThan(27 * 86_400_000)
    expect((await profileOf(business.owner)).subscription).toMatchObject({
      plan_id: 'pro',
      status: 'active',
    })
    expect(await subscriptionActivity(business.tenantId)).toEqual([
      { summary: 'Plan changed from Free to Pro (monthly)' },
    ])

    // Syncing again changes nothing and logs nothing.
    expect((await sync(business.owner, sessionId)).statusCode).toBe(200)
    expect(await subscriptionActivity(business.tenantId)).toHaveLength(1)

    const billing = await overview(business.owner)
    expect(billing).toMatchObject({
      plan: { id: 'pro' },
      interval: 'month',
      trial_days_left: null,
      next_invoice: { amount: { amount_minor: 2900, currency: 'USD' } },
      payment_method: { brand: 'visa', last4: '4242' },
      portal_available: true,
      billing_available: true,
    })
    expect(Date.parse(billing.next_invoice?.date ?? '')).toBe(renewal)
    expect(billing.invoices).toHaveLength(1)
    expect(billing.invoices[0]).toMatchObject({
      status: 'paid',
      amount: { amount_minor: 2900, currency: 'USD' },
    })
    expect(billing.invoices[0]?.hosted_invoice_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  })

  it('a business subscribing during its trial keeps the trial: first charged at its end, at ten months a year', async () => {
    const business = await createBusiness(world.testApp, 'Yearly')
    const trialEndsAt = (await accountOf(world, business.tenantId))?.trialEndsAt
    if (!trialEndsAt) throw new Error('A new business has a trial.')
    const sessionId = await subscribe(world, business.owner, 'starter', 'year')
    const outcome = (await sync(business.owner, sessionId)).json<CheckoutOutcome>()
    expect(outcome.subscription).toMatchObject({
      plan_id: 'starter',
      status: 'trialing',
      // To the second: Stripe keeps Unix seconds.
      trial_ends_at: new Date(Math.floor(trialEndsAt.getTime() / 1000) * 1000).toISOString(),
      current_period_end: new Date(Math.floor(trialEndsAt.getTime() / 1000) * 1000).toISOString(),
    })
    let billing = await overview(business.owner)
    expect(billing.interval).toBe('year')
    expect(billing.invoices).toEqual([])
    expect(billing.subscription.status).toBe('trialing')
    expect(billing.next_invoice).toMatchObject({ amount: { amount_minor: 12000 } })
    expect(Date.parse(billing.next_invoice?.date ?? '')).toBe(
      Math.floor(trialEndsAt.getTime() / 1000) * 1000,
    )
    // The trial's end is no news to send: the subscription simply starts charging.
    expect((await accountOf(world, business.tenantId))?.trialEndNotedAt).not.toBeNull()

    // The trial ends (Stripe's clock, here the local control): the first invoice is paid.
    const subscriptionId = (await accountOf(world, business.tenantId))?.stripeSubscriptionId
    await localControl(world, `/_local/subscriptions/${subscriptionId}/renew`)
    billing = await overview(business.owner)
    expect(billing.subscription).toMatchObject({ plan_id: 'starter', status: 'active' })
    expect(
      billing.invoices.map((invoice) => [invoice.status, invoice.amount.amount_minor]),
    ).toEqual([['paid', 12000]])
  })

  it('a trial with less than 48 hours left is charged at once, as Stripe cannot start a shorter one', async () => {
    const business = await createBusiness(world.testApp, 'Last day')
    await world.testApp.database.db
      .update(billingAccounts)
      .set({ trialEndsAt: new Date(Date.now() + 47 * 3_600_000) })
      .where(eq(billingAccounts.tenantId, business.tenantId))
    const sessionId = await subscribe(world, business.owner, 'starter', 'month')
    const outcome = (await sync(business.owner, sessionId)).json<CheckoutOutcome>()
    expect(outcome.subscription).toMatchObject({ plan_id: 'starter', status: 'active' })
    expect(Date.parse(outcome.subscription.trial_ends_at ?? '')).toBeLessThanOrEqual(Date.now())
    const billing = await overview(business.owner)
    expect(billing.trial_days_left).toBeNull()
    expect(
      billing.invoices.map((invoice) => [invoice.status, invoice.amount.amount_minor]),
    ).toEqual([['paid', 1200]])
  })

  it('a declined card leaves the page open to try again and changes nothing', async () => {
    const business = await freeBusiness(world, 'Declined')
    const { url } = await startCheckout(world, business.owner, 'pro', 'month')
    const declined = await payOnCheckoutPage(url, DECLINED_CARD)
    expect(declined.status).toBe(402)
    expect(declined.body).toContain('Your card was declined.')
    const sessionId = new URL(url).pathname.split('/').pop() ?? ''
    const outcome = (await sync(business.owner, sessionId)).json<CheckoutOutcome>()
    expect(outcome).toMatchObject({
      session_status: 'open',
      interval: null,
      subscription: { plan_id: 'free', status: 'active' },
    })
    // The same page then takes a good card.
    expect((await payOnCheckoutPage(url, '4242 4242 4242 4242')).status).toBe(303)
  })

  it('a checkout of another business, or one Stripe does not know, is 404', async () => {
    const [mine, theirs] = await Promise.all([
      freeBusiness(world, 'Mine'),
      freeBusiness(world, 'Theirs'),
    ])
    const theirSession = await subscribe(world, theirs.owner, 'pro', 'month')
    expectProblem(await sync(mine.owner, theirSession), 404)
    expectProblem(await sync(mine.owner, 'cs_test_doesnotexist'), 404)
    expect((await profileOf(mine.owner)).subscription.plan_id).toBe('free')
    expectInvalidPath(await sync(mine.owner, 'not-a-session'))
  })

  it('Free is not bought, an unknown plan is named, and the plan already paid for is a 409', async () => {
    const business = await freeBusiness(world, 'Choices')
    const free = await world.call(business.owner, 'POST', '/api/v1/billing/checkout-sessions', {
      plan_id: 'free',
      interval: 'month',
    })
    expect(expectProblem(free, 400).errors?.[0]?.path).toBe('body.plan_id')
    const unknown = await world.call(business.owner, 'POST', '/api/v1/billing/checkout-sessions', {
      plan_id: 'platinum',
      interval: 'month',
    })
    expect(expectProblem(unknown, 400).errors?.[0]?.path).toBe('body.plan_id')
    const sessionId = await subscribe(world, business.owner, 'starter', 'month')
    await sync(business.owner, sessionId)
    const again = await world.call(business.owner, 'POST', '/api/v1/billing/checkout-sessions', {
      plan_id: 'starter',
      interval: 'month',
    })
    expect(expectProblem(again, 409).detail).toBe('You are already on Starter, billed monthly.')
  })
})

function expectInvalidPath(response: Awaited<ReturnType<typeof sync>>) {
  const problem = expectProblem(response, 400)
  expect(problem.errors?.[0]?.path).toBe('path.checkoutSessionId')
}

describe('changing and cancelling in the Customer Portal', () => {
  it('a new plan with a live subscription is confirmed in the portal: still one subscription', async () => {
    const business = await freeBusiness(world, 'Change')
    await sync(business.owner, await subscribe(world, business.owner, 'pro', 'month'))
    const first = await accountOf(world, business.tenantId)

    const change = await startCheckout(world, business.owner, 'starter', 'year')
    expect(change.destination).toBe('portal')
    expect(await submitPortal(change.url, 'confirm')).toBe(303)

    const billing = await overview(business.owner)
    expect(billing).toMatchObject({ plan: { id: 'starter' }, interval: 'year' })
    const after = await accountOf(world, business.tenantId)
    expect(after?.stripeSubscriptionId).toBe(first?.stripeSubscriptionId)
    const subscriptions = await world.stripe.subscriptions.list({
      customer: after?.stripeCustomerId ?? '',
      status: 'all',
    })
    expect(subscriptions.data).toHaveLength(1)
    expect((await subscriptionActivity(business.tenantId)).at(-1)?.summary).toBe(
      'Plan changed from Pro (monthly) to Starter (yearly)',
    )
  })

  it('"Manage billing" cancels at the period end; when it ends the business is on Free, with everything kept', async () => {
    const business = await freeBusiness(world, 'Cancel')
    await sync(business.owner, await subscribe(world, business.owner, 'pro', 'month'))
    for (const name of ['Extra One', 'Extra Two']) {
      const added = await world.call(business.owner, 'POST', '/api/v1/team-members', { name })
      expect(added.statusCode, added.body).toBe(201)
    }

    const portal = await world.call(business.owner, 'POST', '/api/v1/billing/portal-sessions')
    expect(portal.statusCode, portal.body).toBe(201)
    const { url } = portal.json<{ url: string }>()
    expect(await submitPortal(url, 'cancel')).toBe(303)

    let billing = await overview(business.owner)
    expect(billing.subscription).toMatchObject({ plan_id: 'pro', cancel_at_period_end: true })
    expect(billing.next_invoice).toBeNull()

    const account = await accountOf(world, business.tenantId)
    await localControl(world, `/_local/subscriptions/${account?.stripeSubscriptionId}/renew`)
    billing = await overview(business.owner)
    // The ended subscription's period and cancellation are not Free's.
    expect(billing.subscription).toMatchObject({
      plan_id: 'free',
      status: 'active',
      current_period_end: null,
      cancel_at_period_end: false,
    })
    expect(billing.interval).toBeNull()
    const [bookable] = await world.testApp.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(teamMembers)
      .where(and(eq(teamMembers.tenantId, business.tenantId), eq(teamMembers.bookable, true)))
    expect(bookable?.count).toBe(5)
    const refused = await world.call(business.owner, 'POST', '/api/v1/team-members', {
      name: 'One too many',
    })
    expect(expectProblem(refused, 402).limit?.plan_id).toBe('free')
  })

  it('the portal is for businesses that have checked out', async () => {
    const business = await freeBusiness(world, 'NoCustomer')
    const portal = await world.call(business.owner, 'POST', '/api/v1/billing/portal-sessions')
    expect(expectProblem(portal, 409).detail).toMatch(/choose a plan first/)
  })
})

describe("Stripe's webhooks", () => {
  it('a valid event applies the subscription; a forged one is 400 and changes nothing', async () => {
    const business = await freeBusiness(world, 'Hooked')
    const known = new Set((await allEvents(world)).map((event) => event.id))
    await subscribe(world, business.owner, 'pro', 'month')
    const events = await newEvents(world, known)
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'checkout.session.completed',
        'customer.subscription.created',
        'invoice.paid',
      ]),
    )
    const completed = events.find((event) => event.type === 'checkout.session.completed')
    if (!completed) throw new Error('no checkout.session.completed')

    const forged = await deliver(world, completed, 'whsec_someone_else')
    expect(expectProblem(forged, 400).detail).toBe(
      'The Stripe-Signature header does not match the body.',
    )
    const unsigned = await world.testApp.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    })
    expectProblem(unsigned, 400)
    expect((await accountOf(world, business.tenantId))?.stripeSubscriptionId).toBeNull()
    expect(await recordedEvent(completed.id)).toBe(false)

    const accepted = await deliver(world, completed)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json<WebhookReceipt>()).toEqual({ received: true, duplicate: false })
    expect((await profileOf(business.owner)).subscription).toMatchObject({
      plan_id: 'pro',
      status: 'active',
    })
    expect(await recordedEvent(completed.id)).toBe(true)
  })

  it('duplicates are processed once and any order ends in the same state', async () => {
    const business = await freeBusiness(world, 'Shuffled')
    const known = new Set((await allEvents(world)).map((event) => event.id))
    await subscribe(world, business.owner, 'starter', 'month')
    const events = await newEvents(world, known)
    for (const event of [...events].reverse()) {
      expect((await deliver(world, event)).json<WebhookReceipt>().duplicate).toBe(false)
    }
    for (const event of events) {
      expect((await deliver(world, event)).json<WebhookReceipt>()).toEqual({
        received: true,
        duplicate: true,
      })
    }
    expect((await profileOf(business.owner)).subscription).toMatchObject({
      plan_id: 'starter',
      status: 'active',
    })
    expect(await subscriptionActivity(business.tenantId)).toEqual([
      { summary: 'Plan changed from Free to Starter (monthly)' },
    ])
  })

  it("events of another business's subscription change only that business; a stranger's are ignored", async () => {
    const [mine, theirs] = await Promise.all([
      freeBusiness(world, 'Bystander'),
      freeBusiness(world, 'Subscriber'),
    ])
    const known = new Set((await allEvents(world)).map((event) => event.id))
    await subscribe(world, theirs.owner, 'pro', 'year')
    for (const event of await newEvents(world, known)) await deliver(world, event)
    expect((await profileOf(theirs.owner)).subscription.plan_id).toBe('pro')
    expect((await profileOf(mine.owner)).subscription.plan_id).toBe('free')

    // A customer no business of ours has (made in the Stripe account by someone else).
    const stranger = await world.stripe.customers.create({ email: 'stranger@example.com' })
    const [price] = (await world.stripe.prices.list({ lookup_keys: ['slotwise_pro_monthly'] })).data
    const session = await world.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: stranger.id,
      line_items: [{ price: price?.id ?? '', quantity: 1 }],
      success_url: 'https://example.com/done',
      cancel_url: 'https://example.com/back',
    })
    expect((await payOnCheckoutPage(session.url ?? '', '4242 4242 4242 4242')).status).toBe(303)
    for (const event of await newEvents(world, known)) {
      const receipt = await deliver(world, event)
      expect(receipt.statusCode, receipt.body).toBe(200)
    }
    expect((await profileOf(mine.owner)).subscription.plan_id).toBe('free')
  })
})

describe('a failed payment', () => {
  it('past_due with a banner status and an e-mail to the owner, then Free when retries run out; nothing is lost', async () => {
    const business = await freeBusiness(world, 'Dunning')
    await sync(business.owner, await subscribe(world, business.owner, 'starter', 'month'))
    const added = await world.call(business.owner, 'POST', '/api/v1/team-members', {
      name: 'Second chair',
    })
    expect(added.statusCode).toBe(201)
    const known = new Set((await allEvents(world)).map((event) => event.id))

    // The owner's card on file starts failing (Stripe's 0341 attaches, then declines).
    const portal = await world.call(business.owner, 'POST', '/api/v1/billing/portal-sessions')
    const { url } = portal.json<{ url: string }>()
    expect(await submitPortal(url, 'card', cardFields('4000 0000 0000 0341'))).toBe(303)
    const account = await accountOf(world, business.tenantId)
    await localControl(world, `/_local/subscriptions/${account?.stripeSubscriptionId}/renew`)
    const failures = await newEvents(world, known)
    expect(failures.map((event) => event.type)).toContain('invoice.payment_failed')
    for (const event of failures) await deliver(world, event)

    expect((await profileOf(business.owner)).subscription).toMatchObject({
      plan_id: 'starter',
      status: 'past_due',
    })
    const mail = await world.testApp.database.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.tenantId, business.tenantId),
          eq(notificationOutbox.kind, 'payment_failed'),
        ),
      )
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({
      recipient: 'owner',
      toAddress: business.owner.email,
      subject: expect.stringContaining('Payment failed: your Starter plan'),
    })
    expect(mail[0]?.bodyText).toContain(`${APP_URL}/settings/billing`)
    // Still Starter while Stripe retries: a new bookable member fits.
    expect(
      (await world.call(business.owner, 'POST', '/api/v1/team-members', { name: 'Third chair' }))
        .statusCode,
    ).toBe(201)

    // The same failure delivered again sends no second e-mail.
    for (const event of failures) await deliver(world, event)
    await localControl(
      world,
      `/_local/subscriptions/${account?.stripeSubscriptionId}/retries_exhausted`,
    )
    for (const event of await newEvents(world, known)) await deliver(world, event)
    expect((await profileOf(business.owner)).subscription).toMatchObject({
      plan_id: 'free',
      status: 'active',
    })
    const mails = await world.testApp.database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.tenantId, business.tenantId),
          eq(notificationOutbox.kind, 'payment_failed'),
        ),
      )
    expect(mails).toHaveLength(1)
    const team = await world.call(business.owner, 'GET', '/api/v1/team-members?bookable=true')
    expect(team.json<{ total: number }>().total).toBe(5)
    expect((await subscriptionActivity(business.tenantId)).map((entry) => entry.summary)).toEqual([
      'Plan changed from Free to Starter (monthly)',
      'A payment for Starter failed; Stripe will retry the card',
      'Plan changed from Starter (monthly) to Free',
    ])
  })
})

async function recordedEvent(id: string): Promise<boolean> {
  const rows = await world.testApp.database.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
  return rows.length === 1
}

describe('live updates', () => {
  it('a webhook that changes the plan updates every open app of the business at once', async () => {
    const business = await freeBusiness(world, 'Live')
    await world.testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const address = world.testApp.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no TCP address')
    const url = `ws://127.0.0.1:${address.port}/api/v1/live`
    const owner = await openAuthenticatedClient(url, business.owner.idToken)
    const staff = await openAuthenticatedClient(url, business.staff.idToken)
    try {
      const known = new Set((await allEvents(world)).map((event) => event.id))
      await subscribe(world, business.owner, 'pro', 'month')
      const created = (await newEvents(world, known)).find(
        (event) => event.type === 'customer.subscription.created',
      )
      if (!created) throw new Error('no customer.subscription.created')
      expect((await deliver(world, created)).statusCode).toBe(200)
      for (const socket of [owner, staff]) {
        const message = await socket.next()
        expect(message.type).toBe('profile.updated')
        if (message.type !== 'profile.updated') continue
        expect(message.profile.subscription).toMatchObject({ plan_id: 'pro', status: 'active' })
      }
    } finally {
      await owner.close()
      await staff.close()
    }
  })
})

describe('when Stripe does not answer', () => {
  it('a checkout is a 503 to try again, not a 500', async () => {
    const unreachable = await createTestApp({
      stripe: {
        secretKey: 'sk_test_down',
        webhookSecret: 'whsec_down',
        apiUrl: 'http://127.0.0.1:9',
      },
    })
    try {
      const business = await createBusiness(unreachable, 'Outage')
      const response = await call(
        unreachable,
        business.owner,
        'POST',
        '/api/v1/billing/checkout-sessions',
        {
          plan_id: 'pro',
          interval: 'month',
        },
      )
      expect(expectProblem(response, 503).detail).toBe(
        'Stripe did not answer; please try again in a minute.',
      )
      expect(response.headers['retry-after']).toBe('60')
    } finally {
      await unreachable.close()
    }
  })
})
