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
]
