/**
 * Where an appointment's money stands, in the one word staff see on the appointment, in the
 * lists and in the payments CSV. Pure: derived from the appointment's payment rows, so it can
 * never disagree with them.
 */

/** A payment row as far as its state needs it (the `payments` table's columns). */
export interface PaymentFacts {
  kind: 'prepayment' | 'deposit' | 'card_on_file' | 'no_show_fee' | 'in_person'
  status: 'pending' | 'succeeded' | 'failed' | 'expired'
  amountMinor: number
  refundedAmountMinor: number
}

/**
 * - `pending`: a Checkout is open, the customer has not paid yet;
 * - `paid`: the whole price (or a no-show fee, or money taken at the till) was charged and none
 *   of it given back;
 * - `deposit_paid`: only a deposit was charged, none of it given back;
 * - `partly_refunded` / `refunded`: some / all of what was charged was given back;
 * - `failed`: nothing was charged and the last attempt was declined (a no-show fee, say);
 * - `expired`: the customer never paid and the hold ran out;
 * - `card_on_file`: nothing charged, a card is kept for a no-show fee.
 */
export type PaymentState =
  | 'pending'
  | 'paid'
  | 'deposit_paid'
  | 'partly_refunded'
  | 'refunded'
  | 'failed'
  | 'expired'
  | 'card_on_file'

export interface PaymentSummary {
  state: PaymentState
  /** What was charged and succeeded, in minor units, before refunds. */
  paidMinor: number
  refundedMinor: number
}

/** Kinds that move money; a kept card (`card_on_file`) is always 0. */
const isCharge = (payment: PaymentFacts) => payment.kind !== 'card_on_file'

/**
 * The summary of an appointment's payments, or null when it has none (a free service, or a
 * booking made before paid bookings). Money that came in decides first: a refund of it is what
 * staff need to know, whatever else was tried. Then an open Checkout, then a refusal, then an
 * abandoned payment, and last a card kept for later.
 */
export function summarisePayments(payments: readonly PaymentFacts[]): PaymentSummary | null {
  if (payments.length === 0) return null
  const charged = payments.filter((payment) => isCharge(payment) && payment.status === 'succeeded')
  const paidMinor = charged.reduce((sum, payment) => sum + payment.amountMinor, 0)
  const refundedMinor = charged.reduce((sum, payment) => sum + payment.refundedAmountMinor, 0)
  return { state: stateOf(payments, charged, paidMinor, refundedMinor), paidMinor, refundedMinor }
}

function stateOf(
  payments: readonly PaymentFacts[],
  charged: readonly PaymentFacts[],
  paidMinor: number,
  refundedMinor: number,
): PaymentState {
  if (charged.length > 0) {
    if (refundedMinor > 0) return refundedMinor >= paidMinor ? 'refunded' : 'partly_refunded'
    return charged.every((payment) => payment.kind === 'deposit') ? 'deposit_paid' : 'paid'
  }
  const has = (status: PaymentFacts['status']) =>
    payments.some((payment) => payment.status === status)
  if (has('pending')) return 'pending'
  if (has('failed')) return 'failed'
  // Nothing charged succeeded, so a succeeded row here is the kept card.
  if (has('succeeded')) return 'card_on_file'
  return 'expired'
}
