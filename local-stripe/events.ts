import Stripe from 'stripe'
import { newId, nowSeconds } from './ids.ts'

export type EventType = Stripe.Event['type']
export type EventObject<T extends EventType> = Extract<Stripe.Event, { type: T }>['data']['object']

/** The API request that caused an event; null for changes made on the hosted pages. */
export interface EventRequest {
  id: string | null
  idempotency_key: string | null
}

export function buildEvent<T extends EventType>(
  type: T,
  object: EventObject<T>,
  previousAttributes: Record<string, unknown> | undefined,
  request: EventRequest | null,
  pendingWebhooks: number,
  account: string | null = null,
): Stripe.Event {
  const event = {
    id: newId('evt'),
    object: 'event',
    // Connect events name the connected account the object belongs to; platform events don't.
    ...(account ? { account } : {}),
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: {
      object: structuredClone(object),
      ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request,
    type,
  }
  // TypeScript cannot narrow the generic T into one member of the event union.
  return event as unknown as Stripe.Event
}

/** Stripe's `previous_attributes`: the earlier value of each top-level field that changed. */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {}
  const beforeRecord = before as Record<string, unknown>
  const afterRecord = after as Record<string, unknown>
  for (const key of Object.keys(afterRecord)) {
    if (JSON.stringify(beforeRecord[key]) !== JSON.stringify(afterRecord[key])) {
      previous[key] = beforeRecord[key] ?? null
    }
  }
  return previous
}
