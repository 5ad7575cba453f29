import type Stripe from 'stripe'
import { invalidRequest } from '../errors.ts'
import { buildPrice } from '../objects/price.ts'
import { paginate } from '../pagination.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

export const priceRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/prices',
    shape: {
      product: 'string',
      unit_amount: 'string',
      currency: 'string',
      recurring: { interval: 'string' },
      lookup_key: 'string',
      transfer_lookup_key: 'string',
      nickname: 'string',
      metadata: 'metadata',
    },
    handle({ scope, params }) {
      const { state } = scope
      const product = mustFind(state, 'products', params.requiredString('product'), 'product')
      const unitAmount = params.integer('unit_amount')
      if (unitAmount === undefined)
        throw invalidRequest(
          'Missing required param: unit_amount.',
          'parameter_missing',
          'unit_amount',
        )
      const recurring = params.object('recurring')
      const interval = recurring ? recurring.oneOf('interval', ['month', 'year'] as const) : null
      if (recurring && !interval) {
        throw invalidRequest(
          'Missing required param: recurring[interval].',
          'parameter_missing',
          'recurring[interval]',
        )
      }
      const lookupKey = params.string('lookup_key') ?? null
      const holder = lookupKey ? pricesWithLookupKey(state, lookupKey)[0] : undefined
      if (holder) {
        if (params.boolean('transfer_lookup_key') !== true) {
          throw invalidRequest(
            `A price (\`${holder.id}\`) already uses that lookup key.`,
            'lookup_key_already_exists',
            'lookup_key',
          )
        }
        const before = structuredClone(holder)
        holder.lookup_key = null
        scope.emit('price.updated', holder, { lookup_key: before.lookup_key })
      }
      const price = buildPrice({
        product: product.id,
        unitAmount,
        currency: params.requiredString('currency').toLowerCase(),
        interval: interval ?? null,
        lookupKey,
        nickname: params.string('nickname') ?? null,
        metadata: params.metadata() ?? {},
      })
      state.prices[price.id] = price
      scope.emit('price.created', price)
      return price
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    shape: {
      lookup_keys: 'strings',
      active: 'string',
      limit: 'string',
      starting_after: 'string',
      ending_before: 'string',
    },
    handle({ scope, params }) {
      const lookupKeys = params.strings('lookup_keys')
      const active = params.boolean('active')
      const prices = Object.values(scope.state.prices)
        .reverse()
        .filter((price) => lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key ?? ''))
        .filter((price) => active === undefined || price.active === active)
      return paginate(prices, params, '/v1/prices', 'price')
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'prices', pathParam(request, 'id')),
  },
]

function pricesWithLookupKey(
  state: { prices: Record<string, Stripe.Price> },
  lookupKey: string,
): Stripe.Price[] {
  return Object.values(state.prices).filter((price) => price.lookup_key === lookupKey)
}
