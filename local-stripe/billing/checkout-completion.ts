import type Stripe from 'stripe'
import type { TestCard } from '../cards.ts'
import { changedAttributes } from '../events.ts'
import { nowSeconds } from '../ids.ts'
import { buildCustomer } from '../objects/customer.ts'
import { buildCardPaymentMethod } from '../objects/payment-method.ts'
import { buildSubscription } from '../objects/subscription.ts'
import { mustFind, type Scope } from '../scope.ts'
import { invoiceCurrentPeriod } from './charging.ts'

/**
 * What a successful payment on the hosted Checkout page does: the card becomes the customer's
 * default payment method, the subscription starts with a paid first invoice, and the session
 * completes. Only called with a card that charges (the page refuses a declined one first).
 * With `subscription_data[trial_end]` the subscription is `trialing` until then and nothing is
 * invoiced now: its first invoice comes at the trial's end (`/_local/…/renew` stands in).
 */
export function completeCheckout(
  scope: Scope,
  session: Stripe.Checkout.Session,
  card: TestCard,
  email: string | null,
): Stripe.Subscription {
  const { state } = scope
  const purchase = state.checkoutPurchases[session.id]
  if (!purchase?.price) throw new Error(`Checkout Session ${session.id} sells nothing`)
  const price = mustFind(state, 'prices', purchase.price, 'price')

  let customer: Stripe.Customer
  if (typeof session.customer === 'string') {
    customer = mustFind(state, 'customers', session.customer, 'customer')
  } else {
    customer = buildCustomer({ email, name: card.name, metadata: {} })
    state.customers[customer.id] = customer
    scope.emit('customer.created', customer)
  }

  const paymentMethod = buildCardPaymentMethod(card, customer.id)
  state.paymentMethods[paymentMethod.id] = paymentMethod
  scope.emit('payment_method.attached', paymentMethod)

  const customerBefore = structuredClone(customer)
  customer.invoice_settings.default_payment_method = paymentMethod.id
  customer.currency = price.currency
  scope.emit('customer.updated', customer, changedAttributes(customerBefore, customer))

  const subscription = buildSubscription({
    customer: customer.id,
    price,
    quantity: purchase.quantity,
    defaultPaymentMethod: paymentMethod.id,
    metadata: purchase.subscriptionMetadata,
    periodStart: nowSeconds(),
    trialEnd: purchase.subscriptionTrialEnd ?? null,
  })
  state.subscriptions[subscription.id] = subscription
  scope.emit('customer.subscription.created', subscription)
  const invoice =
    subscription.status === 'trialing'
      ? null
      : invoiceCurrentPeriod(scope, subscription, 'subscription_create')

  session.status = 'complete'
  session.payment_status = invoice ? 'paid' : 'no_payment_required'
  session.customer = customer.id
  session.subscription = subscription.id
  session.invoice = invoice?.id ?? null
  session.customer_details = {
    address: null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: card.name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  }
  scope.emit('checkout.session.completed', session)
  return subscription
}
