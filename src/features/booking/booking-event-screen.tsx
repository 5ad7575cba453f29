import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { useParams, useSearch } from 'wouter'
import { bookingHref } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { todayIn } from '../../domain/appointment-time'
import { hrefInThisArea } from '../../routes/booking-path'
import { AppointmentSummary } from './appointment-summary'
import { BookingNotFound } from './booking-not-found'
import { LoadingCard, RetryAlert } from './booking-status'
import { CallTheBusiness } from './business-contact'
import { invitationUrl } from './calendar-links'
import { createManageLogic } from './effects'
import { MonthSlotPicker } from './month-slot-picker'
import { pageBusiness } from './page-business'
import { newIdempotencyKey } from './public-client'
import { detectedTimeZone, formatDayAndTime } from './slot-days'
import { usePageBusiness } from './use-page-business'

/*
 * What takes the focus when the page opens or closes the reschedule or cancel part without a
 * navigation: its heading, and the appointment's again afterwards, so keyboard and screen-reader
 * users are never left on a button that is gone.
 */
const VIEW_FOCUS = 'data-view-focus'
const SECTION_FOCUS = { [VIEW_FOCUS]: 'section' }

type ManageActor = ReturnType<typeof useActorRef<ReturnType<typeof createManageLogic>>>

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

/**
 * What the last change came to ("moved to …", "no longer free", "too late"), in a live region
 * that is on the page before it is filled (so screen readers announce it) and that takes the
 * focus, which brings it into view, where the customer is looking.
 */
function Outcome({ actor }: { actor: ManageActor }) {
  const notice = useSelector(actor, (s) => s.context.notice)
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const { t, intl } = useTranslation()
  const business = usePageBusiness()
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (notice) region.current?.focus()
  }, [notice])
  const closed = notice === 'manage_reschedule_closed' || notice === 'manage_cancel_closed'
  return (
    <div
      role="status"
      ref={region}
      tabIndex={-1}
      className="p-booking-outcome"
      {...{ [VIEW_FOCUS]: 'outcome' }}
    >
      {notice ? (
        <p className="p-card p-booking-notice">
          {notice === 'manage_moved' && appointment
            ? t('manage_moved', { time: formatDayAndTime(appointment.starts_at, timeZone, intl) })
            : t(notice)}
          {closed && appointment ? (
            <>
              {' '}
              <CallTheBusiness name={appointment.business_name} business={business} />
            </>
          ) : null}
        </p>
      ) : null}
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

function Reschedule({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const month = useSelector(actor, (s) => s.children.monthOfSlots)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const chosen = useSelector(actor, (s) => s.context.chosen)
  const { t } = useTranslation()
  return (
    <section className="p-card p-stack" aria-labelledby="reschedule-title">
      <h2 id="reschedule-title" className="p-section-title" tabIndex={-1} {...SECTION_FOCUS}>
        {t('manage_choose_new_time')}
      </h2>
      {/* A time taken meanwhile, or a cut-off passed: said above the times to choose again from. */}
      <Outcome actor={actor} />
      {month ? (
        // The same month of free times as the booking's time step: the server refuses times
        // past the booking window, so months beyond it show none.
        <MonthSlotPicker
          month={month}
          businessTimeZone={appointment?.time_zone ?? timeZone}
          chosen={chosen?.starts_at ?? null}
        />
      ) : null}
      {chosen ? <ConfirmMove actor={actor} /> : null}
      <button
        type="button"
        className="p-button p-button--ghost"
        onClick={() => actor.send({ type: 'manage.back' })}
      >
        {t('manage_keep_time')}
      </button>
    </section>
  )
}

/**
 * The chosen time beside the current one, and the button that moves the appointment: a tap on
 * a time only proposes it. It takes the focus when it opens (so it is in view under the times
 * just tapped), and says there whether the move failed.
 */
function ConfirmMove({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const chosen = useSelector(actor, (s) => s.context.chosen)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const saveError = useSelector(actor, (s) =>
    s.matches({ rescheduling: 'saveFailed' }) ? s.context.error : null,
  )
  const { t, intl } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  const startsAt = chosen?.starts_at
  useEffect(() => {
    if (startsAt) heading.current?.focus()
  }, [startsAt])
  if (!appointment || !chosen) return null
  const newTime = formatDayAndTime(chosen.starts_at, timeZone, intl)
  return (
    <section className="p-booking-move p-stack" aria-labelledby="move-title">
      <h3 id="move-title" ref={heading} tabIndex={-1} className="p-section-title">
        {t('manage_confirm_title')}
      </h3>
      <dl className="p-facts">
        <div className="p-facts__item">
          <dt>{t('manage_confirm_from')}</dt>
          <dd>{formatDayAndTime(appointment.starts_at, timeZone, intl)}</dd>
        </div>
        <div className="p-facts__item">
          <dt>{t('manage_confirm_to')}</dt>
          <dd>
            <strong>{newTime}</strong>
          </dd>
        </div>
      </dl>
      <div role="status">{busy ? <p>{t('manage_moving', { time: newTime })}</p> : null}</div>
      {saveError ? (
        <div className="p-alert" role="alert">
          <span className="p-alert__title">{t('manage_not_moved_title')}</span>
          <p>{t(saveError)}</p>
        </div>
      ) : null}
      <div className="p-booking-actions">
        <button
          type="button"
          className="p-button p-button--primary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) actor.send({ type: saveError ? 'manage.retry' : 'manage.moveConfirmed' })
          }}
        >
          {saveError ? t('try_again') : t('manage_confirm_move')}
        </button>
        <button
          type="button"
          className="p-button"
          disabled={busy}
          onClick={() => actor.send({ type: 'manage.moveDeclined' })}
        >
          {t('manage_confirm_other')}
        </button>
      </div>
    </section>
  )
}

function Cancel({ actor }: { actor: ManageActor }) {
  const reason = useSelector(actor, (s) => s.context.reason)
  const reasonError = useSelector(actor, (s) => s.context.reasonError)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const saveError = useSelector(actor, (s) =>
    s.matches({ cancelling: 'saveFailed' }) ? s.context.error : null,
  )
  const { t } = useTranslation()
  return (
    <section className="p-card p-stack" aria-labelledby="cancel-title">
      <h2 id="cancel-title" className="p-section-title" tabIndex={-1} {...SECTION_FOCUS}>
        {t('manage_cancel_title')}
      </h2>
      {saveError ? (
        <div className="p-alert" role="alert">
          <span className="p-alert__title">{t('manage_not_cancelled_title')}</span>
          <p>{t(saveError)}</p>
        </div>
      ) : null}
      <form
        className="p-booking-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send(saveError ? { type: 'manage.retry' } : { type: 'manage.cancelConfirmed' })
        }}
      >
        <div className="p-field">
          <label className="p-field__label" htmlFor="cancel-reason">
            {t('manage_reason')}
          </label>
          <textarea
            id="cancel-reason"
            className="p-input"
            rows={3}
            maxLength={500}
            required
            value={reason}
            readOnly={busy}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'cancel-reason-error' : undefined}
            onChange={(event) =>
              actor.send({ type: 'manage.reasonChanged', reason: event.target.value })
            }
          />
          {reasonError ? (
            <p id="cancel-reason-error" className="p-field__error">
              {t(reasonError)}
            </p>
          ) : null}
        </div>
        <div className="p-booking-actions">
          <button
            type="submit"
            className="p-button p-button--danger"
            aria-disabled={busy || undefined}
          >
            {busy ? t('manage_cancelling') : saveError ? t('try_again') : t('manage_cancel')}
          </button>
          <button
            type="button"
            className="p-button p-button--ghost"
            onClick={() => actor.send({ type: 'manage.back' })}
          >
            {t('manage_keep_it')}
          </button>
        </div>
      </form>
    </section>
  )
}
