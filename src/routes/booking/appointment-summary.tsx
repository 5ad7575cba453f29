import { useTranslation } from '../../app/i18n'
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
  const { t, tp, language } = useTranslation()
  const price = formatPrice(
    { amount_minor: appointment.price_minor, currency: appointment.currency },
    language,
  )
  const when = `${formatDayAndTime(appointment.starts_at, timeZone)} – ${formatTime(appointment.ends_at, timeZone)}`
  return (
    <dl className="p-facts p-booking-summary">
      <div className="p-facts__item">
        <dt>{t('summary_service')}</dt>
        <dd>
          {appointment.service.name} ({tp('duration_minutes', appointment.service.duration_minutes)}
          )
        </dd>
      </div>
      <div className="p-facts__item">
        <dt>{t('summary_when')}</dt>
        <dd>
          {when}
          {timeZone !== appointment.time_zone ? (
            <span className="p-muted">
              {' '}
              ({describeTimeZone(timeZone)};{' '}
              {t('summary_at_business', {
                time: formatTime(appointment.starts_at, appointment.time_zone),
              })}
              )
            </span>
          ) : null}
        </dd>
      </div>
      <div className="p-facts__item">
        <dt>{t('summary_with')}</dt>
        <dd>{appointment.team_member.name}</dd>
      </div>
      <div className="p-facts__item">
        <dt>{t('summary_where')}</dt>
        <dd>{appointment.business_name}</dd>
      </div>
      <div className="p-facts__item">
        <dt>{t('summary_price')}</dt>
        <dd>{price}</dd>
      </div>
    </dl>
  )
}
