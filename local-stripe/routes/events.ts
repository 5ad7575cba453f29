import { paginate } from '../pagination.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events',
    shape: {
      type: 'string',
      types: 'strings',
      limit: 'string',
      starting_after: 'string',
      ending_before: 'string',
    },
    handle({ scope, params }) {
      const type = params.string('type')
      const types = params.strings('types')
      const events = Object.values(scope.state.events)
        .reverse()
        .filter((event) => type === undefined || matchesType(event.type, type))
        .filter((event) => types.length === 0 || types.some((t) => matchesType(event.type, t)))
      return paginate(events, params, '/v1/events', 'event')
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'events', pathParam(request, 'id')),
  },
]

/** Stripe's `type` filter takes a `*` wildcard: `customer.subscription.*`. */
function matchesType(type: string, filter: string): boolean {
  if (!filter.includes('*')) return type === filter
  const pattern = filter.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${pattern.join('.*')}$`).test(type)
}
