import type Stripe from 'stripe'
import { invalidRequest, parameterMissing } from '../errors.ts'
import { newId } from '../ids.ts'
import { buildSubscriptionInvoice } from '../objects/invoice.ts'
import { onlyItem, periodEnd } from '../objects/subscription.ts'
import { paginate } from '../pagination.ts'
import type { Route } from '../router.ts'
import { pathParam } from '../router.ts'
import { mustFind } from '../scope.ts'

const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/invoices',
    shape: {
      customer: 'string',
      subscription: 'string',
      status: 'string',
      limit: 'string',
      starting_after: 'string',
      ending_before: 'string',
    },
    handle({ scope, params }) {
      const customer = params.string('customer')
      const subscription = params.string('subscription')
      const status = params.oneOf('status', invoiceStatuses)
      const invoices = Object.values(scope.state.invoices)
        .reverse()
        .filter((invoice) => customer === undefined || invoice.customer === customer)
        .filter(
          (invoice) =>
            subscription === undefined ||
            invoice.parent?.subscription_details?.subscription === subscription,
        )
        .filter((invoice) => status === undefined || invoice.status === status)
      return paginate(invoices, params, '/v1/invoices', 'invoice')
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    shape: {},
    handle: (request) => mustFind(request.scope.state, 'invoices', pathParam(request, 'id')),
  },
  {
    method: 'POST',
    path: '/v1/invoices/create_preview',
    shape: { customer: 'string', subscription: 'string' },
    handle({ scope, params }) {
      const { state } = scope
      const subscriptionId = params.string('subscription')
      const customerId = params.string('customer')
      if (!subscriptionId && !customerId) throw parameterMissing('customer')
      const subscription = subscriptionId
        ? mustFind(state, 'subscriptions', subscriptionId, 'subscription')
        : Object.values(state.subscriptions)
            .reverse()
            .find(
              (candidate) => candidate.customer === customerId && candidate.status !== 'canceled',
            )
      const customer = mustFind(
        state,
        'customers',
        customerId ?? (subscription?.customer as string),
        'customer',
      )
      if (!subscription || !renews(subscription)) {
        throw invalidRequest(
          `No upcoming invoices for customer: ${customer.id}`,
          'invoice_upcoming_none',
        )
      }
      return upcomingInvoice(subscription, customer, scope.accountName)
    },
  },
]

function renews(subscription: Stripe.Subscription): boolean {
  return subscription.status !== 'canceled' && !subscription.cancel_at_period_end
}

/** The invoice the next renewal will create: the next period, charged at its start. */
function upcomingInvoice(
  subscription: Stripe.Subscription,
  customer: Stripe.Customer,
  accountName: string,
): Stripe.Invoice {
  const current = onlyItem(subscription)
  const nextStart = current.current_period_end
  const item: Stripe.SubscriptionItem = {
    ...current,
    current_period_start: nextStart,
    current_period_end: periodEnd(nextStart, current.price),
  }
  const invoice = buildSubscriptionInvoice({
    id: newId('upcoming_in'),
    number: null,
    customer,
    subscription,
    item,
    billingReason: 'upcoming',
    accountName,
    publicUrl: null,
  })
  invoice.status = 'draft'
  invoice.status_transitions.finalized_at = null
  invoice.next_payment_attempt = nextStart
  invoice.created = nextStart
  invoice.effective_at = null
  invoice.webhooks_delivered_at = null
  return invoice
}
