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
  /** Null in `mode=setup`, which sells nothing. */
  price: string | null
  quantity: number
  /** `subscription_data[metadata]`, copied onto the subscription the session creates. */
  subscriptionMetadata: Record<string, string>
  /** `subscription_data[trial_end]` (seconds): the subscription trials until then, unbilled. */
  subscriptionTrialEnd?: number | null
  /** `payment_intent_data`, used when `mode=payment` creates its PaymentIntent. */
  paymentIntentData?: {
    metadata: Record<string, string>
    description: string | null
    setupFutureUsage: 'off_session' | 'on_session' | null
  }
  /** `setup_intent_data`, used when `mode=setup` creates its SetupIntent. */
  setupIntentData?: { metadata: Record<string, string>; description: string | null }
}

/**
 * An account link as issued. Stripe's links work once: opened a second time, or after they
 * expire, they send the browser to `refresh_url` for a new one.
 */
export interface AccountLinkRecord {
  link: Stripe.AccountLink
  account: string
  refreshUrl: string
  returnUrl: string
  /** The page was opened; its form can still be sent, once. */
  opened: boolean
  /** The form was sent: onboarding on this link is over. */
  finished: boolean
}

/**
 * The books of one Stripe account: the platform's, or a connected account's. Each record
 * keeps insertion order (ids are never integer-like), which is what "newest first" lists
 * rely on.
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
  paymentIntents: Record<string, Stripe.PaymentIntent>
  setupIntents: Record<string, Stripe.SetupIntent>
  charges: Record<string, Stripe.Charge>
  refunds: Record<string, Stripe.Refund>
  events: Record<string, Stripe.Event>
  /** Stripe keeps idempotency keys per account, so each account's books hold their own. */
  idempotency: Record<string, IdempotencyRecord>
}

/**
 * Everything the service knows: the platform's books, its connected accounts, and the books
 * of each connected account (what was created with the `Stripe-Account` header).
 */
export interface ServiceState extends StripeState {
  accounts: Record<string, Stripe.Account>
  accountLinks: Record<string, AccountLinkRecord>
  connected: Record<string, StripeState>
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
    paymentIntents: {},
    setupIntents: {},
    charges: {},
    refunds: {},
    events: {},
    idempotency: {},
  }
}

export function emptyServiceState(): ServiceState {
  return { ...emptyState(), accounts: {}, accountLinks: {}, connected: {} }
}

/** The books an account's requests read and write: the platform's when `account` is null. */
export function booksOf(state: ServiceState, account: string | null): StripeState {
  if (account === null) return state
  state.connected[account] ??= emptyState()
  return state.connected[account]
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
  ['pi_', 'paymentIntents', 'payment_intent'],
  ['seti_', 'setupIntents', 'setup_intent'],
  ['ch_', 'charges', 'charge'],
  ['re_', 'refunds', 'refund'],
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
  return /^(cus|sub|si|in|pm|price|prod|cs|bps|pi|seti|ch|re|evt|acct)_[A-Za-z0-9_]+$/.test(value)
}

type Located<T> = { account: string | null; object: T }

/**
 * Finds an object in whichever account's books hold it. Hosted pages need this: a browser
 * opening `/checkout/cs_…` sends no `Stripe-Account` header.
 */
export function locate<C extends 'checkoutSessions' | 'portalSessions' | 'invoices'>(
  state: ServiceState,
  collection: C,
  id: string,
): Located<StripeState[C][string]> | undefined {
  const own = state[collection][id]
  if (own) return { account: null, object: own as StripeState[C][string] }
  for (const [account, books] of Object.entries(state.connected)) {
    const found = books[collection][id]
    if (found) return { account, object: found as StripeState[C][string] }
  }
  return undefined
}
