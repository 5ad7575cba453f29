import type Stripe from 'stripe'
import { invalidRequest, parameterMissing } from '../errors.ts'
import { buildPortalSession } from '../objects/portal-session.ts'
import { onlyItem } from '../objects/subscription.ts'
import type { Params } from '../params.ts'
import type { Route } from '../router.ts'
import type { Scope } from '../scope.ts'
import { mustFind } from '../scope.ts'

export const portalSessionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    shape: {
      customer: 'string',
      return_url: 'string',
      flow_data: {
        type: 'string',
        subscription_update_confirm: {
          subscription: 'string',
          items: [{ id: 'string', price: 'string', quantity: 'string' }],
        },
        after_completion: { type: 'string', redirect: { return_url: 'string' } },
      },
    },
    handle({ scope, params }) {
      const customer = mustFind(
        scope.state,
        'customers',
        params.requiredString('customer'),
        'customer',
      )
      const flowData = params.object('flow_data')
      const session = buildPortalSession({
        customer: customer.id,
        returnUrl: params.string('return_url') ?? null,
        flow: flowData ? readFlow(scope, customer.id, flowData) : null,
        publicUrl: scope.publicUrl,
      })
      scope.state.portalSessions[session.id] = session
      return session
    },
  },
]

/** Only the one flow the app starts: confirming a plan change it chose itself. */
function readFlow(
  scope: Scope,
  customerId: string,
  flowData: Params,
): Stripe.BillingPortal.Session.Flow {
  const type = flowData.requiredString('type')
  if (type !== 'subscription_update_confirm') {
    throw invalidRequest(
      `This service implements only flow_data[type]=subscription_update_confirm (got ${type}).`,
      'parameter_invalid',
      'flow_data[type]',
    )
  }
  const confirm = flowData.object('subscription_update_confirm')
  if (!confirm) throw parameterMissing('flow_data[subscription_update_confirm]')
  const subscription = mustFind(
    scope.state,
    'subscriptions',
    confirm.requiredString('subscription'),
    'flow_data[subscription_update_confirm][subscription]',
  )
  if (subscription.customer !== customerId) {
    throw invalidRequest(
      'The subscription does not belong to this customer.',
      'parameter_invalid',
      'flow_data[subscription_update_confirm][subscription]',
    )
  }
  const items = confirm.list('items')
  const item = items[0]
  if (!item) throw parameterMissing('flow_data[subscription_update_confirm][items]')
  if (item.requiredString('id') !== onlyItem(subscription).id) {
    throw invalidRequest(
      'The subscription item does not belong to this subscription.',
      'parameter_invalid',
      'flow_data[subscription_update_confirm][items][0][id]',
    )
  }
  const price = mustFind(
    scope.state,
    'prices',
    item.requiredString('price'),
    'flow_data[subscription_update_confirm][items][0][price]',
  )
  const afterCompletion = flowData.object('after_completion')
  const afterType = afterCompletion?.oneOf('type', [
    'hosted_confirmation',
    'portal_homepage',
    'redirect',
  ] as const)
  const redirectUrl = afterCompletion?.object('redirect')?.string('return_url')
  if (afterType === 'redirect' && !redirectUrl) {
    throw parameterMissing('flow_data[after_completion][redirect][return_url]')
  }
  return {
    after_completion: {
      hosted_confirmation: null,
      redirect: afterType === 'redirect' && redirectUrl ? { return_url: redirectUrl } : null,
      type: afterType ?? 'portal_homepage',
    },
    customer_update: null,
    subscription_cancel: null,
    subscription_pause: null,
    subscription_update: null,
    subscription_update_confirm: {
      discounts: null,
      items: [
        { id: onlyItem(subscription).id, price: price.id, quantity: item.integer('quantity') ?? 1 },
      ],
      subscription: subscription.id,
    },
    type: 'subscription_update_confirm',
  }
}
