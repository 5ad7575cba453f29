import { useSelector } from '@xstate/react'
import { Link } from 'wouter'
import { bookingHref, manageUrl } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { AppointmentSummary } from './appointment-summary'
import { BookingNotFound } from './booking-not-found'
import { PaidAtBooking } from './booking-payment'
import { LoadingCard, RetryAlert } from './booking-status'
import { googleCalendarUrl, invitationUrl } from './calendar-links'
import { usePageBusinessParam } from './page-business'
import { useWizard } from './wizard-actor'

/** The booking is made: what, when, the calendar file, Google Calendar, and the manage link. */
export function BookingConfirmation() {
  const wizard = useWizard()
  const loading = useSelector(wizard, (s) => s.hasTag('loading'))
  const error = useSelector(wizard, (s) =>
    s.matches({ confirmation: 'failed' }) ? s.context.error : null,
  )
  const notFound = useSelector(wizard, (s) => s.context.notFound)
  const confirmation = useSelector(wizard, (s) => s.context.confirmation)
  const timeZone = useSelector(wizard, (s) => s.context.timeZone)
  const canRetry = useSelector(wizard, (s) => s.can({ type: 'booking.retry' }))
  const business = usePageBusinessParam()
  const { t, say } = useTranslation()

  if (loading) {
    return <LoadingCard label={t('confirmation_loading')} />
  }
  if (error && notFound) return <BookingNotFound what="appointment" />
  if (error || !confirmation) {
    return (
      <RetryAlert
        title={t('confirmation_failed')}
        message={error === null ? null : say(error)}
        onRetry={canRetry ? () => wizard.send({ type: 'booking.retry' }) : undefined}
      >
        <Link href={bookingHref('/booking', business)}>{t('book_an_appointment')}</Link>
      </RetryAlert>
    )
  }

  const { appointment, manage_token: token } = confirmation
  const manage = manageUrl(appointment.id, token, business)
  const google = googleCalendarUrl({
    title: t('calendar_title', {
      service: appointment.service.name,
      business: appointment.business_name,
    }),
    startsAt: appointment.starts_at,
    endsAt: appointment.ends_at,
    details: t('calendar_details', {
      member: appointment.team_member.name,
      url: `${window.location.origin}${manage}`,
    }),
  })

  return (
    <div className="p-card p-stack p-booking-confirmation">
      <p className="p-booking-confirmation__lead">
        {appointment.status === 'cancelled'
          ? t('confirmation_cancelled')
          : appointment.customer_email
            ? t('confirmation_lead', {
                name: appointment.customer_name,
                email: appointment.customer_email,
              })
            : t('confirmation_lead_no_email', { name: appointment.customer_name })}
      </p>
      <AppointmentSummary appointment={appointment} timeZone={timeZone} />
      {confirmation.payment ? (
        <PaidAtBooking
          payment={confirmation.payment}
          cancelDeadline={appointment.cancel_deadline}
          timeZone={timeZone}
        />
      ) : null}
      <div className="p-booking-actions">
        <a className="p-button" href={invitationUrl(appointment.id, token, business)} download>
          {t('confirmation_download_ics')}
        </a>
        <a className="p-button" href={google} target="_blank" rel="noreferrer">
          {t('confirmation_google')}
        </a>
        <Link className="p-button p-button--primary" href={manage}>
          {t('confirmation_manage')}
        </Link>
      </div>
      <p className="p-muted">{t('confirmation_keep_link')}</p>
      <p className="p-muted">
        {t('confirmation_all_bookings')}{' '}
        <Link href={bookingHref('/booking/my-appointments', business)}>{t('my_appointments')}</Link>{' '}
        {t('confirmation_sign_in_hint')}
      </p>
    </div>
  )
}
