import type { Database } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
  stripeAccountOf,
} from '../../db/repositories/payment-repository.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import type { ConnectGateway, PaymentCheckoutSnapshot } from '../../payments/connect-gateway.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import type { createBookingService } from '../booking/booking-service.ts'
import { refundPayment } from './payment-refunds.ts'

export interface PaymentCheckoutSyncDeps {
  database: Database
  gateway: ConnectGateway
  bookings: Pick<ReturnType<typeof createBookingService>, 'confirmHoldWithin'>
  notifier: AppointmentNotifier
}

/** What the sync found and did, for the caller's answer. */
export interface CheckoutSyncResult {
  payment: PaymentRow
  /** The session as Stripe had it (its page address while it can still be paid). */
  checkout: PaymentCheckoutSnapshot
}

export type PaymentCheckoutSync = ReturnType<typeof createPaymentCheckoutSync>

/**
 * The one sync of a payment taken at booking with its Checkout Session. The Connect webhook,
 * the booking page's return and the hold-expiry job all call it; it may run in any order, any
 * number of times, at once: the payment row's lock makes them take turns, and only a payment
 * still `pending` changes.
 * - Paid (or the card saved): the payment succeeds (its PaymentIntent, customer and card kept)
 *   and the hold is confirmed in the same commit, with its e-mails. A hold that had run out
 *   takes its time again if free; if the time was taken meanwhile, the payment is refunded in
 *   full (one refund per payment, by idempotency key) and the customer told.
 * - Expired (abandoned, or ended by the expiry job): the payment expires, the hold is let go.
 * - Still open: nothing changes.
 */
export function createPaymentCheckoutSync({
  database,
  gateway,
  bookings,
  notifier,
}: PaymentCheckoutSyncDeps) {
  /** Applies what Stripe says of the session; the snapshot must be fresh from Stripe. */
  async function apply(payment: PaymentRow, checkout: PaymentCheckoutSnapshot, now: number) {
    const { tenantId, appointmentId } = payment
    await database.transaction(async (tx) => {
      const repo = createPaymentRepository(tx)
      const current = await repo.find(tenantId, payment.id, { lock: true })
      if (current?.status !== 'pending') return
      if (isSettled(checkout)) {
        await repo.markSucceeded(tenantId, payment.id, {
          paymentIntentId: checkout.paymentIntentId,
          customerId: checkout.customerId,
          paymentMethodId: checkout.paymentMethodId,
          paidAt: new Date(now),
        })
        const confirmation = await bookings.confirmHoldWithin(tx, { tenantId, appointmentId, now })
        // Nothing was charged for a card kept on file, so nothing goes back: only the customer
        // learns that the time went to someone else meanwhile.
        if (confirmation.outcome === 'taken' && current.amountMinor === 0) {
          await notifier.latePayment(tx, tenantId, appointmentId, { refundedMinor: 0, now })
        }
      } else if (checkout.status === 'expired') {
        await repo.markExpired(tenantId, payment.id)
        if (await repo.releaseHold(tenantId, appointmentId)) {
          await notifyAppointmentChange(tx, {
            tenantId,
            type: 'appointment.updated',
            appointmentId,
          })
        }
      }
    })
    await refundIfTaken(payment, now)
  }

  /**
   * A payment that arrived after its hold ran out and found its time taken: the appointment
   * stayed `payment_expired` with the payment succeeded. Given back in full, once; a Stripe
   * outage leaves it for the next sync (webhook retry, return page, expiry job).
   */
  async function refundIfTaken(payment: PaymentRow, now: number) {
    const current = await createPaymentRepository(database.db).find(payment.tenantId, payment.id)
    if (current?.status !== 'succeeded' || current.amountMinor === 0) return
    if (current.refundedAmountMinor > 0) return
    const appointment = await createAppointmentRepository(database.db).find(
      current.tenantId,
      current.appointmentId,
    )
    if (appointment?.status !== 'payment_expired') return
    await refundPayment(
      { database, gateway },
      {
        payment: current,
        amountMinor: current.amountMinor,
        cause: 'late_payment',
        reason: 'Paid after the hold ran out; the time had been booked meanwhile.',
        idempotencyKey: `slotwise-late-payment-refund-${current.id}`,
      },
      async (tx) => {
        await createActivityRepository(tx).record({
          tenantId: current.tenantId,
          actor: null,
          entityType: 'appointment',
          entityId: current.appointmentId,
          action: 'updated',
          summary:
            'Refunded a payment made after the hold ran out: the time had been booked meanwhile',
          changes: [
            {
              field: 'refunded_amount_minor',
              before: 0,
              after: current.amountMinor,
            },
          ],
        })
        await notifier.latePayment(tx, current.tenantId, current.appointmentId, {
          refundedMinor: current.amountMinor,
          now,
        })
      },
    )
  }

  return {
    /**
     * Reads the session fresh from Stripe (or takes what `expireCheckout` just answered) and
     * brings the payment and its appointment in line. Undefined when the account has no such
     * session.
     */
    async syncPaymentCheckout(
      payment: PaymentRow,
      options: { checkout?: PaymentCheckoutSnapshot; now?: number } = {},
    ): Promise<CheckoutSyncResult | undefined> {
      const sessionId = payment.stripeCheckoutSessionId
      if (!sessionId) return undefined
      const checkout =
        options.checkout ?? (await gateway.retrieveCheckout(stripeAccountOf(payment), sessionId))
      if (!checkout) return undefined
      await apply(payment, checkout, options.now ?? Date.now())
      const after = await createPaymentRepository(database.db).find(payment.tenantId, payment.id)
      if (!after) throw new Error(`Payment ${payment.id} vanished during its sync.`)
      return { payment: after, checkout }
    },
  }
}

/** Paid in full, or (setup mode) the card saved: an async payment still unpaid is not yet. */
function isSettled(checkout: PaymentCheckoutSnapshot): boolean {
  if (checkout.status !== 'complete') return false
  return checkout.mode === 'setup' || checkout.paymentStatus === 'paid'
}
