import type Stripe from 'stripe'
import { resourceMissing } from './errors.ts'
import { buildEvent, type EventObject, type EventRequest, type EventType } from './events.ts'
import { booksOf, type ServiceState, type StripeState } from './state.ts'

/**
 * What every operation works with: the books of the account the request acts for, where the
 * hosted pages live, and `emit`.
 */
export interface Scope {
  /** The acting account's books: the platform's, or a connected account's. */
  readonly state: StripeState
  /** The whole service: connected accounts and account links live here. */
  readonly platform: ServiceState
  /** The connected account the request acts for (`Stripe-Account`), null for the platform. */
  readonly account: string | null
  readonly publicUrl: string
  /** The merchant's name on hosted pages: the platform's, or the connected business's. */
  readonly accountName: string
  emit<T extends EventType>(
    type: T,
    object: EventObject<T>,
    previousAttributes?: Record<string, unknown>,
  ): void
  /** The same request acting for another account, e.g. to emit an event about its account. */
  forAccount(account: string | null): Scope
}

export interface ScopeSource {
  state: ServiceState
  publicUrl: string
  accountName: string
  /** How many endpoints an event of this account goes to (Stripe's `pending_webhooks`). */
  webhookEndpoints(account: string | null): number
  onEvent(event: Stripe.Event): void
}

export function createScope(
  source: ScopeSource,
  request: EventRequest | null,
  account: string | null = null,
): Scope {
  const books = booksOf(source.state, account)
  const connected = account ? source.state.accounts[account] : undefined
  return {
    state: books,
    platform: source.state,
    account,
    publicUrl: source.publicUrl,
    accountName: connected?.business_profile?.name ?? source.accountName,
    emit(type, object, previousAttributes) {
      const event = buildEvent(
        type,
        object,
        previousAttributes,
        request,
        source.webhookEndpoints(account),
        account,
      )
      books.events[event.id] = event
      source.onEvent(event)
    },
    forAccount: (other) => createScope(source, request, other),
  }
}

type Collection = Exclude<keyof StripeState, 'idempotency' | 'checkoutPurchases'>

const objectNames: Record<Collection, string> = {
  products: 'product',
  prices: 'price',
  customers: 'customer',
  paymentMethods: 'payment_method',
  subscriptions: 'subscription',
  invoices: 'invoice',
  checkoutSessions: 'checkout.session',
  portalSessions: 'billing_portal.session',
  paymentIntents: 'payment_intent',
  setupIntents: 'setup_intent',
  charges: 'charge',
  refunds: 'refund',
  events: 'event',
}

/** The stored object, or Stripe's `resource_missing` naming the parameter that held the id. */
export function mustFind<C extends Collection>(
  state: StripeState,
  collection: C,
  id: string,
  param = 'id',
): StripeState[C][string] {
  const found = state[collection][id]
  if (!found) throw resourceMissing(objectNames[collection], id, param)
  return found as StripeState[C][string]
}
