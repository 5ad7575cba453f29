import type { Appointment } from '../../api/appointments'
import { appointmentStatusLabel } from '../../components/appointments/appointment-format'
import { PAYMENT_STATE_LABELS, shownPayment } from '../../components/appointments/payment-format'

/**
 * The short marks an appointment carries on the calendar (status, arrived, outside hours,
 * payment, booking answers, a change made in the member's own calendar): hidden from screen readers, whose label sentence says them all.
 */
export function AppointmentFlags({ appointment }: { appointment: Appointment }) {
  const payment = shownPayment(appointment)
  const answers = appointment.booking_answers.length
  return (
    <>
      {appointment.status !== 'confirmed' ? (
        <span className="p-cal-event__flag" aria-hidden="true">
          {appointmentStatusLabel(appointment.status)}
        </span>
      ) : appointment.checked_in_at ? (
        <span className="p-cal-event__flag" aria-hidden="true">
          Arrived
        </span>
      ) : null}
      {appointment.outside_working_hours ? (
        <span className="p-cal-event__flag" aria-hidden="true">
          Outside hours
        </span>
      ) : null}
      {payment ? (
        // The amount is in the label (and the dialog); the flag stays short enough to fit.
        <span
          className="p-cal-event__flag p-cal-event__flag--payment"
          data-payment-state={payment.state}
          aria-hidden="true"
        >
          {PAYMENT_STATE_LABELS[payment.state]}
        </span>
      ) : null}
      {appointment.calendar_change ? (
        <span className="p-cal-event__flag" aria-hidden="true">
          {appointment.calendar_change.kind === 'moved' ? 'Moved outside' : 'Deleted outside'}
        </span>
      ) : null}
      {answers > 0 ? (
        <span className="p-cal-event__flag" aria-hidden="true">
          {answers === 1 ? '1 answer' : `${answers} answers`}
        </span>
      ) : null}
    </>
  )
}
