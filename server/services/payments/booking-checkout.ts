/**
 * Opening a hold's Checkout on the business's connected account, outside any transaction, and
 * what follows when Stripe will not open it: the hold is let go at once (Stripe not answering)
 * or undone (Stripe refusing), so no time stays held for a payment that cannot be made.
 */
import { paymentReturnUrl } from '../../../shared/booking-links.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
  stripeAccountOf,
} from '../../db/repositories/payment-repository.ts'
import { unavailable } from '../../domain/refusal.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'
import { StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import type { CapabilityTokens } from '../../security/capability-tokens.ts'
import { bookingPaymentView } from './booking-payment-view.ts'
import { paymentsUnavailable } from './stripe-refusals.ts'

type PublicBookingPayment = components['schemas']['PublicBookingPayment']

export interface BookingCheckoutDeps {
  database: Database
  gateway: ConnectGateway | undefined
  tokens: CapabilityTokens
  /** The address people open: Checkout sends the customer back to the booking page there. */
  publicUrl: string
}

export function createBookingCheckout({
  database,
  gateway,
  tokens,
  publicUrl,
}: BookingCheckoutDeps) {
  /** Lets a hold go at once, its payment expired with it (its Checkout never opened). */
  async function release(payment: PaymentRow): Promise<void> {
    await database.transaction(async (tx) => {
      const repo = createPaymentRepository(tx)
      const current = await repo.find(payment.tenantId, payment.id, { lock: true })
      if (current?.status !== 'pending') return
      await repo.markExpired(payment.tenantId, payment.id)
      if (await repo.releaseHold(payment.tenantId, payment.appointmentId)) {
        await notifyAppointmentChange(tx, {
          tenantId: payment.tenantId,
          type: 'appointment.updated',
          appointmentId: payment.appointmentId,
        })
      }
    })
  }

  /**
   * Undoes a hold whose Checkout Stripe refused to open: the payment and the appointment are
   * deleted in one transaction, as the visitor was told nothing was booked and nothing was
   * ever paid, so a `payment_expired` row would only clutter the calendar and the customer's
   * history. The activity log, which keeps the hold's entry, says why it went.
   */
  async function abandon(payment: PaymentRow): Promise<void> {
    await database.transaction(async (tx) => {
      const repo = createPaymentRepository(tx)
      const current = await repo.find(payment.tenantId, payment.id, { lock: true })
      if (current?.status !== 'pending') return
      if (!(await repo.deleteUnopenedHold(payment.tenantId, payment.id, payment.appointmentId))) {
        return
      }
      await createActivityRepository(tx).record({
        tenantId: payment.tenantId,
        actor: null,
        entityType: 'appointment',
        entityId: payment.appointmentId,
        action: 'deleted',
        summary:
          'Not booked: Stripe refused to open the payment, so the held time was let go (the server log has Stripe’s reason)',
      })
    })
  }

  return {
    /**
     * Opens the hold's Checkout on the business's account, outside any transaction. When
     * Stripe cannot be reached (or refuses), the hold is let go at once, so nothing keeps the
     * time, and the answer is a 503 to try again.
     */
    async openCheckout(input: {
      payment: PaymentRow
      businessSlug: string
      description: string
      customerEmail: string
      holdEndsAt: Date | null
    }): Promise<PublicBookingPayment> {
      const { payment } = input
      const stripe = gateway
      if (!stripe) throw paymentsUnavailable()
      const token = tokens.manageToken(payment.appointmentId)
      const back = (outcome: 'paid' | 'cancelled') =>
        publicUrl + paymentReturnUrl(payment.appointmentId, token, input.businessSlug, outcome)
      const common = {
        accountId: stripeAccountOf(payment),
        currency: payment.currency,
        customerEmail: input.customerEmail,
        metadata: {
          business_id: payment.tenantId,
          appointment_id: payment.appointmentId,
          payment_id: payment.id,
        },
        successUrl: back('paid'),
        cancelUrl: back('cancelled'),
        idempotencyKey: `slotwise-booking-checkout-${payment.id}`,
        holdEndsAt: input.holdEndsAt,
      }
      let session: { id: string; url: string }
      try {
        session =
          payment.kind === 'card_on_file'
            ? await stripe.createCardSetupCheckout(common)
            : await stripe.createPaymentCheckout({
                ...common,
                amountMinor: payment.amountMinor,
                description: input.description,
                keepCard: false,
              })
      } catch (error) {
        if (error instanceof StripeUnavailableError) {
          await release(payment)
          throw unavailable(
            'The payment service did not answer, so the time was not held. Please try again in a minute.',
            {
              retryAfterSeconds: 60,
              type: '/problems/payments-unavailable',
              cause: error,
            },
          )
        }
        // Stripe refused (the business's account, its currency, an amount): asking again will
        // not help the visitor, and its words are for staff, so they go only to the log.
        await abandon(payment)
        throw unavailable(
          'Paying online for this service is not possible right now, so nothing was booked. Please contact the business to book.',
          { type: '/problems/payment-not-possible', cause: error },
        )
      }
      await createPaymentRepository(database.db).attachCheckout(
        payment.tenantId,
        payment.id,
        session.id,
      )
      return bookingPaymentView(
        database.db,
        { ...payment, stripeCheckoutSessionId: session.id },
        session.url,
      )
    },
  }
}
