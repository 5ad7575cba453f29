import type Stripe from 'stripe'
import { invalidRequest, parameterInvalid } from '../errors.ts'
import { changedAttributes } from '../events.ts'
import { buildRefund } from '../objects/refund.ts'
import { formatMoney } from '../pages/layout.ts'
import type { Params } from '../params.ts'
import { mergeMetadata } from '../params.ts'
import type { Scope } from '../scope.ts'

/**
 * Refunds all that is left of the charge, or `amount` of it. Partial refunds add up in
 * `amount_refunded`; the charge is `refunded` once nothing is left. Emits `refund.created`
 * and `charge.refunded`.
 */
export function refundCharge(scope: Scope, charge: Stripe.Charge, params: Params): Stripe.Refund {
  if (charge.status !== 'succeeded') {
    throw invalidRequest(
      `Charge ${charge.id} did not succeed, so there is nothing to refund.`,
      'charge_not_refundable',
    )
  }
  const left = charge.amount_captured - charge.amount_refunded
  if (left <= 0) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      'charge_already_refunded',
    )
  }
  const amount = params.integer('amount') ?? left
  if (amount < 1) throw parameterInvalid('amount', 'Invalid positive integer')
  if (amount > left) {
    throw invalidRequest(
      `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, charge.currency)})`,
      'amount_too_large',
      'amount',
    )
  }
  const reason =
    params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null
  const refund = buildRefund({
    charge,
    amount,
    reason,
    metadata: mergeMetadata({}, params.metadata()),
  })
  scope.state.refunds[refund.id] = refund
  const before = structuredClone(charge)
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded >= charge.amount_captured
  scope.emit('refund.created', refund)
  scope.emit('charge.refunded', charge, changedAttributes(before, charge))
  return refund
}
