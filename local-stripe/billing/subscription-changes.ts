import type Stripe from 'stripe'
import type { TestCard } from '../cards.ts'
import { invalidRequest, resourceMissing } from '../errors.ts'
import { changedAttributes } from '../events.ts'
import { nowSeconds } from '../ids.ts'
import { buildCardPaymentMethod } from '../objects/payment-method.ts'
import { planOf } from '../objects/price.ts'
import { onlyItem } from '../objects/subscription.ts'
import { mustFind, type Scope } from '../scope.ts'

/** Applies `change` to the subscription and emits `customer.subscription.updated` if it did anything. */
export function updateSubscription(
  scope: Scope,
  subscription: Stripe.Subscription,
  change: (subscription: Stripe.Subscription) => void,
): void {
  const before = structuredClone(subscription)
  change(subscription)
  const previous = changedAttributes(before, subscription)
  if (Object.keys(previous).length > 0) {
    scope.emit('customer.subscription.updated', subscription, previous)
  }
}

export function assertNotCanceled(subscription: Stripe.Subscription): void {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(
      `A canceled subscription can only update its cancellation_details and metadata.`,
      'resource_missing',
    )
  }
}

export function setCancelAtPeriodEnd(
  scope: Scope,
  subscription: Stripe.Subscription,
  cancel: boolean,
): void {
  assertNotCanceled(subscription)
  updateSubscription(scope, subscription, (changed) => {
    changed.cancel_at_period_end = cancel
    changed.cancel_at = cancel ? onlyItem(changed).current_period_end : null
    changed.canceled_at = cancel ? nowSeconds() : null
    changed.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: cancel ? 'cancellation_requested' : null,
    }
  })
}

/**
 * Switches the subscription's one item to another price at once. Stripe would prorate the
 * difference on the next invoice; this service keeps the period and bills the new price from
 * the next renewal on.
 */
export function switchPrice(
  scope: Scope,
  subscription: Stripe.Subscription,
  priceId: string,
): void {
  assertNotCanceled(subscription)
  const price = mustFind(scope.state, 'prices', priceId, 'items[0][price]')
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is not recurring: ${price.id}.`,
      'parameter_invalid',
      'items[0][price]',
    )
  }
  updateSubscription(scope, subscription, (changed) => {
    const item = onlyItem(changed)
    item.price = price
    item.plan = planOf(price)
    changed.currency = price.currency
  })
}

/** Saves a card from the portal as the customer's and the subscription's default. */
export function replaceDefaultCard(
  scope: Scope,
  customer: Stripe.Customer,
  subscription: Stripe.Subscription | undefined,
  card: TestCard,
): Stripe.PaymentMethod {
  const paymentMethod = buildCardPaymentMethod(card, customer.id)
  scope.state.paymentMethods[paymentMethod.id] = paymentMethod
  scope.emit('payment_method.attached', paymentMethod)
  const before = structuredClone(customer)
  customer.invoice_settings.default_payment_method = paymentMethod.id
  scope.emit('customer.updated', customer, changedAttributes(before, customer))
  if (subscription && subscription.status !== 'canceled') {
    updateSubscription(scope, subscription, (changed) => {
      changed.default_payment_method = paymentMethod.id
    })
  }
  return paymentMethod
}

/** Ends the subscription now (`DELETE /v1/subscriptions/:id`, or a period end that cancels it). */
export function cancelNow(
  scope: Scope,
  subscription: Stripe.Subscription,
  reason: Stripe.Subscription.CancellationDetails.Reason,
): void {
  if (subscription.status === 'canceled') {
    throw resourceMissing('subscription', subscription.id)
  }
  const before = structuredClone(subscription)
  const now = nowSeconds()
  subscription.status = 'canceled'
  subscription.ended_at = now
  subscription.canceled_at ??= now
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason,
  }
  scope.emit('customer.subscription.deleted', subscription, changedAttributes(before, subscription))
}
