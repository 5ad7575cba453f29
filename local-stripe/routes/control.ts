import { endCurrentPeriod, exhaustRetries } from '../billing/period-end.ts'
import { invalidRequest, resourceMissing, StripeApiError } from '../errors.ts'
import { attemptCheckout } from '../payments/checkout-attempt.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'
import { locate } from '../state.ts'

/**
 * Not Stripe's API: stands in for its test clocks and retry schedule, and for a customer at
 * the hosted Checkout page (see README.md).
 */
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
  {
    // The business removes the platform in its Stripe dashboard (Settings → Connected apps):
    // `account.application.deauthorized` on the account, after which the platform's key no
    // longer reaches it (403 `account_invalid` with the header, 404 without). Answers the event.
    method: 'POST',
    path: '/_local/accounts/:id/deauthorize',
    shape: {},
    handle(request) {
      const id = pathParam(request, 'id')
      const { platform } = request.scope
      if (request.scope.account !== null || !platform.accounts[id]) {
        throw resourceMissing('account', id, 'id')
      }
      const scope = request.scope.forAccount(id)
      const before = new Set(Object.keys(scope.state.events))
      scope.emit('account.application.deauthorized', {
        id: 'ca_local_slotwise',
        object: 'application',
        name: 'Slotwise',
      })
      delete platform.accounts[id]
      const event = Object.values(scope.state.events).find((made) => !before.has(made.id))
      if (!event) throw new Error('The deauthorization made no event.')
      return event
    },
  },
  {
    method: 'POST',
    path: '/_local/checkout/sessions/:id/pay',
    shape: { card: 'string', email: 'string', expiry: 'string', cvc: 'string', name: 'string' },
    handle(request) {
      const { params } = request
      const id = pathParam(request, 'id')
      // Like the page, it finds the session in whichever account holds it, header or not.
      const found = locate(request.scope.platform, 'checkoutSessions', id)
      if (!found) throw resourceMissing('checkout.session', id)
      const scope = request.scope.forAccount(found.account)
      const attempt = attemptCheckout(scope, found.object, {
        email: params.string('email') ?? 'customer@example.com',
        number: params.requiredString('card'),
        expiry: params.string('expiry') ?? '12 / 34',
        cvc: params.string('cvc') ?? '123',
        name: params.string('name') ?? 'Test Customer',
      })
      if (attempt.done) return found.object
      if (attempt.status === 402) {
        const intent = found.object.payment_intent ?? found.object.setup_intent
        const intentId = typeof intent === 'string' ? intent : intent?.id
        const stored = intentId
          ? (scope.state.paymentIntents[intentId] ?? scope.state.setupIntents[intentId])
          : undefined
        throw new StripeApiError(402, {
          type: 'card_error',
          code: attempt.decline.code,
          decline_code: attempt.decline.declineCode,
          message: attempt.message,
          ...(stored?.object === 'payment_intent'
            ? { payment_intent: structuredClone(stored) }
            : {}),
          ...(stored?.object === 'setup_intent' ? { setup_intent: structuredClone(stored) } : {}),
        })
      }
      if (attempt.status === 409)
        throw new StripeApiError(409, { type: 'invalid_request_error', message: attempt.message })
      throw invalidRequest(attempt.message, undefined, attempt.field)
    },
  },
]
