/**
 * How the money services say no when Stripe is not there: not configured on this server, or
 * not answering now. Both are 503s with a minute to wait; what Stripe refuses is each
 * service's own answer.
 */
import { type Refusal, unavailable } from '../../domain/refusal.ts'
import { StripeUnavailableError } from '../../payments/stripe-sdk.ts'

/** No Stripe keys on this server (or none for connected accounts): nothing can be paid now. */
export function paymentsUnavailable(): Refusal {
  return unavailable('Payments are not available on this server right now.', {
    retryAfterSeconds: 60,
    type: '/problems/payments-unavailable',
  })
}

/** Runs a call to Stripe; Stripe not answering becomes a 503 to try again in a minute. */
export async function refuseStripeOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof StripeUnavailableError)) throw error
    throw unavailable('Stripe did not answer; please try again in a minute.', {
      retryAfterSeconds: 60,
      cause: error,
    })
  }
}
