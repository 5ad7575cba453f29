import { eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { signedDelivery } from '../../local-stripe/webhook-delivery.ts'
import { paymentAccounts, stripeEvents } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  APP_URL,
  type BillingWorld,
  CONNECT_WEBHOOK_SECRET,
  freeBusiness,
  setUpBillingWorld,
  WEBHOOK_SECRET,
} from '../support/api/billing-world.ts'
import type { EmulatorUser } from '../support/api/emulator-users.ts'
import {
  activityFor,
  type Business,
  call,
  createBusiness,
  expectProblem,
} from '../support/api/team-business.ts'
import { createTestApp } from '../support/api/test-app.ts'

type PaymentAccount = components['schemas']['PaymentAccount']
type PaymentOnboardingLink = components['schemas']['PaymentOnboardingLink']
type WebhookReceipt = components['schemas']['WebhookReceipt']

const ACCOUNT = '/api/v1/payments/account'
const LINKS = '/api/v1/payments/account/onboarding-links'
const SYNC = '/api/v1/payments/account/sync'
const CONNECT_WEBHOOK = '/api/v1/webhooks/stripe-connect'

const world = setUpBillingWorld()

async function statusOf(user: EmulatorUser): Promise<PaymentAccount> {
  const response = await world.call(user, 'GET', ACCOUNT)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PaymentAccount>()
}

async function onboardingLink(user: EmulatorUser): Promise<string> {
  const response = await world.call(user, 'POST', LINKS)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<PaymentOnboardingLink>().url
}

async function sync(user: EmulatorUser): Promise<PaymentAccount> {
  const response = await world.call(user, 'POST', SYNC)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PaymentAccount>()
}

/** Goes through the hosted onboarding page as the owner would, and says where it sent them. */
async function finishOnboarding(
  url: string,
  outcome: 'complete' | 'details_missing',
): Promise<string | null> {
  const opened = await fetch(url, { redirect: 'manual' })
  expect(opened.status, await opened.text()).toBe(200)
  const sent = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }),
  })
  expect(sent.status).toBe(303)
  return sent.headers.get('location')
}

async function rowOf(tenantId: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.tenantId, tenantId))
  return row
}

/** The connected account's own events, oldest first (Stripe lists them with Stripe-Account). */
async function accountEvents(accountId: string): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = []
  for await (const event of world.stripe.events.list({ limit: 100 }, { stripeAccount: accountId }))
    events.push(event)
  return events.reverse()
}

function deliverConnect(
  target: BillingWorld,
  event: Stripe.Event,
  secret = CONNECT_WEBHOOK_SECRET,
) {
  const { payload, header } = signedDelivery(event, secret)
  return target.testApp.app.inject({
    method: 'POST',
    url: CONNECT_WEBHOOK,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  })
}

async function connectedBusiness(
  label: string,
): Promise<{ business: Business; accountId: string }> {
  const business = await createBusiness(world.testApp, label)
  await onboardingLink(business.owner)
  const row = await rowOf(business.tenantId)
  if (!row) throw new Error(`${label} has no payment account`)
  return { business, accountId: row.stripeAccountId }
}

describe('connecting the business’s Stripe account', () => {
  it('goes from not connected to pending to active, through the hosted onboarding', async () => {
    const business = await createBusiness(world.testApp, 'Connects')
    expect(await statusOf(business.owner)).toEqual({
      status: 'not_connected',
      stripe_account_id: null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      missing: [],
      plan_allows: true,
      payments_available: true,
    })
    // Syncing without an account asks Stripe nothing and changes nothing.
    expect((await sync(business.owner)).status).toBe('not_connected')

    const url = await onboardingLink(business.owner)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\/onboarding\//)
    const pending = await statusOf(business.owner)
    expect(pending).toMatchObject({ status: 'pending', charges_enabled: false })
    expect(pending.stripe_account_id).toMatch(/^acct_/)
    expect(pending.missing.map((item) => item.text)).toEqual([
      'What kind of business you run (its category)',
      'Your business’s website or a description of what you sell',
      'Whether you are an individual or a company',
      'A bank account for payouts',
      'Your first and last name',
      'Accepting Stripe’s terms of service',
    ])
    expect(pending.missing.find((item) => item.codes.includes('tos_acceptance.ip'))?.codes).toEqual(
      ['tos_acceptance.date', 'tos_acceptance.ip'],
    )
    const account = await world.stripe.accounts.retrieve(pending.stripe_account_id ?? '')
    expect(account).toMatchObject({
      type: 'express',
      country: 'US',
      business_profile: { name: expect.any(String) },
      metadata: { business_id: business.tenantId },
    })

    // Stripe sends the owner back to Settings → Payments, which syncs at once.
    expect(await finishOnboarding(url, 'complete')).toBe(
      `${APP_URL}/settings/payments?onboarding=returned`,
    )
    const active = await sync(business.owner)
    expect(active).toMatchObject({
      status: 'active',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      missing: [],
    })
    expect(await statusOf(business.owner)).toEqual(active)

    const activity = await activityFor(world.testApp, business.tenantId, account.id)
    expect(activity.map((entry) => [entry.action, entry.summary, entry.actorName])).toEqual([
      ['updated', 'Stripe payments: setup not finished → active', 'Connects Owner'],
      ['created', 'Started connecting Stripe for payments at booking', 'Connects Owner'],
    ])
    // The activity screen shows them as the payment account's, naming it, and filters by it.
    const logged = await world.call(
      business.owner,
      'GET',
      '/api/v1/activity-log?entity_type=payment_account',
    )
    expect(logged.statusCode, logged.body).toBe(200)
    expect(
      logged
        .json<components['schemas']['ActivityPage']>()
        .items.map((entry) => [entry.entity_type, entry.entity_id, entry.action]),
    ).toEqual([
      ['payment_account', account.id, 'updated'],
      ['payment_account', account.id, 'created'],
    ])
    // A second return (or a reload) re-reads and writes nothing new.
    await sync(business.owner)
    expect(await activityFor(world.testApp, business.tenantId, account.id)).toHaveLength(2)
  })

  it('leaving details missing is restricted, says what is missing, and a fresh link finishes it', async () => {
    const business = await createBusiness(world.testApp, 'Restricted')
    const first = await onboardingLink(business.owner)
    await finishOnboarding(first, 'details_missing')
    const restricted = await sync(business.owner)
    expect(restricted).toMatchObject({
      status: 'restricted',
      charges_enabled: false,
      details_submitted: true,
      missing: [
        {
          codes: ['individual.verification.document'],
          text: 'An identity document (passport, ID card or licence)',
        },
      ],
    })

    // A used link leads to the refresh address, where the app asks for a fresh link.
    const reused = await fetch(first, { redirect: 'manual' })
    expect(reused.headers.get('location')).toBe(`${APP_URL}/settings/payments?onboarding=refresh`)
    const second = await onboardingLink(business.owner)
    expect(second).not.toBe(first)
    await finishOnboarding(second, 'complete')
    expect(await sync(business.owner)).toMatchObject({
      status: 'active',
      stripe_account_id: restricted.stripe_account_id,
      missing: [],
    })
  })

  it('makes one account when the owner asks twice at once', async () => {
    const business = await createBusiness(world.testApp, 'Twice')
    const responses = await Promise.all([
      world.call(business.owner, 'POST', LINKS),
      world.call(business.owner, 'POST', LINKS),
      world.call(business.owner, 'POST', LINKS),
    ])
    for (const response of responses) expect(response.statusCode, response.body).toBe(201)
    const row = await rowOf(business.tenantId)
    const ofThisBusiness: Stripe.Account[] = []
    for await (const account of world.stripe.accounts.list({ limit: 100 })) {
      if (account.metadata?.business_id === business.tenantId) ofThisBusiness.push(account)
    }
    expect(ofThisBusiness.map((account) => account.id)).toEqual([row?.stripeAccountId])
    const created = (
      await activityFor(world.testApp, business.tenantId, row?.stripeAccountId ?? '')
    ).filter((entry) => entry.action === 'created')
    expect(created).toHaveLength(1)
  })

  it('is for owners only: admins and staff are refused and nothing is created', async () => {
    const business = await createBusiness(world.testApp, 'Roles')
    for (const user of [business.admin, business.staff]) {
      for (const [method, url] of [
        ['GET', ACCOUNT],
        ['POST', LINKS],
        ['POST', SYNC],
      ] as const) {
        const response = await world.call(user, method, url)
        expect(expectProblem(response, 403).detail).toBe(
          "You don't have permission to manage payments.",
        )
      }
    }
    expect(await rowOf(business.tenantId)).toBeUndefined()
  })

  it('is a Pro feature: on Free the status explains and connecting is 402', async () => {
    const business = await freeBusiness(world, 'Free plan')
    expect(await statusOf(business.owner)).toMatchObject({
      status: 'not_connected',
      plan_allows: false,
    })
    const refused = await world.call(business.owner, 'POST', LINKS)
    const problem = expectProblem(refused, 402)
    expect(problem.type).toBe('/problems/plan-limit')
    expect(problem.detail).toMatch(/payments at booking/)
    expect(await rowOf(business.tenantId)).toBeUndefined()
  })
})

describe('Connect webhooks', () => {
  it('account.updated brings the business up to date; duplicates and old events change nothing', async () => {
    const { business, accountId } = await connectedBusiness('Webhooks')
    const other = await connectedBusiness('Bystander')
    const otherBefore = await rowOf(other.business.tenantId)

    const firstLink = await onboardingLink(business.owner)
    await finishOnboarding(firstLink, 'details_missing')
    await finishOnboarding(await onboardingLink(business.owner), 'complete')
    const updates = (await accountEvents(accountId)).filter(
      (event) => event.type === 'account.updated',
    )
    expect(updates).toHaveLength(2)
    const [older, newer] = updates as [Stripe.Event, Stripe.Event]
    expect(older.account).toBe(accountId)

    // The newer event first: the account is re-read, so it is active.
    const received = await deliverConnect(world, newer)
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json<WebhookReceipt>()).toEqual({ received: true, duplicate: false })
    expect((await statusOf(business.owner)).status).toBe('active')

    // The older one late: still active, as Stripe has it now.
    expect((await deliverConnect(world, older)).json<WebhookReceipt>().duplicate).toBe(false)
    expect((await statusOf(business.owner)).status).toBe('active')

    // Delivered again: acknowledged, nothing done.
    expect((await deliverConnect(world, newer)).json<WebhookReceipt>()).toEqual({
      received: true,
      duplicate: true,
    })
    const activity = await activityFor(world.testApp, business.tenantId, accountId)
    expect(activity.filter((entry) => entry.action === 'updated').map((e) => e.summary)).toEqual([
      'Stripe payments: setup not finished → active',
    ])
    expect(activity[0]?.actorUid).toBeNull()
    const [recorded] = await world.testApp.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, newer.id))
    expect(recorded?.tenantId).toBe(business.tenantId)

    // Another business's account was never touched.
    expect(await rowOf(other.business.tenantId)).toEqual(otherBefore)
  })

  it('refuses a forged or unsigned event with 400 and changes nothing', async () => {
    const { business, accountId } = await connectedBusiness('Forged')
    await finishOnboarding(await onboardingLink(business.owner), 'complete')
    const [event] = (await accountEvents(accountId)).filter((e) => e.type === 'account.updated')
    if (!event) throw new Error('No account.updated event')
    const before = await rowOf(business.tenantId)
    expect(before?.status).toBe('pending')

    // Signed with another secret (the platform endpoint's is not the Connect endpoint's).
    for (const secret of ['whsec_someone_else', WEBHOOK_SECRET]) {
      const forged = await deliverConnect(world, event, secret)
      expect(expectProblem(forged, 400).errors).toEqual([
        { path: 'header.stripe-signature', message: 'does not match the body' },
      ])
    }
    // A body changed after signing.
    const { payload, header } = signedDelivery(event, CONNECT_WEBHOOK_SECRET)
    const tampered = await world.testApp.app.inject({
      method: 'POST',
      url: CONNECT_WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace(accountId, other(accountId)),
    })
    expectProblem(tampered, 400)
    const unsigned = await world.testApp.app.inject({
      method: 'POST',
      url: CONNECT_WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expectProblem(unsigned, 400)

    expect(await rowOf(business.tenantId)).toEqual(before)
    const recorded = await world.testApp.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id))
    expect(recorded).toEqual([])

    // The real delivery still works afterwards.
    expect((await deliverConnect(world, event)).statusCode).toBe(200)
    expect((await rowOf(business.tenantId))?.status).toBe('active')
  })

  it('acknowledges and ignores an event of an account no business has', async () => {
    const stranger = await world.stripe.accounts.create({
      type: 'express',
      country: 'DE',
      metadata: { business_id: 'not-ours' },
    })
    const link = await world.stripe.accountLinks.create({
      account: stranger.id,
      refresh_url: `${APP_URL}/elsewhere`,
      return_url: `${APP_URL}/elsewhere`,
      type: 'account_onboarding',
    })
    await finishOnboarding(link.url, 'complete')
    const [event] = await accountEvents(stranger.id)
    if (!event) throw new Error('No event for the stranger account')
    const countBefore = (await world.testApp.database.db.select().from(paymentAccounts)).length

    const response = await deliverConnect(world, event)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<WebhookReceipt>()).toEqual({ received: true, duplicate: false })
    expect(await world.testApp.database.db.select().from(paymentAccounts)).toHaveLength(countBefore)
    const [recorded] = await world.testApp.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id))
    expect(recorded?.tenantId).toBeNull()
  })
})

describe('without Stripe', () => {
  it('answers 503 with Retry-After when Stripe does not answer; the status still reads', async () => {
    const unreachable = await createTestApp({
      stripe: {
        secretKey: 'sk_test_down',
        webhookSecret: 'whsec_down',
        connectWebhookSecret: 'whsec_down_connect',
        apiUrl: 'http://127.0.0.1:9',
      },
    })
    try {
      const business = await createBusiness(unreachable, 'Outage')
      const refused = await call(unreachable, business.owner, 'POST', LINKS)
      expect(expectProblem(refused, 503).detail).toBe(
        'Stripe did not answer; please try again in a minute.',
      )
      expect(refused.headers['retry-after']).toBe('60')

      // An account connected before the outage: the return's sync cannot reach Stripe either.
      await unreachable.database.db.insert(paymentAccounts).values({
        tenantId: business.tenantId,
        stripeAccountId: 'acct_outage0000000001',
      })
      const syncing = await call(unreachable, business.owner, 'POST', SYNC)
      expectProblem(syncing, 503)
      expect(syncing.headers['retry-after']).toBe('60')
      const status = await call(unreachable, business.owner, 'GET', ACCOUNT)
      expect(status.statusCode, status.body).toBe(200)
      expect(status.json<PaymentAccount>().status).toBe('pending')

      // Its webhook cannot re-read the account either: 503, and not recorded, so Stripe
      // delivers it again later and it is processed then.
      const event = {
        id: 'evt_outage_account_updated',
        object: 'event',
        type: 'account.updated',
        account: 'acct_outage0000000001',
        data: { object: { id: 'acct_outage0000000001', object: 'account' } },
      } as unknown as Stripe.Event
      const { payload, header } = signedDelivery(event, 'whsec_down_connect')
      const webhook = await unreachable.app.inject({
        method: 'POST',
        url: CONNECT_WEBHOOK,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      })
      expectProblem(webhook, 503)
      expect(
        await unreachable.database.db
          .select()
          .from(stripeEvents)
          .where(eq(stripeEvents.id, event.id)),
      ).toEqual([])
    } finally {
      await unreachable.close()
    }
  })

  it('says payments are not set up when the server has no Stripe keys', async () => {
    const bare = await createTestApp()
    try {
      const business = await createBusiness(bare, 'No keys')
      const status = await call(bare, business.owner, 'GET', ACCOUNT)
      expect(status.json<PaymentAccount>()).toMatchObject({
        status: 'not_connected',
        payments_available: false,
      })
      const refused = await call(bare, business.owner, 'POST', LINKS)
      expect(expectProblem(refused, 503).detail).toBe('Payments are not set up on this server.')
      const webhook = await bare.app.inject({
        method: 'POST',
        url: CONNECT_WEBHOOK,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: JSON.stringify({ id: 'evt_1', object: 'event', type: 'account.updated' }),
      })
      expectProblem(webhook, 503)
    } finally {
      await bare.close()
    }
  })
})

/** Another account id of the same shape, for a body changed after it was signed. */
function other(accountId: string): string {
  return `${accountId.slice(0, -1)}${accountId.endsWith('x') ? 'y' : 'x'}`
}
