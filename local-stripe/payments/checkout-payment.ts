import type Stripe from 'stripe'
import type { TestCard } from '../cards.ts'
import { buildCustomer } from '../objects/customer.ts'
import { buildPaymentIntent } from '../objects/payment-intent.ts'
import { buildCardPaymentMethod } from '../objects/payment-method.ts'
import { buildSetupIntent } from '../objects/setup-intent.ts'
import { mustFind, type Scope } from '../scope.ts'
import { attemptCharge } from './charging.ts'

/** What paying a one-off (payment or setup) session ended in: done, or the bank's decline. */
export type OneOffOutcome = { paid: boolean }

function customerDetails(
  customer: Stripe.Customer | null,
  email: string | null,
  name: string,
): Stripe.Checkout.Session.CustomerDetails {
  return {
    address: null,
    business_name: null,
    email: customer?.email ?? email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  }
}

/**
 * The session's customer: the one it was made for, or a new one when the session creates
 * customers (`customer_creation=always`, or `if_required` and the card is kept for later).
 */
function sessionCustomer(
  scope: Scope,
  session: Stripe.Checkout.Session,
  email: string | null,
  name: string,
  required: boolean,
): Stripe.Customer | null {
  if (typeof session.customer === 'string') {
    return mustFind(scope.state, 'customers', session.customer, 'customer')
  }
  if (session.customer_creation !== 'always' && !required) return null
  const customer = buildCustomer({ email, name, metadata: {} })
  scope.state.customers[customer.id] = customer
  scope.emit('customer.created', customer)
  return customer
}

function attachCard(scope: Scope, paymentMethod: Stripe.PaymentMethod, customer: string): void {
  paymentMethod.customer = customer
  scope.emit('payment_method.attached', paymentMethod)
}

function complete(
  scope: Scope,
  session: Stripe.Checkout.Session,
  customer: Stripe.Customer | null,
  email: string | null,
  card: TestCard,
): void {
  session.status = 'complete'
  session.customer = customer?.id ?? null
  session.customer_details = customerDetails(customer, email, card.name)
  scope.emit('checkout.session.completed', session)
}

/**
 * Pays a `mode=payment` session with the card. The PaymentIntent is made at the first
 * attempt (as Stripe does since 2022-08-01) and kept for the next: a declined card leaves it
 * `requires_payment_method` and the session open for another try.
 */
export function payPaymentSession(
  scope: Scope,
  session: Stripe.Checkout.Session,
  card: TestCard,
  email: string | null,
): OneOffOutcome {
  const { state } = scope
  const data = state.checkoutPurchases[session.id]?.paymentIntentData
  let paymentIntent =
    typeof session.payment_intent === 'string'
      ? state.paymentIntents[session.payment_intent]
      : undefined
  if (!paymentIntent) {
    paymentIntent = buildPaymentIntent({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      customer: typeof session.customer === 'string' ? session.customer : null,
      paymentMethod: null,
      description: data?.description ?? null,
      metadata: data?.metadata ?? {},
      setupFutureUsage: data?.setupFutureUsage ?? null,
      receiptEmail: null,
      statementDescriptor: null,
    })
    state.paymentIntents[paymentIntent.id] = paymentIntent
    session.payment_intent = paymentIntent.id
    scope.emit('payment_intent.created', paymentIntent)
  }
  const paymentMethod = buildCardPaymentMethod(card, null)
  paymentMethod.billing_details.email = email
  state.paymentMethods[paymentMethod.id] = paymentMethod
  if (card.decline) {
    attemptCharge(scope, paymentIntent, paymentMethod, card.decline)
    return { paid: false }
  }
  const keepCard = paymentIntent.setup_future_usage !== null
  const customer = sessionCustomer(scope, session, email, card.name, keepCard)
  if (customer) {
    paymentIntent.customer = customer.id
    if (keepCard) attachCard(scope, paymentMethod, customer.id)
  }
  paymentIntent.receipt_email = customer?.email ?? email
  attemptCharge(scope, paymentIntent, paymentMethod, null)
  session.payment_status = 'paid'
  complete(scope, session, customer, email, card)
  return { paid: true }
}

/**
 * Saves the card through a `mode=setup` session: a SetupIntent made at the first attempt
 * succeeds and the card is attached to the session's customer for later off-session charges.
 */
export function paySetupSession(
  scope: Scope,
  session: Stripe.Checkout.Session,
  card: TestCard,
  email: string | null,
): OneOffOutcome {
  const { state } = scope
  const data = state.checkoutPurchases[session.id]?.setupIntentData
  let setupIntent =
    typeof session.setup_intent === 'string' ? state.setupIntents[session.setup_intent] : undefined
  if (!setupIntent) {
    setupIntent = buildSetupIntent({
      customer: typeof session.customer === 'string' ? session.customer : null,
      description: data?.description ?? null,
      metadata: data?.metadata ?? {},
    })
    state.setupIntents[setupIntent.id] = setupIntent
    session.setup_intent = setupIntent.id
    scope.emit('setup_intent.created', setupIntent)
  }
  const paymentMethod = buildCardPaymentMethod(card, null)
  paymentMethod.billing_details.email = email
  state.paymentMethods[paymentMethod.id] = paymentMethod
  if (card.decline) {
    setupIntent.status = 'requires_payment_method'
    setupIntent.last_setup_error = {
      type: 'card_error',
      code: card.decline.code,
      decline_code: card.decline.declineCode,
      message: card.decline.message,
      payment_method: structuredClone(paymentMethod),
      payment_method_type: 'card',
    }
    scope.emit('setup_intent.setup_failed', setupIntent)
    return { paid: false }
  }
  const customer = sessionCustomer(scope, session, email, card.name, false)
  if (customer) {
    setupIntent.customer = customer.id
    attachCard(scope, paymentMethod, customer.id)
  }
  setupIntent.payment_method = paymentMethod.id
  setupIntent.status = 'succeeded'
  setupIntent.last_setup_error = null
  scope.emit('setup_intent.succeeded', setupIntent)
  complete(scope, session, customer, email, card)
  return { paid: true }
}
