/**
 * A payment taken at booking as the booking page is told of it: the payment with its
 * Checkout's address while the hold can still be paid, and where the booking stands after
 * the visitor comes back from Checkout.
 */
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Db } from '../../db/database.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import type { PaymentRow } from '../../db/repositories/payment-repository.ts'

type PublicBookingPayment = components['schemas']['PublicBookingPayment']
type PaymentReturnState = components['schemas']['PublicPaymentReturn']['state']

/** The payment and appointment as the booking page is told, after a sync or at booking. */
export async function bookingPaymentView(
  db: Db,
  payment: PaymentRow,
  checkoutUrl: string | null,
): Promise<PublicBookingPayment> {
  const appointment = await createAppointmentRepository(db).find(
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

/** Where the booking stands on the return from Checkout, from its appointment's status. */
export function paymentReturnState(
  status: string | undefined,
  payment: PaymentRow,
  view: PublicBookingPayment,
): PaymentReturnState {
  if (status === 'confirmed' || status === 'completed' || status === 'no_show') return 'confirmed'
  if (payment.status === 'succeeded' && status === 'payment_expired') return 'refunded'
  return view.checkout_url ? 'awaiting_payment' : 'expired'
}
