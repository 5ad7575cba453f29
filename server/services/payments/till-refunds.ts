import type { Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import type { PaymentRow } from '../../db/repositories/payment-repository.ts'
import { createRefundRepository } from '../../db/repositories/refund-repository.ts'
import type { Actor } from '../../domain/member.ts'
import { invalidField, type Refusal } from '../../domain/refusal.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { money } from './owed-refunds.ts'

/** A refund above what is left of the payment: refused naming the amount. */
export function tooMuch(leftMinor: number, currency: string): Refusal {
  const message =
    leftMinor > 0
      ? `must not be more than what is left to refund (${money(leftMinor, currency)})`
      : 'must be 0: nothing is left to refund'
  return invalidField('body.amount_minor', message)
}

/**
 * Gives back (part of) money taken at the till, as staff did at the till (cash back, a refund
 * on the terminal): recorded as made at once, in the caller's transaction under the payment's
 * lock so two refunds at once never give back more than was taken, with the activity entry
 * and the live update. No e-mail: the customer is handed the money. The figures (revenue, the payments list and CSV) count it
 * by its date, as every refund.
 */
export async function refundAtTill(
  tx: Db,
  staff: { tenantId: string; actor: Actor },
  payment: PaymentRow,
  refund: { amountMinor: number; reason: string },
): Promise<void> {
  const { tenantId, actor } = staff
  const left = payment.amountMinor - payment.refundedAmountMinor
  if (refund.amountMinor > left) throw tooMuch(left, payment.currency)
  await createRefundRepository(tx).insertMadeAtTill({
    tenantId,
    paymentId: payment.id,
    amountMinor: refund.amountMinor,
    reason: refund.reason,
    actorUid: actor.uid,
    actorName: actor.name ?? actor.email ?? actor.uid,
  })
  await createActivityRepository(tx).record({
    tenantId,
    actor,
    entityType: 'appointment',
    entityId: payment.appointmentId,
    action: 'updated',
    summary: `Refunded ${money(refund.amountMinor, payment.currency)} at the till (reason: ${refund.reason})`,
    changes: [
      {
        field: 'refunded_amount_minor',
        before: payment.refundedAmountMinor,
        after: payment.refundedAmountMinor + refund.amountMinor,
      },
    ],
  })
  await notifyAppointmentChange(tx, {
    tenantId,
    type: 'appointment.updated',
    appointmentId: payment.appointmentId,
  })
}
