import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import {
  createPaymentRepository,
  type PaymentRow,
} from '../../db/repositories/payment-repository.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'
import type { CapabilityTokens } from '../../security/capability-tokens.ts'
import type { createBookingService } from '../booking/booking-service.ts'
import { accountChargedAtBooking } from './booking-charges.ts'
import { createBookingCheckout } from './booking-checkout.ts'
import { createCheckoutOutcomes } from './checkout-outcomes.ts'
import { createPaymentCheckoutSync, type PaymentCheckoutSync } from './payment-checkout-sync.ts'
import { paymentsUnavailable } from './stripe-refusals.ts'

type PublicServicePayment = components['schemas']['PublicServicePayment']

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

/**
 * Paying at booking: whether a booking is charged and its payment, written with the hold;
 * the hold's Checkout (`booking-checkout.ts`); and the ways its outcome comes in (the booking
 * page's return, the Connect webhook, the hold-expiry job: `checkout-outcomes.ts`), all
 * through the one sync (`payment-checkout-sync.ts`).
 */
export function createBookingPaymentService(deps: BookingPaymentServiceDeps) {
  const { database, gateway } = deps
  let sync: PaymentCheckoutSync | undefined
  const syncer = (): PaymentCheckoutSync => {
    if (!gateway) throw paymentsUnavailable()
    sync ??= createPaymentCheckoutSync({ ...deps, gateway })
    return sync
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

    ...createBookingCheckout(deps),
    ...createCheckoutOutcomes({ database, gateway, syncer }),
  }
}
