import { describe, expect, it } from 'vitest'
import { planChangeSummary } from '../../../../server/domain/plan-change-summary.ts'
import {
  type BillingAccountState,
  hasLiveSubscription,
  planInForce,
  type StripeSubscriptionStatus,
  trialDaysLeft,
  trialEndFrom,
} from '../../../../server/domain/plan-in-force.ts'

const now = new Date('2026-11-26T12:00:00Z')
const HOUR = 3_600_000

const trialEnd = trialEndFrom(now)
const onTrial: BillingAccountState = {
  planId: 'pro',
  trialEndsAt: trialEnd,
  stripeSubscriptionId: null,
  stripeStatus: null,
}
const subscribed = (status: StripeSubscriptionStatus): BillingAccountState => ({
  planId: 'starter',
  trialEndsAt: new Date(now.getTime() - HOUR),
  stripeSubscriptionId: 'sub_1',
  stripeStatus: status,
})

describe('planInForce', () => {
  it('a new business is on the Pro trial for 14 days, then on Free', () => {
    expect(planInForce(onTrial, now)).toEqual({ planId: 'pro', status: 'trialing' })
    const lastMinute = new Date(trialEnd.getTime() - 60_000)
    expect(planInForce(onTrial, lastMinute)).toEqual({ planId: 'pro', status: 'trialing' })
    expect(planInForce(onTrial, trialEnd)).toEqual({ planId: 'free', status: 'active' })
  })

  it.each([
    ['active', 'starter', 'active'],
    ['trialing', 'starter', 'trialing'],
    ['past_due', 'starter', 'past_due'],
    ['unpaid', 'free', 'unpaid'],
    ['incomplete', 'free', 'incomplete'],
    ['paused', 'free', 'paused'],
    ['canceled', 'free', 'active'],
    ['incomplete_expired', 'free', 'active'],
  ] as const)('Stripe status %s → plan %s, status %s', (stripeStatus, planId, status) => {
    expect(planInForce(subscribed(stripeStatus), now)).toEqual({ planId, status })
  })

  it('an ended subscription during a trial that is still running leaves the trial', () => {
    const account = { ...subscribed('canceled'), trialEndsAt: new Date(now.getTime() + HOUR) }
    expect(planInForce(account, now)).toEqual({ planId: 'pro', status: 'trialing' })
  })

  it('only a subscription that has not ended is live', () => {
    expect(hasLiveSubscription(subscribed('past_due'))).toBe(true)
    expect(hasLiveSubscription(subscribed('unpaid'))).toBe(true)
    expect(hasLiveSubscription(subscribed('canceled'))).toBe(false)
    expect(hasLiveSubscription(subscribed('incomplete_expired'))).toBe(false)
    expect(hasLiveSubscription(onTrial)).toBe(false)
  })
})

describe('trialDaysLeft', () => {
  it('counts whole days, rounded up, and nothing once the trial is over', () => {
    expect(trialDaysLeft(onTrial, now)).toBe(14)
    const endsIn3Hours = { ...onTrial, trialEndsAt: new Date(now.getTime() + 3 * HOUR) }
    expect(trialDaysLeft(endsIn3Hours, now)).toBe(1)
    expect(trialDaysLeft({ ...onTrial, trialEndsAt: now }, now)).toBeNull()
    expect(trialDaysLeft(subscribed('active'), now)).toBeNull()
  })
})

describe('planChangeSummary', () => {
  const state = (
    planId: string,
    planName: string,
    status: 'trialing' | 'active' | 'past_due' | 'unpaid',
    interval: 'month' | 'year' | null,
  ) => ({ planId, planName, status, interval })

  it('names the plans and how they are billed', () => {
    expect(
      planChangeSummary({
        before: state('pro', 'Pro', 'trialing', null),
        after: state('starter', 'Starter', 'active', 'year'),
        cancelAtPeriodEnd: false,
        periodEnd: null,
      }),
    ).toBe('Plan changed from the Pro trial to Starter (yearly)')
  })

  it('says when a payment failed, recovered, or the plan was cancelled', () => {
    const starter = state('starter', 'Starter', 'active', 'month')
    expect(
      planChangeSummary({
        before: starter,
        after: { ...starter, status: 'past_due' },
        cancelAtPeriodEnd: false,
        periodEnd: null,
      }),
    ).toBe('A payment for Starter failed; Stripe will retry the card')
    expect(
      planChangeSummary({
        before: { ...starter, status: 'past_due' },
        after: starter,
        cancelAtPeriodEnd: false,
        periodEnd: null,
      }),
    ).toBe('The payment for Starter went through; the subscription is active again')
    expect(
      planChangeSummary({
        before: starter,
        after: starter,
        cancelAtPeriodEnd: true,
        periodEnd: new Date('2026-12-26T00:00:00Z'),
      }),
    ).toBe('Starter was cancelled and ends on 2026-12-26')
    expect(
      planChangeSummary({
        before: starter,
        after: state('free', 'Free', 'unpaid', 'month'),
        cancelAtPeriodEnd: false,
        periodEnd: null,
      }),
    ).toBe('Starter is not paid for (unpaid); the business is on Free until it is')
  })
})
