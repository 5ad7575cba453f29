import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import Stripe from 'stripe'
import { afterAll, beforeAll, expect } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../../local-stripe/server.ts'
import { signedDelivery } from '../../../local-stripe/webhook-delivery.ts'
import { billingAccounts } from '../../../server/db/schema.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { EmulatorUser } from './emulator-users.ts'
import { type Business, call, createBusiness, type Method } from './team-business.ts'
import { createTestApp, type TestApp } from './test-app.ts'

type BillingRedirect = components['schemas']['BillingRedirect']

export const APP_URL = 'http://app.slotwise.test'
export const WEBHOOK_SECRET = 'whsec_billing_tests_secret'
export const CONNECT_WEBHOOK_SECRET = 'whsec_connect_tests_secret'
export const GOOD_CARD = '4242 4242 4242 4242'
export const DECLINED_CARD = '4000 0000 0000 0341'

/**
 * The app on a fresh database, talking through the stripe SDK to a local Stripe service of
 * its own (in this process, on a free port). Webhooks are not delivered by the service here:
 * tests read its events (`GET /v1/events`, as on Stripe) and deliver them signed through
 * app.inject, in whatever order and as often as the test wants.
 */
export interface BillingWorld {
  testApp: TestApp
  localStripe: LocalStripe
  /** The official SDK on the local service, to look at what the app created there. */
  stripe: Stripe
  call(
    user: EmulatorUser,
    method: Method,
    url: string,
    body?: object,
  ): Promise<LightMyRequestResponse>
}

export function setUpBillingWorld(): BillingWorld {
  const world = {
    call: (user, method, url, body) => call(world.testApp, user, method, url, body),
  } as BillingWorld
  beforeAll(async () => {
    world.localStripe = await startLocalStripe({ port: 0 })
    world.testApp = await createTestApp({
      stripe: {
        secretKey: 'sk_test_billing',
        webhookSecret: WEBHOOK_SECRET,
        connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
        apiUrl: world.localStripe.url,
      },
      publicBooking: { secret: 'billing-tests-secret-0123456789abcdef', publicUrl: APP_URL },
    })
    await world.testApp.app.parts.billing.ensureStripePrices()
    const { hostname, port } = new URL(world.localStripe.url)
    world.stripe = new Stripe('sk_test_billing', { host: hostname, port, protocol: 'http' })
  })
  afterAll(async () => {
    await world.testApp?.close()
    await world.localStripe?.stop()
  })
  return world
}

/** A business whose trial has ended: on Free, as most upgrades start. */
export async function freeBusiness(world: BillingWorld, label: string): Promise<Business> {
  const business = await createBusiness(world.testApp, label)
  await world.testApp.database.db
    .update(billingAccounts)
    .set({ trialEndsAt: new Date(Date.now() - 60_000) })
    .where(eq(billingAccounts.tenantId, business.tenantId))
  return business
}

export async function startCheckout(
  world: BillingWorld,
  owner: EmulatorUser,
  planId: string,
  interval: 'month' | 'year',
): Promise<BillingRedirect> {
  const response = await world.call(owner, 'POST', '/api/v1/billing/checkout-sessions', {
    plan_id: planId,
    interval,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<BillingRedirect>()
}

/** Fills in the hosted checkout page as a customer would (a form POST to the page's address). */
export async function payOnCheckoutPage(
  url: string,
  card: string,
): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'owner@example.com',
      card_number: card,
      card_expiry: '12 / 34',
      card_cvc: '123',
      cardholder_name: 'Pat Owner',
    }),
  })
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  }
}

/** Pays a fresh checkout with the good card and returns the Checkout Session id. */
export async function subscribe(
  world: BillingWorld,
  owner: EmulatorUser,
  planId: string,
  interval: 'month' | 'year',
): Promise<string> {
  const { url } = await startCheckout(world, owner, planId, interval)
  const paid = await payOnCheckoutPage(url, GOOD_CARD)
  expect(paid.status, paid.body).toBe(303)
  const sessionId = new URL(paid.location ?? '').searchParams.get('session_id')
  if (!sessionId) throw new Error(`No session id in ${paid.location}`)
  return sessionId
}

/** Posts a portal form (`cancel`, `renew`, `card`, `confirm`, `switch`) as the browser would. */
export async function submitPortal(
  portalUrl: string,
  action: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const { origin, pathname } = new URL(portalUrl)
  const response = await fetch(`${origin}${pathname}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  return response.status
}

export function cardFields(card: string): Record<string, string> {
  return {
    card_number: card,
    card_expiry: '12 / 34',
    card_cvc: '123',
    cardholder_name: 'Pat Owner',
  }
}

/** Moves simulated time: the subscription's period ends now (see local-stripe/README.md). */
export async function localControl(world: BillingWorld, path: string): Promise<void> {
  const response = await fetch(`${world.localStripe.url}${path}`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_billing' },
  })
  expect(response.status, await response.text()).toBe(200)
}

/** Every event the service has made, oldest first. */
export async function allEvents(world: BillingWorld): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = []
  for await (const event of world.stripe.events.list({ limit: 100 })) events.push(event)
  return events.reverse()
}

/** Events made after `known` (ids already seen), oldest first. */
export async function newEvents(world: BillingWorld, known: Set<string>): Promise<Stripe.Event[]> {
  const fresh = (await allEvents(world)).filter((event) => !known.has(event.id))
  for (const event of fresh) known.add(event.id)
  return fresh
}

/** Delivers an event to the app's webhook endpoint, signed with `secret`. */
export function deliver(
  world: BillingWorld,
  event: Stripe.Event,
  secret = WEBHOOK_SECRET,
): Promise<LightMyRequestResponse> {
  const { payload, header } = signedDelivery(event, secret)
  return world.testApp.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  })
}

export async function accountOf(world: BillingWorld, tenantId: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.tenantId, tenantId))
  return row
}
