import { formatPrice } from '../../components/appointments/appointment-format'
import type { PublicAppointment } from '../../machines/booking.machine'
import { describeTimeZone, formatDayAndTime, formatTime } from './slot-days'

/** What, when (in the visitor's zone, the business's noted), with whom, and the price. */
export function AppointmentSummary({
  appointment,
  timeZone,
}: {
  appointment: PublicAppointment
  timeZone: string
}) {
  const when = `${formatDayAndTime(appointment.starts_at, timeZone)} – ${formatTime(appointment.ends_at, timeZone)}`
  return (
    <dl className="p-facts p-booking-summary">
      <div className="p-facts__item">
        <dt>Service</dt>
        <dd>
          {appointment.service.name} ({appointment.service.duration_minutes} min)
        </dd>
      </div>
      <div className="p-facts__item">
        <dt>When</dt>
        <dd>
          {when}
          {timeZone !== appointment.time_zone ? (
            <span className="p-muted">
              {' '}
              ({describeTimeZone(timeZone)};{' '}
              {formatTime(appointment.starts_at, appointment.time_zone)} at the business)
            </span>
          ) : null}
        </dd>
      </div>
      <div className="p-facts__item">
        <dt>With</dt>
        <dd>{appointment.team_member.name}</dd>
      </div>
      <div className="p-facts__item">
        <dt>Where</dt>
        <dd>{appointment.business_name}</dd>
      </div>
      <div className="p-facts__item">
        <dt>Price</dt>
        <dd>
          {formatPrice({ amount_minor: appointment.price_minor, currency: appointment.currency })}
        </dd>
      </div>
    </dl>
  )
}
