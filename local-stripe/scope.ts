import type Stripe from 'stripe'
import { resourceMissing } from './errors.ts'
import { buildEvent, type EventObject, type EventRequest, type EventType } from './events.ts'
import type { StripeState } from './state.ts'

/** What every operation works with: the state, where the hosted pages live, and `emit`. */
export interface Scope {
  readonly state: StripeState
  readonly publicUrl: string
  readonly accountName: string
  emit<T extends EventType>(
    type: T,
    object: EventObject<T>,
    previousAttributes?: Record<string, unknown>,
  ): void
}

export interface ScopeSource {
  state: StripeState
  publicUrl: string
  accountName: string
  webhooksPending: boolean
  onEvent(event: Stripe.Event): void
}

export function createScope(source: ScopeSource, request: EventRequest | null): Scope {
  return {
    state: source.state,
    publicUrl: source.publicUrl,
    accountName: source.accountName,
    emit(type, object, previousAttributes) {
      const event = buildEvent(
        type,
        object,
        previousAttributes,
        request,
        source.webhooksPending ? 1 : 0,
      )
      source.state.events[event.id] = event
      source.onEvent(event)
    },
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
