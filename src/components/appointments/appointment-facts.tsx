import { Link } from 'wouter'
import type { Appointment } from '../../api/appointments'
import { mailtoHref, telHref } from '../../domain/contact-links'
import { AppointmentStatusBadge, OutsideHoursBadge } from './appointment-badges'
import { formatAppointmentTime, formatClockTime, formatPrice } from './appointment-format'

/**
 * What the dialog says of an appointment: when, its status (and arrival and checkout times),
 * the customer with a tap to call or write, service, member, price, seats, how it was booked,
 * the cancellation reason and the notes.
 */
export function AppointmentFacts({
  appointment,
  timeZone,
}: {
  appointment: Appointment
  timeZone: string
}) {
  const groupSession = appointment.capacity > 1
  const tel = appointment.customer_phone ? telHref(appointment.customer_phone) : null
  const mail = appointment.customer_email ? mailtoHref(appointment.customer_email) : null
  return (
    <dl className="p-appointment-facts">
      <div className="p-appointment-facts__item">
        <dt>When</dt>
        <dd>
          {formatAppointmentTime(appointment.starts_at, appointment.ends_at, timeZone)}
          <span className="p-muted p-appointment-facts__zone">{timeZone.replaceAll('_', ' ')}</span>
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Status</dt>
        <dd>
          <AppointmentStatusBadge status={appointment.status} />
          {appointment.outside_working_hours ? <OutsideHoursBadge /> : null}
          {appointment.status === 'pending_payment' && appointment.hold_expires_at ? (
            <span className="p-muted">
              The customer is paying; the time is held until{' '}
              {formatClockTime(appointment.hold_expires_at, timeZone)}, then freed unless paid.
            </span>
          ) : null}
          {appointment.checked_in_at ? (
            <span className="p-badge p-badge--success" data-testid="checked-in">
              Arrived {formatClockTime(appointment.checked_in_at, timeZone)}
            </span>
          ) : null}
          {appointment.checked_out_at ? (
            <span className="p-badge p-badge--info">
              Checked out {formatClockTime(appointment.checked_out_at, timeZone)}
            </span>
          ) : null}
          {appointment.status === 'payment_expired' ? (
            <span className="p-muted">
              The customer did not pay in time, so this was never booked and the time is free.
            </span>
          ) : null}
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Customer</dt>
        <dd>
          <Link href={`/customers/${appointment.customer_id}`}>{appointment.customer_name}</Link>
          {tel ? (
            <a
              className="p-appointment-facts__contact"
              href={tel}
              aria-label={`Call ${appointment.customer_name} at ${appointment.customer_phone}`}
            >
              {appointment.customer_phone}
            </a>
          ) : null}
          {mail ? (
            <a
              className="p-appointment-facts__contact"
              href={mail}
              aria-label={`E-mail ${appointment.customer_name} at ${appointment.customer_email}`}
            >
              {appointment.customer_email}
            </a>
          ) : null}
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Service</dt>
        <dd>
          <span
            className="p-color-dot"
            style={{ background: appointment.service_color }}
            aria-hidden="true"
          />
          {appointment.service_name}
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Team member</dt>
        <dd>{appointment.team_member_name}</dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Price</dt>
        <dd>{formatPrice(appointment.price)}</dd>
      </div>
      {groupSession ? (
        <div className="p-appointment-facts__item">
          <dt>Seats</dt>
          <dd>
            {appointment.seats_booked} of {appointment.capacity} booked
          </dd>
        </div>
      ) : null}
      <div className="p-appointment-facts__item">
        <dt>Booked</dt>
        <dd>{appointment.source === 'public' ? 'Online, by the customer' : 'By staff'}</dd>
      </div>
      {appointment.status === 'cancelled' && appointment.cancel_reason ? (
        <div className="p-appointment-facts__item p-appointment-facts__item--wide">
          <dt>Cancellation reason</dt>
          <dd className="p-appointment-facts__text">{appointment.cancel_reason}</dd>
        </div>
      ) : null}
      <div className="p-appointment-facts__item p-appointment-facts__item--wide">
        <dt>Notes</dt>
        <dd className="p-appointment-facts__text">
          {appointment.notes ? appointment.notes : <span className="p-muted">No notes</span>}
        </dd>
      </div>
    </dl>
  )
}
