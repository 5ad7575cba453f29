/**
 * The ways a booking payment's outcome comes in, each through the one sync
 * (`payment-checkout-sync.ts`): the booking page's return from Checkout, the Connect webhook's
 * events, and the hold-expiry job ending the Checkouts of holds that ran out.
 */
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database } from '../../db/database.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import type { CheckoutToExpire } from '../../db/repositories/payment-hold-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
  stripeAccountOf,
} from '../../db/repositories/payment-repository.ts'
import type {
  ConnectGateway,
  ConnectWebhookEvent,
  PaymentCheckoutSnapshot,
} from '../../payments/connect-gateway.ts'
import { AccountUnreachableError, StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { bookingPaymentView, paymentReturnState } from './booking-payment-view.ts'
import type { PaymentCheckoutSync } from './payment-checkout-sync.ts'
import { refuseStripeOutage } from './stripe-refusals.ts'

type PublicBookingPayment = components['schemas']['PublicBookingPayment']
type PaymentReturnState = components['schemas']['PublicPaymentReturn']['state']

export interface CheckoutOutcomesDeps {
  database: Database
  gateway: ConnectGateway | undefined
  /** The one sync, built on first use; refuses (503) where Stripe is not configured. */
  syncer: () => PaymentCheckoutSync
}

/** Checkout events the sync acts on; the rest of a connected account's events are ignored. */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
])

export function createCheckoutOutcomes({ database, gateway, syncer }: CheckoutOutcomesDeps) {
  return {
    /**
     * The booking page's return from Checkout, for an appointment its manage token already
     * proved: the same sync as the webhook's. A hold that ran out while its session is still
     * open has the session ended first, as the expiry job would. A session id, when given,
     * must be this appointment's.
     */
    async returnFromCheckout(
      tenantId: string,
      appointmentId: string,
      sessionId: string | undefined,
    ): Promise<{ state: PaymentReturnState; payment: PublicBookingPayment | null } | undefined> {
      const payments = createPaymentRepository(database.db)
      const payment = sessionId
        ? await payments.findByCheckoutSession(sessionId)
        : await payments.latestAtBooking(tenantId, appointmentId)
      if (!payment && !sessionId) {
        // Not paid at booking: nothing to sync, only where it stands.
        const appointment = await createAppointmentRepository(database.db).find(
          tenantId,
          appointmentId,
        )
        if (!appointment) return undefined
        const booked = ['confirmed', 'completed', 'no_show'].includes(appointment.status)
        return { state: booked ? 'confirmed' : 'expired', payment: null }
      }
      if (payment?.tenantId !== tenantId || payment.appointmentId !== appointmentId)
        return undefined
      const checkoutSync = syncer()
      let synced = await refuseStripeOutage(() => checkoutSync.syncPaymentCheckout(payment))
      if (!synced) return undefined
      const appointments = createAppointmentRepository(database.db)
      const held = await appointments.find(tenantId, appointmentId)
      const ranOut =
        held?.status !== 'pending_payment' ||
        (held.holdExpiresAt !== null && held.holdExpiresAt.getTime() <= Date.now())
      const openSession = synced.payment.stripeCheckoutSessionId
      if (synced.payment.status === 'pending' && synced.checkout.status === 'open' && ranOut) {
        const stripe = gateway
        if (stripe && openSession) {
          const checkout = await refuseStripeOutage(() =>
            stripe.expireCheckout(stripeAccountOf(payment), openSession),
          )
          synced = (await checkoutSync.syncPaymentCheckout(payment, { checkout })) ?? synced
        }
      }
      const after = await appointments.find(tenantId, appointmentId)
      const view = await bookingPaymentView(database.db, synced.payment, synced.checkout.url)
      return { state: paymentReturnState(after?.status, synced.payment, view), payment: view }
    },

    /**
     * A Connect event about a Checkout (or a failed payment attempt): the session is read
     * fresh and synced. Events of an account no business has, or about a session another
     * business's account does not hold, are ignored. Answers the business, for the event log.
     */
    async receiveEvent(event: ConnectWebhookEvent): Promise<string | undefined> {
      if (!event.accountId) return undefined
      const payments = createPaymentRepository(database.db)
      if (CHECKOUT_EVENTS.has(event.type) && event.checkoutSessionId) {
        const payment = await payments.findByCheckoutSession(event.checkoutSessionId)
        if (!payment || payment.stripeAccountId !== event.accountId) return undefined
        await syncer().syncPaymentCheckout(payment)
        return payment.tenantId
      }
      if (event.type === 'payment_intent.payment_failed') {
        const { business_id: tenantId, payment_id: paymentId } = event.metadata
        if (!tenantId || !paymentId || !isUuid(tenantId) || !isUuid(paymentId)) return undefined
        const payment = await payments.find(tenantId, paymentId)
        if (!payment || payment.stripeAccountId !== event.accountId) return undefined
        if (payment.status !== 'pending') return tenantId
        await payments.noteFailure(
          tenantId,
          paymentId,
          event.failureMessage ?? 'The card was declined.',
        )
        return tenantId
      }
      return undefined
    },

    /**
     * The expiry job's second half: Checkouts still open for holds that ran out are ended on
     * Stripe, and what Stripe answers is synced (a session paid at the last second is then a
     * late payment). One that Stripe does not answer for is tried again on the next run.
     */
    async expireCheckouts(due: readonly CheckoutToExpire[]): Promise<number> {
      if (!gateway || due.length === 0) return 0
      const checkoutSync = syncer()
      let done = 0
      for (const item of due) {
        try {
          const payment = await createPaymentRepository(database.db).find(
            item.tenantId,
            item.paymentId,
          )
          if (payment?.status !== 'pending') continue
          let checkout: PaymentCheckoutSnapshot
          try {
            checkout = await gateway.expireCheckout(
              item.stripeAccountId,
              item.stripeCheckoutSessionId,
            )
          } catch (error) {
            if (!(error instanceof AccountUnreachableError)) throw error
            // The business disconnected that account: its Checkout can no longer be paid to us
            // nor read, so it ends here, or it would be listed on every run for ever.
            checkout = unreachableCheckout(item.stripeCheckoutSessionId, payment.kind)
          }
          await checkoutSync.syncPaymentCheckout(payment, { checkout })
          done += 1
        } catch (error) {
          if (!(error instanceof StripeUnavailableError)) throw error
        }
      }
      return done
    },
  }
}

/** A Checkout on an account Stripe no longer lets us reach, taken as expired unpaid. */
function unreachableCheckout(id: string, kind: PaymentRow['kind']): PaymentCheckoutSnapshot {
  return {
    id,
    mode: kind === 'card_on_file' ? 'setup' : 'payment',
    status: 'expired',
    url: null,
    paymentStatus: 'unpaid',
    amountTotalMinor: null,
    currency: null,
    paymentIntentId: null,
    customerId: null,
    paymentMethodId: null,
    metadata: {},
  }
}

function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)
}
