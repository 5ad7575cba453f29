import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Link } from 'wouter'
import { bookingHref, manageUrl } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import type { MyAppointments } from '../../machines/customer-account.machine'
import { type AccountActor, VIEW_FOCUS } from './account-view'
import { RetryAlert } from './booking-status'
import { PROFILE_CREATION_PATH } from './customer-links'
import { Emphasised } from './emphasised'
import { detectedTimeZone, formatDayAndTime } from './slot-days'

/** What the account page says when a call failed, with a retry; it takes the focus. */
export function Failure({ actor, title }: { actor: AccountActor; title: string }) {
  const error = useSelector(actor, (s) => s.context.error)
  const { t } = useTranslation()
  return (
    <RetryAlert
      title={title}
      message={error ? t(error) : null}
      onRetry={() => actor.send({ type: 'account.retry' })}
      tabIndex={-1}
      {...VIEW_FOCUS}
    />
  )
}

/** The signed-in customer's page: who is signed in, and their upcoming and past appointments. */
export function SignedIn({ actor, business }: { actor: AccountActor; business: string | null }) {
  const email = useSelector(actor, (s) => s.context.signedInEmail)
  const appointments = useSelector(actor, (s) => s.context.appointments)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const error = useSelector(actor, (s) => s.context.error)
  const signingOut = useSelector(actor, (s) => s.matches('signingOut'))
  const { t } = useTranslation()
  return (
    <div className="p-booking-wizard">
      <div className="p-booking-account-bar">
        <p className="p-muted">
          <Emphasised t={t} message="account_signed_in_as" name="email" value={email ?? ''} />
        </p>
        <div className="p-booking-actions">
          <Link
            className="p-button p-button--small"
            href={bookingHref(PROFILE_CREATION_PATH, business)}
          >
            {t('account_your_details')}
          </Link>
          <button
            type="button"
            className="p-button p-button--small"
            aria-disabled={signingOut || undefined}
            onClick={() => {
              if (!signingOut) actor.send({ type: 'account.signOut' })
            }}
          >
            {signingOut ? t('account_signing_out') : t('account_sign_out')}
          </button>
        </div>
      </div>
      {failed ? (
        <Failure actor={actor} title={t('account_load_failed')} />
      ) : error ? (
        <div className="p-alert" role="alert">
          <p>{t(error)}</p>
        </div>
      ) : null}
      {appointments ? <AppointmentLists appointments={appointments} business={business} /> : null}
    </div>
  )
}

function AppointmentLists({
  appointments,
  business,
}: {
  appointments: MyAppointments
  business: string | null
}) {
  const timeZone = useMemo(detectedTimeZone, [])
  const book = bookingHref('/booking', business)
  const { t } = useTranslation()
  return (
    <>
      <section className="p-card p-stack" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="p-section-title" tabIndex={-1} {...VIEW_FOCUS}>
          {t('account_upcoming')}
        </h2>
        {appointments.upcoming.length === 0 ? (
          <>
            <p className="p-muted">{t('account_no_upcoming')}</p>
            <div className="p-booking-actions">
              <Link className="p-button p-button--primary" href={book}>
                {t('book_an_appointment')}
              </Link>
            </div>
          </>
        ) : (
          <AppointmentList items={appointments.upcoming} business={business} timeZone={timeZone} />
        )}
      </section>
      <section className="p-card p-stack" aria-labelledby="past-title">
        <h2 id="past-title" className="p-section-title">
          {t('account_past')}
        </h2>
        {appointments.past.length === 0 ? (
          <p className="p-muted">{t('account_no_past')}</p>
        ) : (
          <AppointmentList items={appointments.past} business={business} timeZone={timeZone} />
        )}
      </section>
      {appointments.upcoming.length > 0 ? (
        <p>
          <Link href={book}>{t('account_book_another')}</Link>
        </p>
      ) : null}
    </>
  )
}

function AppointmentList({
  items,
  business,
  timeZone,
}: {
  items: MyAppointments['upcoming']
  business: string | null
  timeZone: string
}) {
  const { t, language } = useTranslation()
  return (
    <ul className="p-choice-list">
      {items.map(({ appointment, manage_token }) => (
        <li key={appointment.id}>
          <Link className="p-choice" href={manageUrl(appointment.id, manage_token, business)}>
            <span className="p-choice__title">{appointment.service.name}</span>
            <span className="p-choice__meta">
              {formatDayAndTime(appointment.starts_at, timeZone, language)} ·{' '}
              {t('account_with', { member: appointment.team_member.name })}
              {appointment.status !== 'confirmed' ? ` · ${t(`status_${appointment.status}`)}` : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
