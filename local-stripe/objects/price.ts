import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface PriceInput {
  product: string
  unitAmount: number
  currency: string
  interval: 'month' | 'year' | null
  lookupKey: string | null
  nickname: string | null
  metadata: Record<string, string>
}

export function buildPrice(input: PriceInput): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: input.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey,
    metadata: input.metadata,
    nickname: input.nickname,
    product: input.product,
    recurring: input.interval
      ? {
          interval: input.interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.interval ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: wireDecimal(input.unitAmount),
  }
}

type Decimal = NonNullable<Stripe.Price['unit_amount_decimal']>

/**
 * A decimal as it travels in JSON: a string. The SDK turns it into its `Decimal` class when it
 * reads a response; stored here as the class, it would not survive structuredClone or the
 * data file.
 */
function wireDecimal(value: number): Decimal {
  return String(value) as unknown as Decimal
}

/** Subscription items still carry the legacy Plan view of their recurring price. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring?.interval ?? 'month',
    interval_count: recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}
