import { paymentReturnUrl } from '../../../shared/booking-links.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import type { CheckoutToExpire } from '../../db/repositories/payment-hold-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
  stripeAccountOf,
} from '../../db/repositories/payment-repository.ts'
import { type Refusal, unavailable } from '../../domain/refusal.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import type {
  ConnectGateway,
  ConnectWebhookEvent,
  PaymentCheckoutSnapshot,
} from '../../payments/connect-gateway.ts'
import { AccountUnreachableError, StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import type { CapabilityTokens } from '../../security/capability-tokens.ts'
import type { createBookingService } from '../booking/booking-service.ts'
import { accountChargedAtBooking } from './booking-charges.ts'
import { createPaymentCheckoutSync, type PaymentCheckoutSync } from './payment-checkout-sync.ts'

type PublicBookingPayment = components['schemas']['PublicBookingPayment']
type PublicServicePayment = components['schemas']['PublicServicePayment']
type PaymentReturnState = components['schemas']['PublicPaymentReturn']['state']

export interface BookingPaymentServiceDeps {
  database: Database
  /** Absent when Stripe is not configured: a paid service cannot be booked (503). */
  gateway: ConnectGateway | undefined
  bookings: Pick<ReturnType<typeof createBookingService>, 'confirmHoldWithin'>
  notifier: AppointmentNotifier
  tokens: CapabilityTokens
  /** The address people open: Checkout sends the customer back to the booking page there. */
  publicUrl: string
}

/** The business's account a booking is charged to, and what it charges. */
export interface BookingCharge {
  stripeAccountId: string
  payment: PublicServicePayment
}

export type BookingPaymentService = ReturnType<typeof createBookingPaymentService>

/** Checkout events the sync acts on; the rest of a connected account's events are ignored. */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
])

/**
 * Paying at booking: the payment and Checkout of a hold, and the ways its outcome comes in
 * (the Connect webhook, the booking page's return, the hold-expiry job), all through the one
 * sync (`payment-checkout-sync.ts`).
 */
export function createBookingPaymentService(deps: BookingPaymentServiceDeps) {
  const { database, gateway, tokens, publicUrl } = deps
  let sync: PaymentCheckoutSync | undefined
  const syncer = (): PaymentCheckoutSync => {
    if (!gateway) throw paymentsUnavailable()
    sync ??= createPaymentCheckoutSync({ ...deps, gateway })
    return sync
  }

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

  /** The payment and appointment as the booking page is told, after a sync or at booking. */
  async function paymentView(
    payment: PaymentRow,
    checkoutUrl: string | null,
  ): Promise<PublicBookingPayment> {
    const appointment = await createAppointmentRepository(database.db).find(
      payment.tenantId,
      payment.appointmentId,
    )
    const holding =
      payment.status === 'pending' &&
      appointment?.status === 'pending_payment' &&
      appointment.holdExpiresAt !== null &&
      appointment.holdExpiresAt.getTime() > Date.now()
    return {
      // Only payments at booking reach the booking page (`latestAtBooking`): never the till's.
      kind:
        payment.kind === 'no_show_fee' || payment.kind === 'in_person'
          ? 'card_on_file'
          : payment.kind,
      status: payment.status,
      amount_minor: payment.amountMinor,
      currency: payment.currency,
      checkout_url: holding ? checkoutUrl : null,
      hold_expires_at: holding ? (appointment.holdExpiresAt?.toISOString() ?? null) : null,
    }
  }

  return {
    /**
     * What booking this service charges, on which account; null when it is booked as before:
     * the service asks nothing, or the business cannot take payments now (its account is not
     * active, or its plan no longer includes paid bookings).
     */
    async chargeFor(
      tenantId: string,
      payment: PublicServicePayment | null | undefined,
    ): Promise<BookingCharge | null> {
      if (!payment) return null
      const account = await accountChargedAtBooking(database.db, tenantId)
      if (!account) return null
      if (!gateway) throw paymentsUnavailable()
      return { stripeAccountId: account.stripeAccountId, payment }
    },

    /** The hold's payment, written in the hold's own transaction (`pending`, no Checkout yet). */
    recordPending(
      tx: Db,
      input: { tenantId: string; appointmentId: string; charge: BookingCharge },
    ): Promise<PaymentRow> {
      const { payment, stripeAccountId } = input.charge
      return createPaymentRepository(tx).insertPending({
        tenantId: input.tenantId,
        appointmentId: input.appointmentId,
        kind: payment.kind,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        stripeAccountId,
      })
    },

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
      return paymentView({ ...payment, stripeCheckoutSessionId: session.id }, session.url)
    },

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
      let synced = await outageAsProblem(() => checkoutSync.syncPaymentCheckout(payment))
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
          const checkout = await outageAsProblem(() =>
            stripe.expireCheckout(stripeAccountOf(payment), openSession),
          )
          synced = (await checkoutSync.syncPaymentCheckout(payment, { checkout })) ?? synced
        }
      }
      const after = await appointments.find(tenantId, appointmentId)
      const view = await paymentView(synced.payment, synced.checkout.url)
      return { state: stateOf(after?.status, synced.payment, view), payment: view }
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

function stateOf(
  status: string | undefined,
  payment: PaymentRow,
  view: PublicBookingPayment,
): PaymentReturnState {
  if (status === 'confirmed' || status === 'completed' || status === 'no_show') return 'confirmed'
  if (payment.status === 'succeeded' && status === 'payment_expired') return 'refunded'
  return view.checkout_url ? 'awaiting_payment' : 'expired'
}

async function outageAsProblem<T>(work: () => Promise<T>): Promise<T> {
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

function paymentsUnavailable(): Refusal {
  return unavailable('Payments are not available on this server right now.', {
    retryAfterSeconds: 60,
    type: '/problems/payments-unavailable',
  })
}

function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)
}
