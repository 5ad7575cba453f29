import { endCurrentPeriod, exhaustRetries } from '../billing/period-end.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

/** Not Stripe's API: stands in for its test clocks and retry schedule (see README.md). */
export const controlRoutes: Route[] = [
  {
    method: 'POST',
    path: '/_local/subscriptions/:id/renew',
    shape: {},
    handle(request) {
      const subscription = mustFind(request.scope.state, 'subscriptions', pathParam(request, 'id'))
      endCurrentPeriod(request.scope, subscription)
      return subscription
    },
  },
  {
    method: 'POST',
    path: '/_local/subscriptions/:id/retries_exhausted',
    // biome-ignore lint/suspicious/noThenProperty: the form parameter is named `then`; this object is never awaited.
    shape: { then: 'string' },
    handle(request) {
      const subscription = mustFind(request.scope.state, 'subscriptions', pathParam(request, 'id'))
      const then = request.params.oneOf('then', ['cancel', 'unpaid'] as const) ?? 'cancel'
      exhaustRetries(request.scope, subscription, then)
      return subscription
    },
  },
]
