import { paginate } from '../pagination.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

export const paymentMethodRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'paymentMethods', pathParam(request, 'id')),
  },
  {
    // The cards kept on a customer, e.g. the one a booking's Checkout saved for a no-show fee.
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    shape: { type: 'string', limit: 'string', starting_after: 'string', ending_before: 'string' },
    handle(request) {
      const { scope, params } = request
      const customer = mustFind(scope.state, 'customers', pathParam(request, 'id'), 'customer')
      const type = params.oneOf('type', ['card'] as const)
      const methods = Object.values(scope.state.paymentMethods)
        .reverse()
        .filter((method) => method.customer === customer.id)
        .filter((method) => type === undefined || method.type === type)
      return paginate(
        methods,
        params,
        `/v1/customers/${customer.id}/payment_methods`,
        'payment_method',
      )
    },
  },
]
