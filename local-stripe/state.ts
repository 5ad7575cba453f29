import type Stripe from 'stripe'

/** A POST answered under an Idempotency-Key, kept so a retry gets the same answer. */
export interface IdempotencyRecord {
  method: string
  path: string
  fingerprint: string
  status: number
  body: string
}

export interface CheckoutPurchase {
  price: string
  quantity: number
  /** `subscription_data[metadata]`, copied onto the subscription the session creates. */
  subscriptionMetadata: Record<string, string>
}

/**
 * Everything the service knows. Each record keeps insertion order (ids are never
 * integer-like), which is what "newest first" lists rely on.
 */
export interface StripeState {
  products: Record<string, Stripe.Product>
  prices: Record<string, Stripe.Price>
  customers: Record<string, Stripe.Customer>
  paymentMethods: Record<string, Stripe.PaymentMethod>
  subscriptions: Record<string, Stripe.Subscription>
  invoices: Record<string, Stripe.Invoice>
  checkoutSessions: Record<string, Stripe.Checkout.Session>
  /** What each Checkout Session sells; Stripe returns line items only on request. */
  checkoutPurchases: Record<string, CheckoutPurchase>
  portalSessions: Record<string, Stripe.BillingPortal.Session>
  events: Record<string, Stripe.Event>
  idempotency: Record<string, IdempotencyRecord>
}

export function emptyState(): StripeState {
  return {
    products: {},
    prices: {},
    customers: {},
    paymentMethods: {},
    subscriptions: {},
    invoices: {},
    checkoutSessions: {},
    checkoutPurchases: {},
    portalSessions: {},
    events: {},
    idempotency: {},
  }
}

/** The collection and the name Stripe's errors use for each id prefix. */
const collections = [
  ['cus_', 'customers', 'customer'],
  ['sub_', 'subscriptions', 'subscription'],
  ['in_', 'invoices', 'invoice'],
  ['pm_', 'paymentMethods', 'payment_method'],
  ['price_', 'prices', 'price'],
  ['prod_', 'products', 'product'],
  ['cs_', 'checkoutSessions', 'checkout.session'],
  ['bps_', 'portalSessions', 'billing_portal.session'],
  ['evt_', 'events', 'event'],
] as const

/** Finds any stored object by its id's prefix (subscription items live inside subscriptions). */
export function findById(state: StripeState, id: string): object | undefined {
  if (id.startsWith('si_')) {
    for (const subscription of Object.values(state.subscriptions)) {
      const item = subscription.items.data.find((candidate) => candidate.id === id)
      if (item) return item
    }
    return undefined
  }
  for (const [prefix, collection] of collections) {
    if (id.startsWith(prefix)) return state[collection][id]
  }
  // Products may be created with the caller's own id (`prod_…` is only Stripe's default).
  return state.products[id]
}

export function looksLikeId(value: string): boolean {
  return /^(cus|sub|si|in|pm|price|prod|cs|bps|evt)_[A-Za-z0-9_]+$/.test(value)
}
