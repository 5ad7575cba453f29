import type Stripe from 'stripe'
import { completeCheckout } from '../billing/checkout-completion.ts'
import { type CardDecline, readCard } from '../cards.ts'
import type { Scope } from '../scope.ts'
import { payPaymentSession, paySetupSession } from './checkout-payment.ts'

/** What a customer sends from the hosted Checkout page. */
export interface CheckoutFields {
  email: string
  number: string
  expiry: string
  cvc: string
  name: string
}

export type CheckoutAttempt =
  | { done: true; redirect: string }
  /** `status` is what the page answers: 400 mistyped, 402 declined, 409 not open. */
  | { done: false; status: 409; message: string }
  /** `field` is what was mistyped: the email address or the card. */
  | { done: false; status: 400; message: string; field: 'email' | 'card' }
  | { done: false; status: 402; message: string; decline: CardDecline }

const genericDecline: CardDecline = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
}

/**
 * Paying a Checkout Session, in any mode: the one code path behind the hosted page's form
 * and the `/_local/checkout/sessions/:id/pay` control endpoint.
 */
export function attemptCheckout(
  scope: Scope,
  session: Stripe.Checkout.Session,
  fields: CheckoutFields,
): CheckoutAttempt {
  if (session.status !== 'open') {
    return {
      done: false,
      status: 409,
      message:
        session.status === 'complete'
          ? 'This checkout is already complete.'
          : 'This checkout session has expired.',
    }
  }
  const email = (session.customer_email ?? fields.email).trim()
  if (!session.customer && !/^\S+@\S+\.\S+$/.test(email)) {
    return {
      done: false,
      status: 400,
      message: 'Your email address is incomplete.',
      field: 'email',
    }
  }
  const reading = readCard(fields)
  if ('error' in reading) {
    return { done: false, status: 400, message: reading.error, field: 'card' }
  }
  const { card } = reading
  if (session.mode === 'subscription') {
    // A subscription's first invoice is charged now: 0341 fails here, as it does on Stripe.
    if (card.declinesCharges) {
      const decline = card.decline ?? genericDecline
      return { done: false, status: 402, message: decline.message, decline }
    }
    completeCheckout(scope, session, card, email || null)
  } else {
    const outcome =
      session.mode === 'payment'
        ? payPaymentSession(scope, session, card, email || null)
        : paySetupSession(scope, session, card, email || null)
    if (!outcome.paid && card.decline) {
      return { done: false, status: 402, message: card.decline.message, decline: card.decline }
    }
  }
  return {
    done: true,
    redirect: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id),
  }
}
