import type Stripe from 'stripe'
import { chargeFails } from '../billing/charging.ts'
import type { CardDecline } from '../cards.ts'
import { StripeApiError } from '../errors.ts'
import { nowSeconds } from '../ids.ts'
import { buildCharge } from '../objects/charge.ts'
import type { Scope } from '../scope.ts'

/** What an off-session charge on a saved card does: 0341 is declined (Stripe's test card). */
export function offSessionDecline(paymentMethod: Stripe.PaymentMethod): CardDecline | null {
  return chargeFails(paymentMethod)
    ? { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' }
    : null
}

/** The statement descriptor of the acting account, as Stripe prints it on the charge. */
function statementDescriptor(scope: Scope): string {
  const account = scope.account ? scope.platform.accounts[scope.account] : undefined
  return (
    account?.settings?.payments.statement_descriptor ?? scope.accountName.toUpperCase().slice(0, 22)
  )
}

/**
 * One attempt to charge the PaymentIntent with this card: a Charge is made either way. On
 * success the intent is `succeeded` (`charge.succeeded`, `payment_intent.succeeded`); on a
 * decline it goes back to `requires_payment_method` with `last_payment_error`
 * (`charge.failed`, `payment_intent.payment_failed`), ready for another card.
 */
export function attemptCharge(
  scope: Scope,
  paymentIntent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
  decline: CardDecline | null,
): Stripe.Charge {
  const charge = buildCharge({
    paymentIntent,
    paymentMethod,
    decline,
    statementDescriptor: statementDescriptor(scope),
  })
  scope.state.charges[charge.id] = charge
  paymentIntent.latest_charge = charge.id
  paymentIntent.payment_method = decline ? null : paymentMethod.id
  if (decline) {
    paymentIntent.status = 'requires_payment_method'
    paymentIntent.last_payment_error = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
      payment_method: structuredClone(paymentMethod),
      payment_method_type: 'card',
    }
    scope.emit('charge.failed', charge)
    scope.emit('payment_intent.payment_failed', paymentIntent)
    return charge
  }
  paymentIntent.status = 'succeeded'
  paymentIntent.amount_received = paymentIntent.amount
  paymentIntent.last_payment_error = null
  scope.emit('charge.succeeded', charge)
  scope.emit('payment_intent.succeeded', paymentIntent)
  return charge
}

/** Stripe's 402 for a declined confirmation: the SDK raises StripeCardError carrying these. */
export function cardError(
  paymentIntent: Stripe.PaymentIntent,
  paymentMethod: Stripe.PaymentMethod,
): StripeApiError {
  const failure = paymentIntent.last_payment_error
  return new StripeApiError(402, {
    type: 'card_error',
    code: failure?.code ?? 'card_declined',
    ...(failure?.decline_code ? { decline_code: failure.decline_code } : {}),
    message: failure?.message ?? 'Your card was declined.',
    ...(failure?.charge ? { charge: failure.charge } : {}),
    payment_intent: structuredClone(paymentIntent),
    payment_method: structuredClone(paymentMethod),
  })
}

/** A session that expires takes its unfinished intent with it, as Stripe's do. */
export function cancelAbandoned(scope: Scope, session: Stripe.Checkout.Session): void {
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? scope.state.paymentIntents[session.payment_intent]
      : undefined
  if (
    paymentIntent &&
    paymentIntent.status !== 'succeeded' &&
    paymentIntent.status !== 'canceled'
  ) {
    paymentIntent.status = 'canceled'
    paymentIntent.canceled_at = nowSeconds()
    paymentIntent.cancellation_reason = 'abandoned'
    scope.emit('payment_intent.canceled', paymentIntent)
  }
  const setupIntent =
    typeof session.setup_intent === 'string'
      ? scope.state.setupIntents[session.setup_intent]
      : undefined
  if (setupIntent && setupIntent.status !== 'succeeded' && setupIntent.status !== 'canceled') {
    setupIntent.status = 'canceled'
    setupIntent.cancellation_reason = 'abandoned'
    scope.emit('setup_intent.canceled', setupIntent)
  }
}
