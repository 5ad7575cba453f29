import type { Database, Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
} from '../../db/repositories/payment-repository.ts'
import { createRefundRepository, type RefundRow } from '../../db/repositories/refund-repository.ts'
import type { Actor } from '../../domain/member.ts'
import { formatMoney } from '../../notifications/messages.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'
import { StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { refundPayment, stripeRefusal, TOO_LARGE_REFUSALS } from './payment-refunds.ts'

/** Staff read money in the app's English; the amount in its currency's own decimals. */
export const money = (amountMinor: number, currency: string) =>
  formatMoney(amountMinor, currency, 'en')

/** The Stripe idempotency key of an owed refund: one refund on Stripe per row. */
export const owedRefundKey = (refundId: string) => `slotwise-refund-${refundId}`

/**
 * How often a refund Stripe finds too large is recomputed from what Stripe holds: each round
 * follows a refund made meanwhile outside Slotwise, so more than a few means something else.
 */
const RECOMPUTE_ROUNDS = 3

export type SettleOutcome = 'made' | 'owed' | 'dropped'
export type OwedRefunds = ReturnType<typeof createOwedRefunds>

/**
 * The making of owed refunds (`payment_refunds` rows without a Stripe id): a cancellation's,
 * and a staff refund's reservation whose request died. Stripe is asked with the row's own
 * idempotency key, and the refund recorded once under the payment's lock.
 */
export function createOwedRefunds(deps: {
  database: Database
  /** Absent when Stripe is not set up: owed refunds wait. */
  gateway: ConnectGateway | undefined
}) {
  const { database, gateway } = deps

  /** The activity entry of a refund Stripe made, and the live update of the appointment. */
  async function recordMade(
    tx: Db,
    payment: PaymentRow,
    refund: { amountMinor: number; cause: string; reason: string; actor: Actor | null },
  ) {
    const after = payment.refundedAmountMinor + refund.amountMinor
    const why =
      refund.cause === 'cancellation' ? `cancelled: ${refund.reason}` : `reason: ${refund.reason}`
    await createActivityRepository(tx).record({
      tenantId: payment.tenantId,
      actor: refund.actor,
      entityType: 'appointment',
      entityId: payment.appointmentId,
      action: 'updated',
      summary: `Refunded ${money(refund.amountMinor, payment.currency)} of the payment (${why})`,
      changes: [{ field: 'refunded_amount_minor', before: payment.refundedAmountMinor, after }],
    })
    await notifyAppointmentChange(tx, {
      tenantId: payment.tenantId,
      type: 'appointment.updated',
      appointmentId: payment.appointmentId,
    })
  }

  /**
   * Asks Stripe for one owed refund and records it. An outage leaves it owed for the next
   * try. A cancellation's refund Stripe finds too large (money given back in Stripe's
   * dashboard, or a refund whose answer was lost) is recomputed from what Stripe still holds
   * and asked again: the customer gets what the rule owes, never less because of it. Any
   * other refusal Stripe will repeat forever drops the row and tells staff in the activity
   * log, where they can refund by hand.
   */
  async function settle(refund: RefundRow, payment: PaymentRow, round = 0): Promise<SettleOutcome> {
    if (!gateway) return 'owed'
    const actor = refund.actorUid
      ? { uid: refund.actorUid, name: refund.actorName, email: null }
      : null
    try {
      await refundPayment(
        { database, gateway },
        {
          payment,
          amountMinor: refund.amountMinor,
          cause: refund.cause,
          reason: refund.reason,
          idempotencyKey: owedRefundKey(refund.id),
          owedRefundId: refund.id,
        },
        async (tx) => {
          const current = await createPaymentRepository(tx).find(payment.tenantId, payment.id)
          // `current` already counts this refund; the entry shows the total before and after.
          await recordMade(
            tx,
            {
              ...payment,
              refundedAmountMinor: (current?.refundedAmountMinor ?? 0) - refund.amountMinor,
            },
            { ...refund, actor },
          )
        },
      )
      return 'made'
    } catch (error) {
      if (error instanceof StripeUnavailableError) return 'owed'
      const refusal = stripeRefusal(error)
      if (!refusal) throw error
      if (
        TOO_LARGE_REFUSALS.has(refusal.code) &&
        refund.cause === 'cancellation' &&
        round < RECOMPUTE_ROUNDS
      ) {
        return recompute(refund, payment, round)
      }
      await drop(refund, payment, refusal.message)
      return 'dropped'
    }
  }

  /**
   * Re-reads what Stripe can still refund of the payment and replaces the owed row with that
   * much (at most what was owed), then asks again. The replacement is a new row, so a new
   * Stripe idempotency key: the old key stays tied to the amount Stripe refused.
   */
  async function recompute(
    refund: RefundRow,
    payment: PaymentRow,
    round: number,
  ): Promise<SettleOutcome> {
    if (!gateway || !payment.stripePaymentIntentId || !payment.stripeAccountId) return 'owed'
    let refundable: number
    try {
      refundable = await gateway.refundableMinor(
        payment.stripeAccountId,
        payment.stripePaymentIntentId,
      )
    } catch (error) {
      if (error instanceof StripeUnavailableError) return 'owed'
      throw error
    }
    const replacement = await database.transaction(async (tx) => {
      await createPaymentRepository(tx).find(payment.tenantId, payment.id, { lock: true })
      const refunds = createRefundRepository(tx)
      // Settled or dropped meanwhile by another run: nothing of this row is left to do.
      if (!(await refunds.dropOwed(payment.tenantId, refund.id))) return 'gone' as const
      const amountMinor = Math.min(refund.amountMinor, refundable)
      const owed = money(refund.amountMinor, payment.currency)
      await createActivityRepository(tx).record({
        tenantId: payment.tenantId,
        actor: null,
        entityType: 'appointment',
        entityId: payment.appointmentId,
        action: 'updated',
        summary:
          amountMinor > 0
            ? `Stripe holds only ${money(refundable, payment.currency)} of the payment (refunded outside Slotwise): refunding that of the ${owed} owed on cancellation`
            : `Stripe had already refunded the whole payment outside Slotwise: nothing more of the ${owed} owed on cancellation to refund`,
      })
      if (amountMinor <= 0) return null
      const { id: _id, createdAt: _createdAt, stripeRefundId: _stripe, ...kept } = refund
      return refunds.insertOwed({ ...kept, amountMinor })
    })
    if (replacement === 'gone') return 'made'
    if (replacement === null) return 'dropped'
    return settle(replacement, payment, round + 1)
  }

  /** Drops an owed refund Stripe refused for good and says so in the activity log. */
  async function drop(refund: RefundRow, payment: PaymentRow, refusal: string) {
    await database.transaction(async (tx) => {
      if (!(await createRefundRepository(tx).dropOwed(payment.tenantId, refund.id))) return
      const what =
        refund.cause === 'cancellation'
          ? 'owed on cancellation'
          : `asked by ${refund.actorName ?? 'staff'}`
      await createActivityRepository(tx).record({
        tenantId: payment.tenantId,
        actor: null,
        entityType: 'appointment',
        entityId: payment.appointmentId,
        action: 'updated',
        summary: `Stripe refused the refund of ${money(refund.amountMinor, payment.currency)} ${what} (${refusal}); refund it by hand if it is still owed`,
      })
    })
  }

  return { settle, recordMade }
}
