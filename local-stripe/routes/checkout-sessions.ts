import { expireCheckoutSession } from '../billing/checkout-expiry.ts'
import { invalidRequest, parameterMissing } from '../errors.ts'
import { buildCheckoutSession } from '../objects/checkout-session.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

export const checkoutSessionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    shape: {
      mode: 'string',
      customer: 'string',
      client_reference_id: 'string',
      line_items: [{ price: 'string', quantity: 'string' }],
      success_url: 'string',
      cancel_url: 'string',
      metadata: 'metadata',
      subscription_data: { metadata: 'metadata' },
      allow_promotion_codes: 'string',
    },
    handle({ scope, params }) {
      const { state } = scope
      const mode = params.string('mode')
      if (mode === undefined) throw parameterMissing('mode')
      if (mode !== 'subscription') {
        throw invalidRequest(
          `This service implements only mode=subscription (got ${mode}).`,
          'parameter_invalid',
          'mode',
        )
      }
      const customerId = params.string('customer')
      const customer = customerId ? mustFind(state, 'customers', customerId, 'customer') : null
      const lineItems = params.list('line_items')
      const lineItem = lineItems[0]
      if (!lineItem) throw parameterMissing('line_items')
      if (lineItems.length > 1) {
        throw invalidRequest(
          'This service sells one line item per session.',
          'parameter_invalid',
          'line_items',
        )
      }
      const price = mustFind(
        state,
        'prices',
        lineItem.requiredString('price'),
        'line_items[0][price]',
      )
      if (!price.recurring) {
        throw invalidRequest(
          'You must specify at least one recurring price in `subscription` mode when using prices.',
          'parameter_invalid',
          'line_items[0][price]',
        )
      }
      const quantity = lineItem.integer('quantity') ?? 1
      const session = buildCheckoutSession({
        customer,
        clientReferenceId: params.string('client_reference_id') ?? null,
        price,
        quantity,
        successUrl: params.requiredString('success_url'),
        cancelUrl: params.string('cancel_url') ?? null,
        metadata: params.metadata() ?? {},
        allowPromotionCodes: params.boolean('allow_promotion_codes') ?? null,
        publicUrl: scope.publicUrl,
      })
      state.checkoutSessions[session.id] = session
      state.checkoutPurchases[session.id] = {
        price: price.id,
        quantity,
        subscriptionMetadata: params.object('subscription_data')?.metadata() ?? {},
      }
      return session
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    shape: {},
    handle: (request) =>
      mustFind(request.scope.state, 'checkoutSessions', pathParam(request, 'id'), 'session'),
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    shape: {},
    handle(request) {
      const session = mustFind(
        request.scope.state,
        'checkoutSessions',
        pathParam(request, 'id'),
        'session',
      )
      expireCheckoutSession(request.scope, session)
      return session
    },
  },
]
