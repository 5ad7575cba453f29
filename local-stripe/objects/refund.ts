import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export interface RefundInput {
  charge: Stripe.Charge
  amount: number
  reason: Stripe.Refund.Reason | null
  metadata: Record<string, string>
}

/** A card refund: Stripe marks it succeeded at once in test mode. */
export function buildRefund(input: RefundInput): Stripe.Refund {
  const { charge } = input
  return {
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: input.metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}
