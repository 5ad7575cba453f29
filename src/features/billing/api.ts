import type { components } from '../../../shared/contract/schema'
import { ApiError, unwrap } from '../../api/api-error'
import { api } from '../../api/client'

export type Plan = components['schemas']['Plan']
export type PlanUsage = components['schemas']['PlanUsage']
export type BillingOverview = components['schemas']['BillingOverview']
export type BillingInterval = components['schemas']['BillingInterval']
export type BillingRedirect = components['schemas']['BillingRedirect']
export type CheckoutOutcome = components['schemas']['CheckoutOutcome']
export type PlanLimit = components['schemas']['PlanLimit']

/** The problem type of a request a plan's limit refused (HTTP 402). */
export const PLAN_LIMIT_PROBLEM = '/problems/plan-limit'

/** Every plan, cheapest first. */
export async function loadPlans(): Promise<Plan[]> {
  return unwrap(await api.GET('/api/v1/billing/plans')).data
}

/** The plan in force and what the business uses of it (whoever can see the team). */
export async function loadPlanUsage(): Promise<PlanUsage> {
  return unwrap(await api.GET('/api/v1/billing/plan-usage'))
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

/** The plan limit a failed call ran into (402 `/problems/plan-limit`), or null for anything else. */
export function planLimitOf(error: unknown): { limit: PlanLimit; detail: string } | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null
  const { problem } = error
  if (problem.type !== PLAN_LIMIT_PROBLEM || !problem.limit) return null
  return { limit: problem.limit, detail: problem.detail ?? error.message }
}
