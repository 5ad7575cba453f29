import type Stripe from 'stripe'
import { invalidRequest } from '../errors.ts'
import { nowSeconds } from '../ids.ts'
import { cancelAbandoned } from '../payments/charging.ts'
import type { Scope } from '../scope.ts'

export function expireCheckoutSession(scope: Scope, session: Stripe.Checkout.Session): void {
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    )
  }
  session.status = 'expired'
  session.url = null
  cancelAbandoned(scope, session)
  scope.emit('checkout.session.expired', session)
}

/** Sessions are expired lazily, before each request, instead of by a timer. */
export function expireDueCheckoutSessions(scope: Scope): boolean {
  const now = nowSeconds()
  let expired = false
  for (const session of Object.values(scope.state.checkoutSessions)) {
    if (session.status === 'open' && session.expires_at <= now) {
      expireCheckoutSession(scope, session)
      expired = true
    }
  }
  return expired
}
