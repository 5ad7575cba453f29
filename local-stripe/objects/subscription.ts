import type Stripe from 'stripe'
import { newId } from '../ids.ts'
import { planOf } from './price.ts'

export interface SubscriptionInput {
  customer: string
  price: Stripe.Price
  quantity: number
  defaultPaymentMethod: string | null
  metadata: Record<string, string>
  periodStart: number
  /** A trial until then (seconds): `trialing`, its first period the trial, nothing billed. */
  trialEnd?: number | null
}

/** The end of a billing period that starts at `start` (seconds), by calendar month or year. */
export function periodEnd(start: number, price: Stripe.Price): number {
  const date = new Date(start * 1000)
  const count = price.recurring?.interval_count ?? 1
  if (price.recurring?.interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count)
  else date.setUTCMonth(date.getUTCMonth() + count)
  return Math.floor(date.getTime() / 1000)
}

export function buildSubscriptionItem(
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  periodStart: number,
  periodEndsAt = periodEnd(periodStart, price),
): Stripe.SubscriptionItem {
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: periodStart,
    current_period_end: periodEndsAt,
    current_period_start: periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  }
}

export function buildSubscription(input: SubscriptionInput): Stripe.Subscription {
  const id = newId('sub')
  const start = input.periodStart
  const trialEnd = input.trialEnd ?? null
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: trialEnd ?? start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: input.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: [
        buildSubscriptionItem(
          id,
          input.price,
          input.quantity,
          start,
          trialEnd ?? periodEnd(start, input.price),
        ),
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: trialEnd ? 'trialing' : 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: 'unchanged', missing_payment_method: 'create_invoice' },
    },
    trial_start: trialEnd ? start : null,
  }
}

/** The one item the app's subscriptions have; Stripe allows more, this service does not. */
export function onlyItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0]
  if (!item) throw new Error(`Subscription ${subscription.id} has no items`)
  return item
}
