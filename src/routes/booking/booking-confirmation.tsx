import { useSelector } from '@xstate/react'
import { Link } from 'wouter'
import { bookingHref, manageUrl } from '../../../shared/booking-links'
import { AppointmentSummary } from './appointment-summary'
import { BookingNotFound } from './booking-not-found'
import { LoadingCard, RetryAlert } from './booking-status'
import { googleCalendarUrl, invitationUrl } from './calendar-links'
import { pageBusiness } from './page-business'
import { wizardActor } from './wizard-actor'

/** The booking is made: what, when, the calendar file, Google Calendar, and the manage link. */
export function BookingConfirmation() {
  const loading = useSelector(wizardActor, (s) => s.hasTag('loading'))
  const error = useSelector(wizardActor, (s) =>
    s.matches({ confirmation: 'failed' }) ? s.context.error : null,
  )
  const notFound = useSelector(wizardActor, (s) => s.context.notFound)
  const confirmation = useSelector(wizardActor, (s) => s.context.confirmation)
  const timeZone = useSelector(wizardActor, (s) => s.context.timeZone)
  const canRetry = useSelector(wizardActor, (s) => s.can({ type: 'booking.retry' }))
  const business = pageBusiness()

  if (loading) {
    return <LoadingCard label="Loading your appointment…" />
  }
  if (error && notFound) return <BookingNotFound what="appointment" />
  if (error || !confirmation) {
    return (
      <RetryAlert
        title="We could not show this appointment"
        message={error}
        onRetry={canRetry ? () => wizardActor.send({ type: 'booking.retry' }) : undefined}
      >
        <Link href={bookingHref('/booking', business)}>Book an appointment</Link>
      </RetryAlert>
    )
  }

  const { appointment, manage_token: token } = confirmation
  const manage = manageUrl(appointment.id, token, business)
  const google = googleCalendarUrl({
    title: `${appointment.service.name} at ${appointment.business_name}`,
    startsAt: appointment.starts_at,
    endsAt: appointment.ends_at,
    details: `With ${appointment.team_member.name}. See, move or cancel: ${window.location.origin}${manage}`,
  })

  return (
    <div className="p-card p-stack p-booking-confirmation">
      <p className="p-booking-confirmation__lead">
        {appointment.status === 'cancelled'
          ? 'This appointment was cancelled.'
          : `You're booked, ${appointment.customer_name}. We've sent the details to ${appointment.customer_email ?? 'you'}.`}
      </p>
      <AppointmentSummary appointment={appointment} timeZone={timeZone} />
      <div className="p-booking-actions">
        <a className="p-button" href={invitationUrl(appointment.id, token, business)} download>
          Download calendar file (.ics)
        </a>
        <a className="p-button" href={google} target="_blank" rel="noreferrer">
          Add to Google Calendar
        </a>
        <Link className="p-button p-button--primary" href={manage}>
          Reschedule or cancel
        </Link>
      </div>
      <p className="p-muted">
        Keep this page's address or the e-mail: the link to change your appointment is private to
        you.
      </p>
      <p className="p-muted">
        All your bookings here in one place:{' '}
        <Link href={bookingHref('/booking/my-appointments', business)}>My appointments</Link> (we
        e-mail you a sign-in link, no password).
      </p>
    </div>
  )
}
