import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import type { PublicAppointment } from '../../machines/booking-context'
import { BusinessContact } from './business-contact'
import { describeTimeZone, formatDayAndTime, formatTime } from './slot-days'
import { usePageBusiness } from './use-page-business'

/** What, when (in the visitor's zone, the business's noted), with whom, where, and the price. */
export function AppointmentSummary({
  appointment,
  timeZone,
}: {
  appointment: PublicAppointment
  timeZone: string
}) {
  const { t, tp, intl } = useTranslation()
  // The appointment names only the business: how to reach it comes with the page's business,
  // which the frame around this summary has already loaded (one request per business).
  const business = usePageBusiness()
  const price = formatPrice(
    { amount_minor: appointment.price_minor, currency: appointment.currency },
    intl,
  )
  const when = `${formatDayAndTime(appointment.starts_at, timeZone, intl)} – ${formatTime(appointment.ends_at, timeZone, intl)}`
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
                time: formatTime(appointment.starts_at, appointment.time_zone, intl),
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
        <dd>
          {appointment.business_name}
          {business ? <BusinessContact business={business} /> : null}
        </dd>
      </div>
      <div className="p-facts__item">
        <dt>{t('summary_price')}</dt>
        <dd>{price}</dd>
      </div>
    </dl>
  )
}
