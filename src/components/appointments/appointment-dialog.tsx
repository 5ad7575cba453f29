import './appointments.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import type { Appointment } from '../../api/appointments'
import { useProfile } from '../../app/auth-context'
import { useLiveEvents } from '../../app/live-context'
import { useToast } from '../../app/toast-context'
import { accessFor, mayChangeAppointment } from '../../domain/appointment-access'
import type { AppointmentChange } from '../../machines/appointment-dialog-rules'
import type { Profile } from '../../machines/auth.machine'
import { ModalDialog } from '../modal-dialog'
import { StepError, ViewActions } from './appointment-actions'
import { AppointmentFacts } from './appointment-facts'
import { formatAppointmentTime } from './appointment-format'
import { AppointmentPaymentSection } from './appointment-payment-section'
import { NotesStep, RescheduleStep } from './appointment-steps'
import { BookingAnswersList } from './booking-answers-list'
import { CalendarChangePrompt } from './calendar-change-prompt'
import { CancelAppointmentDialog } from './cancel-appointment-dialog'
import { createAppointmentDialogLogic, type DialogActor } from './effects'
import { NoShowFeePanel } from './no-show-fee-panel'
import { SubmittedDetailsPanel } from './submitted-details-panel'
import { TillDialog } from './till-dialog'

function changeMessage(change: AppointmentChange, appointment: Appointment, timeZone: string) {
  const when = formatAppointmentTime(appointment.starts_at, appointment.ends_at, timeZone)
  switch (change) {
    case 'rescheduled':
      return `${appointment.customer_name}'s appointment moved to ${when} with ${appointment.team_member_name}.`
    case 'notesSaved':
      return 'The notes are saved.'
    case 'completed':
      return `${appointment.customer_name}'s appointment is marked completed.`
    case 'noShow':
      return `${appointment.customer_name}'s appointment is marked as a no-show.`
    case 'checkedIn':
      return `${appointment.customer_name} is checked in.`
    case 'checkInUndone':
      return `${appointment.customer_name}'s check-in is undone.`
    case 'cancelled':
    case 'checkedOut':
      // Their own dialogs say what they did.
      return null
  }
}

/**
 * One appointment: its details and the actions the user's role allows (reschedule, cancel,
 * mark completed or no-show, edit notes). A react-aria modal: focus is trapped inside and
 * returns to what opened it. `appointment`, when the caller has it, shows at once; it is
 * loaded by id otherwise. Live updates of the same appointment refresh what it shows.
 */
export function AppointmentDialog({
  appointmentId,
  appointment,
  isOpen,
  onClose,
  onChanged,
  onLoaded,
}: {
  appointmentId: string
  appointment?: Appointment | null
  isOpen: boolean
  onClose: () => void
  onChanged?: (appointment: Appointment) => void
  /** Called once the appointment is known (e.g. to show its day behind the dialog). */
  onLoaded?: (appointment: Appointment) => void
}) {
  const profile = useProfile()
  if (!isOpen || !profile) return null
  return (
    <AppointmentModal
      // Another appointment is another machine, never the previous one's state.
      key={appointmentId}
      appointmentId={appointmentId}
      known={appointment ?? null}
      profile={profile}
      onClose={onClose}
      onChanged={onChanged}
      onLoaded={onLoaded}
    />
  )
}

function AppointmentModal({
  appointmentId,
  known,
  profile,
  onClose,
  onChanged,
  onLoaded,
}: {
  appointmentId: string
  known: Appointment | null
  profile: Profile
  onClose: () => void
  onChanged?: (appointment: Appointment) => void
  onLoaded?: (appointment: Appointment) => void
}) {
  const toast = useToast()
  const timeZone = profile.tenant.time_zone
  const callbacks = useRef({ onChanged, onLoaded })
  callbacks.current = { onChanged, onLoaded }

  const [logic] = useState(() =>
    createAppointmentDialogLogic((change, changed) => {
      const message = changeMessage(change, changed, timeZone)
      if (message) toast.success(message)
      callbacks.current.onChanged?.(changed)
    }),
  )
  // Bumped when the cancel request has answered: its refund is made by then, while a live update
  // of the cancellation can arrive (and reload the money) before the refund was.
  const [cancelAnswers, setCancelAnswers] = useState(0)
  const actor = useActorRef(logic, {
    input: { appointmentId, appointment: known, timeZone, access: accessFor(profile) },
  })
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const step = useSelector(actor, (s) => {
    if (s.matches({ ready: 'rescheduling' })) return 'rescheduling'
    if (s.matches({ ready: 'editingNotes' })) return 'editingNotes'
    if (s.matches({ ready: 'cancelling' })) return 'cancelling'
    if (s.matches({ ready: 'checkingOut' })) return 'checkingOut'
    return 'viewing'
  })

  const loadedId = appointment?.id ?? null
  useEffect(() => {
    if (loadedId === null) return
    const current = actor.getSnapshot().context.appointment
    if (current) callbacks.current.onLoaded?.(current)
  }, [actor, loadedId])

  useLiveEvents((event) => {
    if (event.type === 'profile.updated') return
    actor.send({ type: 'appointment.received', appointment: event.appointment })
  })

  const title = appointment
    ? `${appointment.service_name} for ${appointment.customer_name}`
    : 'Appointment'

  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      busy={busy}
      // The cancel and till dialogs open on top: their Escape closes them, not this one.
      holdOpen={step === 'cancelling' || step === 'checkingOut'}
      modalClass="p-appointment-modal"
      closeButton
    >
      {appointment ? (
        <>
          <AppointmentFacts appointment={appointment} timeZone={timeZone} />
          <BookingAnswersList appointment={appointment} />
          <AppointmentPaymentSection
            appointment={appointment}
            profile={profile}
            canAct={step === 'viewing' && !busy}
            version={cancelAnswers}
          />
          {step === 'viewing' ? (
            <CalendarChangePrompt
              appointment={appointment}
              timeZone={timeZone}
              mayDecide={mayChangeAppointment(accessFor(profile), appointment)}
              onDecided={(updated) => {
                actor.send({ type: 'appointment.received', appointment: updated })
                callbacks.current.onChanged?.(updated)
              }}
            />
          ) : null}
          {step === 'viewing' ? (
            <SubmittedDetailsPanel
              appointment={appointment}
              profile={profile}
              onAccepted={(updated) => {
                actor.send({ type: 'appointment.received', appointment: updated })
                callbacks.current.onChanged?.(updated)
              }}
            />
          ) : null}
          {step === 'viewing' && appointment.status === 'no_show' ? (
            <NoShowFeePanel
              appointment={appointment}
              timeZone={timeZone}
              canCharge={mayChangeAppointment(accessFor(profile), appointment)}
            />
          ) : null}
          <StepError actor={actor} />
          {step === 'rescheduling' ? (
            <RescheduleStep actor={actor} appointment={appointment} profile={profile} />
          ) : step === 'editingNotes' ? (
            <NotesStep actor={actor} />
          ) : (
            <ViewActions
              actor={actor}
              appointment={appointment}
              timeZone={timeZone}
              onClose={onClose}
            />
          )}
          <CancelAppointmentDialog
            appointment={appointment}
            isOpen={step === 'cancelling'}
            onClose={() => actor.send({ type: 'cancel.dismiss' })}
            onCancelled={(updated) => {
              setCancelAnswers((count) => count + 1)
              actor.send({ type: 'cancel.done', appointment: updated })
            }}
          />
          {step === 'checkingOut' ? (
            <TillDialog
              appointment={appointment}
              onClose={() => actor.send({ type: 'checkout.dismiss' })}
              onCheckedOut={(result) =>
                actor.send({ type: 'checkout.done', appointment: result.appointment })
              }
            />
          ) : null}
        </>
      ) : loadFailed ? (
        <LoadFailure actor={actor} onClose={onClose} />
      ) : (
        <div className="p-stack-sm" role="status">
          <span className="p-visually-hidden">Loading the appointment…</span>
          <span className="p-skeleton" style={{ width: '60%' }} aria-hidden="true" />
          <span className="p-skeleton" style={{ width: '40%' }} aria-hidden="true" />
          <span className="p-skeleton" style={{ width: '80%' }} aria-hidden="true" />
        </div>
      )}
    </ModalDialog>
  )
}

function LoadFailure({ actor, onClose }: { actor: DialogActor; onClose: () => void }) {
  const error = useSelector(actor, (s) => s.context.error)
  const status = useSelector(actor, (s) => s.context.loadStatus)
  const missing = status === 404
  return (
    <div className="p-stack">
      <div className="p-alert" role="alert">
        <strong className="p-alert__title">
          {missing ? 'No such appointment' : "Couldn't load this appointment"}
        </strong>
        {missing ? 'This appointment does not exist in your business.' : error}
      </div>
      <div className="p-dialog__actions">
        <Button className="p-button" onPress={onClose}>
          Close
        </Button>
        {missing ? null : (
          <Button
            className="p-button p-button--primary"
            onPress={() => actor.send({ type: 'appointment.retry' })}
          >
            Try again
          </Button>
        )}
      </div>
    </div>
  )
}
