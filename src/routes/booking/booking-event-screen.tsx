import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useParams, useSearch } from 'wouter'
import { fromPromise } from 'xstate'
import { bookingHref } from '../../../shared/booking-links'
import { createPublicBookingApi, newIdempotencyKey } from '../../api/public-client'
import { appointmentStatusLabel } from '../../components/appointments/appointment-format'
import { todayIn } from '../../domain/appointment-time'
import {
  type CancelChange,
  manageAppointmentMachine,
  type RescheduleChange,
} from '../../machines/manage-appointment.machine'
import { hrefInThisArea } from '../booking-path'
import { AppointmentSummary } from './appointment-summary'
import { createWeekOfSlotsLogic } from './booking-effects'
import { BookingNotFound } from './booking-not-found'
import { LoadingCard, RetryAlert } from './booking-status'
import { invitationUrl } from './calendar-links'
import { pageBusiness, pagePublicClient } from './page-business'
import { detectedTimeZone, formatDayAndTime } from './slot-days'
import { SlotPicker } from './slot-picker'

function createManageLogic() {
  const api = createPublicBookingApi(pagePublicClient)
  return manageAppointmentMachine.provide({
    actors: {
      loadAppointment: fromPromise(
        ({ input }: { input: { appointmentId: string; token: string } }) =>
          api.appointment(input.appointmentId, input.token),
      ),
      weekOfSlots: createWeekOfSlotsLogic(api),
      reschedule: fromPromise(({ input }: { input: RescheduleChange }) =>
        api.reschedule(
          input.appointmentId,
          input.token,
          input.idempotencyKey,
          input.body.starts_at,
        ),
      ),
      cancel: fromPromise(({ input }: { input: CancelChange }) =>
        api.cancel(input.appointmentId, input.token, input.idempotencyKey, input.body.reason),
      ),
    },
  })
}

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

  if (loading) {
    return <LoadingCard label="Loading your appointment…" />
  }
  if (failed) return <LoadFailed actor={actor} />
  return (
    <div className="p-booking-wizard">
      {notice ? (
        <div className="p-card p-booking-notice" role="status">
          {notice}
        </div>
      ) : null}
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
  if (notFound) return <BookingNotFound what="appointment" detail={error ?? undefined} />
  return (
    <RetryAlert
      title="We could not show this appointment"
      message={error}
      onRetry={canRetry ? () => actor.send({ type: 'manage.retry' }) : undefined}
    />
  )
}

function Appointment({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const token = useSelector(actor, (s) => s.context.token)
  const viewing = useSelector(actor, (s) => s.matches('viewing'))
  if (!appointment) return null
  const cancelled = appointment.status === 'cancelled'
  return (
    <section className="p-card p-stack" aria-labelledby="appointment-status">
      <h2 id="appointment-status" className="p-section-title">
        {appointmentStatusLabel(appointment.status)}
      </h2>
      <AppointmentSummary appointment={appointment} timeZone={timeZone} />
      {cancelled && appointment.cancel_reason ? (
        <p className="p-muted">Reason given: {appointment.cancel_reason}</p>
      ) : null}
      {!cancelled ? (
        <>
          <ul className="p-muted p-booking-deadlines">
            <li id="reschedule-deadline">
              {appointment.can_reschedule
                ? `You can reschedule until ${formatDayAndTime(appointment.reschedule_deadline, timeZone)}.`
                : 'It is too late to reschedule online — please call the business.'}
            </li>
            <li id="cancel-deadline">
              {appointment.can_cancel
                ? `You can cancel until ${formatDayAndTime(appointment.cancel_deadline, timeZone)}.`
                : 'It is too late to cancel online — please call the business.'}
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
                Reschedule
              </button>
              <button
                type="button"
                className="p-button p-button--danger"
                disabled={!appointment.can_cancel}
                aria-describedby="cancel-deadline"
                onClick={() => actor.send({ type: 'manage.cancelStarted' })}
              >
                Cancel appointment
              </button>
              {token ? (
                <a
                  className="p-button"
                  href={invitationUrl(appointment.id, token, pageBusiness())}
                  download
                >
                  Calendar file (.ics)
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
          Book again
        </a>
      )}
    </section>
  )
}

function Reschedule({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const week = useSelector(actor, (s) => s.children.weekOfSlots)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const saveError = useSelector(actor, (s) =>
    s.matches({ rescheduling: 'saveFailed' }) ? s.context.error : null,
  )
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const chosen = useSelector(actor, (s) => s.context.chosen)
  return (
    <section className="p-card p-stack" aria-labelledby="reschedule-title">
      <h2 id="reschedule-title" className="p-section-title">
        Choose a new time
      </h2>
      {busy ? (
        <p role="status">
          Moving your appointment to {chosen ? formatDayAndTime(chosen.starts_at, timeZone) : ''}…
        </p>
      ) : null}
      {saveError ? (
        <div className="p-alert" role="alert">
          <span className="p-alert__title">Not moved yet</span>
          <p>{saveError}</p>
          <button
            type="button"
            className="p-button p-button--small"
            onClick={() => actor.send({ type: 'manage.retry' })}
          >
            Try again
          </button>
        </div>
      ) : null}
      {week ? (
        // The server refuses times past the booking window; its answer is then an empty week.
        <SlotPicker
          week={week}
          businessTimeZone={appointment?.time_zone ?? timeZone}
          chosen={chosen?.starts_at ?? null}
        />
      ) : null}
      <button
        type="button"
        className="p-button p-button--ghost"
        onClick={() => actor.send({ type: 'manage.back' })}
      >
        Keep the current time
      </button>
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
  return (
    <section className="p-card p-stack" aria-labelledby="cancel-title">
      <h2 id="cancel-title" className="p-section-title">
        Cancel this appointment
      </h2>
      {saveError ? (
        <div className="p-alert" role="alert">
          <span className="p-alert__title">Not cancelled</span>
          <p>{saveError}</p>
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
            Reason
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
              {reasonError}
            </p>
          ) : null}
        </div>
        <div className="p-booking-actions">
          <button
            type="submit"
            className="p-button p-button--danger"
            aria-disabled={busy || undefined}
          >
            {busy ? 'Cancelling…' : saveError ? 'Try again' : 'Cancel appointment'}
          </button>
          <button
            type="button"
            className="p-button p-button--ghost"
            onClick={() => actor.send({ type: 'manage.back' })}
          >
            Keep it
          </button>
        </div>
      </form>
    </section>
  )
}
