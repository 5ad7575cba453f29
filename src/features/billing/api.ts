import type { components } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'

export type Plan = components['schemas']['Plan']
export type BillingOverview = components['schemas']['BillingOverview']
export type BillingInterval = components['schemas']['BillingInterval']
export type BillingRedirect = components['schemas']['BillingRedirect']
export type CheckoutOutcome = components['schemas']['CheckoutOutcome']

/** Every plan, cheapest first. */
export async function loadPlans(): Promise<Plan[]> {
  return unwrap(await api.GET('/api/v1/billing/plans')).data
}

/** The owner's billing overview (re-read from Stripe by the server). */
export async function loadBillingOverview(): Promise<BillingOverview> {
  return unwrap(await api.GET('/api/v1/billing'))
}

/** Where to send the browser to pay for `plan_id` billed every `interval`. */
export async function createCheckoutSession(
  plan_id: string,
  interval: BillingInterval,
): Promise<BillingRedirect> {
  return unwrap(
    await api.POST('/api/v1/billing/checkout-sessions', { body: { plan_id, interval } }),
  )
}

/** Brings the business up to date with the checkout it came back from. */
export async function syncCheckoutSession(checkoutSessionId: string): Promise<CheckoutOutcome> {
  return unwrap(
    await api.POST('/api/v1/billing/checkout-sessions/{checkoutSessionId}/sync', {
      params: { path: { checkoutSessionId } },
    }),
  )
}

/** Where to send the browser to manage the subscription (Stripe's Customer Portal). */
export async function createPortalSession(): Promise<BillingRedirect> {
  return unwrap(await api.POST('/api/v1/billing/portal-sessions'))
}
