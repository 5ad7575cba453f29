import { changedAttributes } from '../events.ts'
import { buildCustomer } from '../objects/customer.ts'
import { paginate } from '../pagination.ts'
import { mergeMetadata } from '../params.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

const customerFields = { email: 'string', name: 'string', metadata: 'metadata' } as const

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    shape: customerFields,
    handle({ scope, params }) {
      const customer = buildCustomer({
        email: params.nullableString('email') ?? null,
        name: params.nullableString('name') ?? null,
        metadata: mergeMetadata({}, params.metadata()),
      })
      scope.state.customers[customer.id] = customer
      scope.emit('customer.created', customer)
      return customer
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    shape: { email: 'string', limit: 'string', starting_after: 'string', ending_before: 'string' },
    handle({ scope, params }) {
      const email = params.string('email')
      const customers = Object.values(scope.state.customers)
        .reverse()
        .filter((customer) => email === undefined || customer.email === email)
      return paginate(customers, params, '/v1/customers', 'customer')
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'customers', pathParam(request, 'id')),
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    shape: customerFields,
    handle(request) {
      const { scope, params } = request
      const customer = mustFind(scope.state, 'customers', pathParam(request, 'id'))
      const before = structuredClone(customer)
      const email = params.nullableString('email')
      const name = params.nullableString('name')
      if (email !== undefined) customer.email = email
      if (name !== undefined) customer.name = name
      customer.metadata = mergeMetadata(customer.metadata, params.metadata())
      const previous = changedAttributes(before, customer)
      if (Object.keys(previous).length > 0) scope.emit('customer.updated', customer, previous)
      return customer
    },
  },
]
