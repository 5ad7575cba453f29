import type Stripe from 'stripe'
import {
  cancelNow,
  setCancelAtPeriodEnd,
  switchPrice,
  updateSubscription,
} from '../billing/subscription-changes.ts'
import { invalidRequest } from '../errors.ts'
import { onlyItem } from '../objects/subscription.ts'
import { paginate } from '../pagination.ts'
import { mergeMetadata } from '../params.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

const statuses = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const

export const subscriptionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/subscriptions',
    shape: {
      customer: 'string',
      price: 'string',
      status: 'string',
      limit: 'string',
      starting_after: 'string',
      ending_before: 'string',
    },
    handle({ scope, params }) {
      const customer = params.string('customer')
      const price = params.string('price')
      const status = params.oneOf('status', statuses)
      const subscriptions = Object.values(scope.state.subscriptions)
        .reverse()
        .filter((subscription) => customer === undefined || subscription.customer === customer)
        .filter((subscription) => price === undefined || onlyItem(subscription).price.id === price)
        .filter((subscription) => matchesStatus(subscription, status))
      return paginate(subscriptions, params, '/v1/subscriptions', 'subscription')
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'subscriptions', pathParam(request, 'id')),
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    shape: {
      cancel_at_period_end: 'string',
      items: [{ id: 'string', price: 'string' }],
      proration_behavior: 'string',
      metadata: 'metadata',
    },
    handle(request) {
      const { scope, params } = request
      const subscription = mustFind(scope.state, 'subscriptions', pathParam(request, 'id'))
      params.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const)
      const cancelAtPeriodEnd = params.boolean('cancel_at_period_end')
      if (cancelAtPeriodEnd !== undefined) {
        setCancelAtPeriodEnd(scope, subscription, cancelAtPeriodEnd)
      }
      for (const item of params.list('items')) {
        const itemId = item.requiredString('id')
        if (itemId !== onlyItem(subscription).id) {
          throw invalidRequest(
            `Subscription item ${itemId} does not belong to this subscription.`,
            'resource_missing',
            'items[0][id]',
          )
        }
        const priceId = item.string('price')
        if (priceId) switchPrice(scope, subscription, priceId)
      }
      const metadata = params.metadata()
      if (metadata !== undefined) {
        updateSubscription(scope, subscription, (changed) => {
          changed.metadata = mergeMetadata(changed.metadata, metadata)
        })
      }
      return subscription
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    shape: {},
    handle(request) {
      const subscription = mustFind(request.scope.state, 'subscriptions', pathParam(request, 'id'))
      cancelNow(request.scope, subscription, 'cancellation_requested')
      return subscription
    },
  },
]

/** Stripe lists every status but `canceled` by default; `all` includes it, `ended` is canceled. */
function matchesStatus(
  subscription: Stripe.Subscription,
  status: (typeof statuses)[number] | undefined,
): boolean {
  if (status === undefined) return subscription.status !== 'canceled'
  if (status === 'all') return true
  if (status === 'ended') return subscription.status === 'canceled'
  return subscription.status === status
}
