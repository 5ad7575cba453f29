/*
 * Subscribing during the trial keeps the trial's remaining days: Checkout is given the trial's
 * end as the subscription's `trial_end`, and the card is first charged then. Stripe takes a
 * `trial_end` only at least 48 hours ahead; a trial ending sooner is charged at once. Pure and
 * shared: the server decides with it what Checkout gets, the plans page says the same.
 */

const HOUR_MS = 3_600_000

/** Stripe's least lead for Checkout's `subscription_data.trial_end`. */
export const STRIPE_TRIAL_END_LEAD_MS = 48 * HOUR_MS

/**
 * Slack for the clocks: Stripe measures the 48 hours when the request arrives, a little after
 * we decided, so a trial within this much of the limit is charged at once rather than refused.
 */
const CLOCK_SLACK_MS = 5 * 60_000

/** The trial's end when a subscription bought now keeps it (the first charge then), else null. */
export function trialKeptAtCheckout(trialEndsAt: Date | null, now: Date): Date | null {
  if (!trialEndsAt) return null
  const lead = trialEndsAt.getTime() - now.getTime()
  return lead >= STRIPE_TRIAL_END_LEAD_MS + CLOCK_SLACK_MS ? trialEndsAt : null
}
