import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { useParams, useSearch } from 'wouter'
import { bookingHref } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { todayIn } from '../../domain/appointment-time'
import { hrefInThisArea } from '../../routes/booking-path'
import { newIdempotencyKey } from './api'
import { AppointmentSummary } from './appointment-summary'
import { BookingNotFound } from './booking-not-found'
import { LoadingCard, RetryAlert } from './booking-status'
import { CallTheBusiness } from './business-contact'
import { invitationUrl } from './calendar-links'
import { createManageLogic } from './effects'
import { Cancel } from './manage-cancel'
import { Outcome } from './manage-outcome'
import { Reschedule } from './manage-reschedule'
import { type ManageActor, VIEW_FOCUS } from './manage-view'
import { pageBusiness } from './page-business'
import { detectedTimeZone, formatDayAndTime } from './slot-days'
import { usePageBusiness } from './use-page-business'

/** `/booking/event/{appointmentId}?token=`: the customer sees, moves or cancels their booking. */
export function BookingEventScreen() {
  const { appointmentId = '' } = useParams<{ appointmentId: string }>()
  const token = new URLSearchParams(useSearch()).get('token')
  // Keyed: another appointment's link starts afresh.
  return (
    <ManageAppointment
      key={`${appointmentId} ${token}`}
      appointmentId={appointmentId}
      token={token}
    />
  )
}

function ManageAppointment({
  appointmentId,
  token,
}: {
  appointmentId: string
  token: string | null
}) {
  const logic = useMemo(createManageLogic, [])
  const timeZone = useMemo(detectedTimeZone, [])
  const actor = useActorRef(logic, {
    input: { appointmentId, token, timeZone, today: todayIn(timeZone), newIdempotencyKey },
  })
  const mode = useSelector(actor, (s) =>
    s.matches('rescheduling') ? 'rescheduling' : s.matches('cancelling') ? 'cancelling' : null,
  )
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('checking'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const notice = useSelector(actor, (s) => s.context.notice)
  const { t } = useTranslation()
  const content = useRef<HTMLDivElement>(null)
  const shownMode = useRef<typeof mode | undefined>(undefined)
  useEffect(() => {
    if (loading || failed) return
    // The first view is the page itself: the route's own focus handling applies.
    if (shownMode.current !== undefined && shownMode.current !== mode) {
      // A change's outcome (moved, cancelled) is where the customer is taken, else the heading.
      const target = notice ? 'outcome' : mode === null ? 'appointment' : 'section'
      content.current?.querySelector<HTMLElement>(`[${VIEW_FOCUS}="${target}"]`)?.focus()
    }
    shownMode.current = mode
  }, [mode, loading, failed, notice])

  if (loading) {
    return <LoadingCard label={t('confirmation_loading')} />
  }
  if (failed) return <LoadFailed actor={actor} />
  return (
    <div className="p-booking-wizard" ref={content}>
      {mode === 'rescheduling' ? null : <Outcome actor={actor} />}
      <Appointment actor={actor} />
      {mode === 'rescheduling' ? <Reschedule actor={actor} /> : null}
      {mode === 'cancelling' ? <Cancel actor={actor} /> : null}
    </div>
  )
}

function LoadFailed({ actor }: { actor: ManageActor }) {
  const error = useSelector(actor, (s) => s.context.error)
  const canRetry = useSelector(actor, (s) => s.can({ type: 'manage.retry' }))
  const notFound = useSelector(actor, (s) => s.context.notFound)
  const { t } = useTranslation()
  if (notFound) return <BookingNotFound what="appointment" detail={error ? t(error) : undefined} />
  return (
    <RetryAlert
      title={t('confirmation_failed')}
      message={error ? t(error) : null}
      onRetry={canRetry ? () => actor.send({ type: 'manage.retry' }) : undefined}
    />
  )
}

function Appointment({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const token = useSelector(actor, (s) => s.context.token)
  const viewing = useSelector(actor, (s) => s.matches('viewing'))
  const { t, language } = useTranslation()
  const business = usePageBusiness()
  if (!appointment) return null
  const cancelled = appointment.status === 'cancelled'
  // "Too late to cancel online." and, in the same breath, how to reach the business instead.
  const closedWithContact = (closed: string) => (
    <>
      {closed} <CallTheBusiness name={appointment.business_name} business={business} />
    </>
  )
  return (
    <section className="p-card p-stack" aria-labelledby="appointment-status">
      <h2
        id="appointment-status"
        className="p-section-title"
        tabIndex={-1}
        {...{ [VIEW_FOCUS]: 'appointment' }}
      >
        {t(`status_${appointment.status}`)}
      </h2>
      <AppointmentSummary appointment={appointment} timeZone={timeZone} />
      {cancelled && appointment.cancel_reason ? (
        <p className="p-muted">{t('manage_reason_given', { reason: appointment.cancel_reason })}</p>
      ) : null}
      {!cancelled ? (
        <>
          <ul className="p-muted p-booking-deadlines">
            <li id="reschedule-deadline">
              {appointment.can_reschedule
                ? t('manage_reschedule_until', {
                    time: formatDayAndTime(appointment.reschedule_deadline, timeZone, language),
                  })
                : closedWithContact(t('manage_reschedule_closed'))}
            </li>
            <li id="cancel-deadline">
              {appointment.can_cancel
                ? t('manage_cancel_until', {
                    time: formatDayAndTime(appointment.cancel_deadline, timeZone, language),
                  })
                : closedWithContact(t('manage_cancel_closed'))}
            </li>
          </ul>
          {viewing ? (
            <div className="p-booking-actions">
              <button
                type="button"
                className="p-button p-button--primary"
                disabled={!appointment.can_reschedule}
                aria-describedby="reschedule-deadline"
                onClick={() => actor.send({ type: 'manage.rescheduleStarted' })}
              >
                {t('manage_reschedule')}
              </button>
              <button
                type="button"
                className="p-button p-button--danger"
                disabled={!appointment.can_cancel}
                aria-describedby="cancel-deadline"
                onClick={() => actor.send({ type: 'manage.cancelStarted' })}
              >
                {t('manage_cancel')}
              </button>
              {token ? (
                <a
                  className="p-button"
                  href={invitationUrl(appointment.id, token, pageBusiness())}
                  download
                >
                  {t('manage_calendar_file')}
                </a>
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <a
          className="p-button p-button--primary"
          href={hrefInThisArea(bookingHref('/booking', pageBusiness()))}
        >
          {t('manage_book_again')}
        </a>
      )}
    </section>
  )
}
