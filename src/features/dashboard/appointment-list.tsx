import { Button } from 'react-aria-components'
import {
  AppointmentStatusBadge,
  PaymentBadge,
} from '../../components/appointments/appointment-badges'
import type { Appointment } from './dashboard-values'
import { formatClockRange, formatSlotStart, isCancellable } from './dashboard-values'

/**
 * Appointments as a list of rows: time (business zone), customer, service, team member and
 * status. The customer's name opens the appointment; "Cancel" is offered for confirmed ones
 * that have not started, when this user may change them.
 */
export function AppointmentList({
  label,
  appointments,
  timeZone,
  withDay,
  canChange,
  onOpen,
  onCancel,
  now = Date.now(),
}: {
  label: string
  appointments: Appointment[]
  timeZone: string
  /** Upcoming appointments show their day; today's only the clock. */
  withDay: boolean
  canChange: (appointment: Appointment) => boolean
  /** Opens the appointment (its dialog: details, reschedule, complete, no-show). */
  onOpen: (appointment: Appointment) => void
  onCancel: (appointment: Appointment) => void
  now?: number
}) {
  return (
    <ul className="p-appointment-list" aria-label={label}>
      {appointments.map((appointment) => {
        const clock = formatClockRange(appointment.starts_at, appointment.ends_at, timeZone)
        const when = withDay ? formatSlotStart(appointment.starts_at, timeZone) : clock
        return (
          <li
            key={appointment.id}
            className="p-appointment-row"
            data-testid="dashboard-appointment"
          >
            <time className="p-appointment-row__time" dateTime={appointment.starts_at}>
              {when}
            </time>
            <div className="p-appointment-row__main">
              <Button
                className="p-link-button p-appointment-row__customer"
                onPress={() => onOpen(appointment)}
              >
                {appointment.customer_name}
              </Button>
              <span className="p-appointment-row__detail">
                <span
                  className="p-color-dot"
                  style={{ background: appointment.service_color }}
                  aria-hidden="true"
                />
                {appointment.service_name}
                <span aria-hidden="true"> · </span>
                <span className="p-visually-hidden">, with </span>
                {appointment.team_member_name}
                {withDay ? <span className="p-visually-hidden">, {clock}</span> : null}
              </span>
            </div>
            <span className="p-appointment-row__status">
              <AppointmentStatusBadge status={appointment.status} />
              <PaymentBadge appointment={appointment} />
            </span>
            <div className="p-appointment-row__actions">
              {isCancellable(appointment, now) && canChange(appointment) ? (
                <Button
                  className="p-button p-button--small"
                  aria-label={`Cancel ${appointment.customer_name}'s appointment, ${formatSlotStart(appointment.starts_at, timeZone)}`}
                  onPress={() => onCancel(appointment)}
                >
                  Cancel
                </Button>
              ) : null}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/** Rows the height of real ones while the dashboard loads, so nothing jumps. */
export function AppointmentListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="p-appointment-list" role="status">
      <span className="p-visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => `skeleton-${index}`).map((key) => (
        <div key={key} className="p-appointment-row" aria-hidden="true">
          <span className="p-appointment-row__time">
            <span className="p-skeleton" style={{ width: '7rem' }} />
          </span>
          <div className="p-appointment-row__main">
            <span className="p-skeleton" style={{ width: '9rem' }} />
            <span className="p-skeleton" style={{ width: '13rem' }} />
          </div>
          <span className="p-appointment-row__status">
            <span className="p-skeleton" style={{ width: '4.5rem' }} />
          </span>
          <div className="p-appointment-row__actions" />
        </div>
      ))}
    </div>
  )
}
