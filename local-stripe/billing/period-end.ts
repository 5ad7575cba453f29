import type Stripe from 'stripe'
import { invalidRequest } from '../errors.ts'
import { changedAttributes } from '../events.ts'
import { nowSeconds } from '../ids.ts'
import { periodEnd } from '../objects/subscription.ts'
import type { Scope } from '../scope.ts'
import { invoiceCurrentPeriod } from './charging.ts'
import { cancelNow, updateSubscription } from './subscription-changes.ts'

/*
 * Stripe moves time with test clocks; this service has none. Instead, a control endpoint says
 * "the current period ends now", and these functions do what Stripe does at that moment.
 */

/**
 * The period ends now: a subscription set to cancel ends; any other is charged for the next
 * period, becoming `past_due` if the card is declined.
 */
export function endCurrentPeriod(scope: Scope, subscription: Stripe.Subscription): void {
  if (!['active', 'past_due', 'trialing'].includes(subscription.status)) {
    throw invalidRequest(
      `Subscription ${subscription.id} is ${subscription.status}; only a live subscription renews.`,
    )
  }
  if (subscription.cancel_at_period_end) {
    cancelNow(scope, subscription, 'cancellation_requested')
    return
  }
  const now = nowSeconds()
  const before = structuredClone(subscription)
  for (const item of subscription.items.data) {
    item.current_period_start = now
    item.current_period_end = periodEnd(now, item.price)
  }
  const invoice = invoiceCurrentPeriod(scope, subscription, 'subscription_cycle')
  subscription.status = invoice.status === 'paid' ? 'active' : 'past_due'
  scope.emit('customer.subscription.updated', subscription, changedAttributes(before, subscription))
}

/**
 * Stripe's retries for a failed renewal all failed. Its default setting cancels the
 * subscription and marks the open invoice uncollectible; `then: 'unpaid'` is the other setting.
 */
export function exhaustRetries(
  scope: Scope,
  subscription: Stripe.Subscription,
  then: 'cancel' | 'unpaid',
): void {
  if (subscription.status !== 'past_due') {
    throw invalidRequest(
      `Subscription ${subscription.id} is ${subscription.status}; only a past_due subscription runs out of retries.`,
    )
  }
  if (then === 'unpaid') {
    updateSubscription(scope, subscription, (changed) => {
      changed.status = 'unpaid'
    })
    return
  }
  const invoiceId = subscription.latest_invoice as string | null
  const invoice = invoiceId ? scope.state.invoices[invoiceId] : undefined
  if (invoice?.status === 'open') {
    invoice.status = 'uncollectible'
    invoice.next_payment_attempt = null
    invoice.status_transitions.marked_uncollectible_at = nowSeconds()
    scope.emit('invoice.marked_uncollectible', invoice)
  }
  cancelNow(scope, subscription, 'payment_failed')
}
