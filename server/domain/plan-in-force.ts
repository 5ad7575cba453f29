/**
 * Which plan a business is on right now, from its billing account and the clock. Pure: the
 * account holds what Stripe last said (and the card-less trial's end); time does the rest, so
 * a trial ends on the minute without a job having to run.
 */

/** Every status a Stripe subscription can have, as Stripe names them. */
export const stripeSubscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const
export type StripeSubscriptionStatus = (typeof stripeSubscriptionStatuses)[number]

/** How the plan in force stands, as the profile and the billing page say it. */
export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'incomplete'
  | 'paused'

export const FREE_PLAN_ID = 'free'
/** A new business tries the top plan for two weeks, without a card. */
export const TRIAL_PLAN_ID = 'pro'
export const TRIAL_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

export interface BillingAccountState {
  /** The plan of the subscription, or of the trial while there is none. */
  planId: string
  trialEndsAt: Date | null
  stripeSubscriptionId: string | null
  stripeStatus: StripeSubscriptionStatus | null
}

export interface PlanInForce {
  planId: string
  status: SubscriptionStatus
}

/**
 * Every Stripe status mapped: paid up or being retried keeps the plan (Stripe is still trying
 * the card while `past_due`); a subscription that is not paid for (`unpaid`, `incomplete`,
 * `paused`) leaves the business on Free with that status, so the owner is told to pay; an
 * ended one (`canceled`, `incomplete_expired`) is as if there were none.
 */
export function planInForce(account: BillingAccountState, now: Date): PlanInForce {
  if (account.stripeSubscriptionId && account.stripeStatus) {
    switch (account.stripeStatus) {
      case 'active':
      case 'trialing':
      case 'past_due':
        return { planId: account.planId, status: account.stripeStatus }
      case 'unpaid':
      case 'incomplete':
      case 'paused':
        return { planId: FREE_PLAN_ID, status: account.stripeStatus }
      case 'canceled':
      case 'incomplete_expired':
        break
    }
  }
  if (account.trialEndsAt && now < account.trialEndsAt) {
    return { planId: TRIAL_PLAN_ID, status: 'trialing' }
  }
  return { planId: FREE_PLAN_ID, status: 'active' }
}

/** Whether the subscription still bills (one subscription per business: change it, don't add one). */
export function hasLiveSubscription(account: BillingAccountState): boolean {
  return (
    account.stripeSubscriptionId !== null &&
    account.stripeStatus !== null &&
    account.stripeStatus !== 'canceled' &&
    account.stripeStatus !== 'incomplete_expired'
  )
}

/** When a trial that starts now ends. */
export function trialEndFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS)
}

/** Whole days left of the trial, rounded up (a trial ending in 3 hours has 1 day left); null when not trialing. */
export function trialDaysLeft(account: BillingAccountState, now: Date): number | null {
  if (planInForce(account, now).status !== 'trialing' || !account.trialEndsAt) return null
  if (hasLiveSubscription(account)) return null
  return Math.ceil((account.trialEndsAt.getTime() - now.getTime()) / DAY_MS)
}
