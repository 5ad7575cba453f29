import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { paymentAccounts } from '../../../server/db/schema.ts'
import { slugOf } from './public-booking.ts'
import { createSchedulingBusiness, type SchedulingBusiness } from './scheduling-business.ts'
import { call } from './team-business.ts'
import type { TestApp } from './test-app.ts'

/** A business that takes payments: its public slug and its connected Stripe account. */
export type ConnectedBusiness = SchedulingBusiness & { slug: string; accountId: string }

/**
 * A new business whose owner connected Stripe as an owner does: an onboarding link, the local
 * Stripe service's hosted onboarding completed, the return's sync — and the account active.
 * The test app must be built with the local Stripe service's address and keys.
 */
export async function createConnectedBusiness(
  testApp: TestApp,
  label: string,
): Promise<ConnectedBusiness> {
  const business = await createSchedulingBusiness(testApp, label)
  await connectActiveAccount(testApp, business)
  const [account] = await testApp.database.db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.tenantId, business.tenantId))
  if (!account) throw new Error(`${label} is not connected.`)
  return {
    ...business,
    slug: await slugOf(testApp, business.tenantId),
    accountId: account.stripeAccountId,
  }
}

/**
 * The owner's "Connect with Stripe" (or "Connect Stripe again"): a fresh onboarding link, the
 * hosted onboarding completed, and the return's sync finding the account active.
 */
export async function connectActiveAccount(
  testApp: TestApp,
  business: SchedulingBusiness,
): Promise<void> {
  const link = await call(
    testApp,
    business.owner,
    'POST',
    '/api/v1/payments/account/onboarding-links',
  )
  expect(link.statusCode, link.body).toBe(201)
  const url = link.json<{ url: string }>().url
  expect((await fetch(url, { redirect: 'manual' })).status).toBe(200)
  const done = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'complete' }),
  })
  expect(done.status).toBe(303)
  const synced = await call(testApp, business.owner, 'POST', '/api/v1/payments/account/sync')
  expect(synced.json<{ status: string }>().status).toBe('active')
}
