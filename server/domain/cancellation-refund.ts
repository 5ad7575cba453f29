/*
 * What a cancellation gives back of a payment taken at booking. Pure: the cancellation (staff
 * or the customer's manage link) applies it in its transaction, and the appointment's payment
 * view shows staff the same answer before they confirm.
 *
 * The booking page promised the rule before the customer paid (`payment.refund` of the public
 * catalogue): "refunded in full if you cancel up to {cut-off} before the start; after that
 * {amount} is kept", where the amount is what was charged at booking. So:
 * - before the business's cancellation cut-off, everything still held is refunded;
 * - after it, what was charged is kept: the deposit of a deposit rule, and the whole
 *   prepayment of a full-prepayment rule (the page showed that whole amount as kept);
 * - when the business cancels, it refunds in full by default: the customer did nothing
 *   against the rule. Past the cut-off staff may keep what the rule lets them keep instead
 *   (the customer rang to cancel late); before it, keeping anything would break the promise.
 */

const MINUTE_MS = 60_000

export interface CancellationRefundFacts {
  /** Charged and not yet given back (nor owed back), in minor units. */
  leftMinor: number
  startsAt: number
  cancellationCutoffMinutes: number
}

export type CancellationBy =
  | { by: 'customer' }
  | { by: 'business' /** Keep what the rule allows past the cut-off. */; keepPayment: boolean }

export type CancellationRefund =
  | { refundMinor: number; keptMinor: number; pastCutoff: boolean }
  | { refusal: string }

/** The last instant a cancellation is refunded in full. */
export function fullRefundDeadline(startsAt: number, cancellationCutoffMinutes: number): number {
  return startsAt - cancellationCutoffMinutes * MINUTE_MS
}

export function cancellationRefund(
  facts: CancellationRefundFacts,
  who: CancellationBy,
  now: number,
): CancellationRefund {
  const pastCutoff = now > fullRefundDeadline(facts.startsAt, facts.cancellationCutoffMinutes)
  const left = Math.max(0, facts.leftMinor)
  const keeps = who.by === 'customer' ? pastCutoff : who.keepPayment
  if (who.by === 'business' && who.keepPayment && !pastCutoff) {
    return {
      refusal:
        'can only be chosen after the cancellation cut-off: before it the customer was promised a full refund',
    }
  }
  return keeps
    ? { refundMinor: 0, keptMinor: left, pastCutoff }
    : { refundMinor: left, keptMinor: 0, pastCutoff }
}
