import { invalidRequest } from '../errors.ts'
import { buildProduct } from '../objects/product.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

export const productRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/products',
    shape: { id: 'string', name: 'string', description: 'string', metadata: 'metadata' },
    handle({ scope, params }) {
      const id = params.string('id')
      if (id && scope.state.products[id]) {
        throw invalidRequest(`Product already exists.`, 'resource_already_exists', 'id')
      }
      const product = buildProduct({
        ...(id ? { id } : {}),
        name: params.requiredString('name'),
        description: params.nullableString('description') ?? null,
        metadata: params.metadata() ?? {},
      })
      scope.state.products[product.id] = product
      scope.emit('product.created', product)
      return product
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'products', pathParam(request, 'id')),
  },
]
