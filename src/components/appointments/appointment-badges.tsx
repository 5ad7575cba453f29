import type { components } from '../../../shared/contract/schema'
import { appointmentStatusLabel } from './appointment-format'
import { PAYMENT_STATE_TONES, paymentBadgeText, shownPayment } from './payment-format'

type AppointmentStatus = components['schemas']['AppointmentStatus']
type Appointment = components['schemas']['Appointment']

const STATUS_TONES: Record<AppointmentStatus, string> = {
  confirmed: 'p-badge--info',
  completed: 'p-badge--success',
  no_show: 'p-badge--warn',
  cancelled: 'p-badge--danger',
  pending_payment: 'p-badge--warn',
  payment_expired: '',
}

/** The status in words (never colour alone). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={`p-badge ${STATUS_TONES[status]}`}>{appointmentStatusLabel(status)}</span>
}

/** Marks an appointment booked with the working-hours override. */
export function OutsideHoursBadge() {
  return <span className="p-badge p-badge--warn">Outside working hours</span>
}

/**
 * Where the appointment's money stands, in words with the amount ("Deposit paid · $10.00"),
 * and for screen readers introduced as the payment; nothing when there is nothing to say.
 */
export function PaymentBadge({
  appointment,
}: {
  appointment: Pick<Appointment, 'status' | 'payment'>
}) {
  const payment = shownPayment(appointment)
  if (!payment) return null
  return (
    <span className={`p-badge ${PAYMENT_STATE_TONES[payment.state]}`} data-testid="payment-badge">
      <span className="p-visually-hidden">Payment: </span>
      {paymentBadgeText(payment)}
    </span>
  )
}
