import './appointments.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { Link } from 'wouter'
import { fromPromise } from 'xstate'
import { useProfile } from '../../app/auth-context'
import { useLiveEvents } from '../../app/live-context'
import { useToast } from '../../app/toast-context'
import { accessFor, mayChangeAppointment } from '../../domain/appointment-access'
import {
  type AppointmentChange,
  appointmentDialogMachine,
} from '../../machines/appointment-dialog.machine'
import type { Profile } from '../../machines/auth.machine'
import { FormSelectField } from '../form/select-field'
import { FormTextField } from '../form/text-field'
import {
  type Appointment,
  completeAppointment,
  loadAppointment,
  loadPerformers,
  markAppointmentNoShow,
  type TeamMember,
  updateAppointment,
} from './appointment-api'
import { AppointmentStatusBadge, OutsideHoursBadge } from './appointment-badges'
import { formatAppointmentTime, formatClockTime, formatPrice } from './appointment-format'
import { AppointmentPaymentSection } from './appointment-payment-section'
import { BookingAnswersList } from './booking-answers-list'
import { CancelAppointmentDialog } from './cancel-appointment-dialog'
import { ClockField, DayField } from './day-time-fields'
import { NoShowFeePanel } from './no-show-fee-panel'
import { OverrideCheckbox } from './override-checkbox'
import { SlotPicks } from './slot-picks'
import { SubmittedDetailsPanel } from './submitted-details-panel'

const dialogLogic = appointmentDialogMachine.provide({
  actors: {
    loadAppointment: fromPromise(({ input }) => loadAppointment(input.id)),
    updateAppointment: fromPromise(({ input }) => updateAppointment(input.id, input.patch)),
    completeAppointment: fromPromise(({ input }) => completeAppointment(input.id)),
    markNoShow: fromPromise(({ input }) => markAppointmentNoShow(input.id)),
  },
})

type DialogActor = ReturnType<typeof useActorRef<typeof dialogLogic>>

const NOTES_MAX_LENGTH = 2000

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
    case 'cancelled':
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
    dialogLogic.provide({
      actions: {
        notifyChanged: ({ context }, { change }) => {
          if (!context.appointment) return
          const message = changeMessage(change, context.appointment, timeZone)
          if (message) toast.success(message)
          callbacks.current.onChanged?.(context.appointment)
        },
      },
    }),
  )
  const actor = useActorRef(logic, {
    input: { appointmentId, appointment: known, timeZone, access: accessFor(profile) },
  })
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const step = useSelector(actor, (s) => {
    if (s.matches({ ready: 'rescheduling' })) return 'rescheduling'
    if (s.matches({ ready: 'editingNotes' })) return 'editingNotes'
    if (s.matches({ ready: 'cancelling' })) return 'cancelling'
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
    <ModalOverlay
      className="p-modal-overlay"
      isOpen
      onOpenChange={(open) => {
        if (!open && !busy) onClose()
      }}
      isDismissable={!busy && step !== 'cancelling'}
      isKeyboardDismissDisabled={busy || step === 'cancelling'}
    >
      <Modal className="p-modal p-appointment-modal">
        <Dialog className="p-dialog" aria-busy={loading}>
          <div className="p-appointment-modal__header">
            <Heading slot="title" className="p-dialog__title">
              {title}
            </Heading>
            <Button
              className="p-icon-button"
              aria-label="Close"
              onPress={onClose}
              isDisabled={busy}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </div>
          {appointment ? (
            <>
              <AppointmentFacts appointment={appointment} timeZone={timeZone} />
              <BookingAnswersList appointment={appointment} />
              <AppointmentPaymentSection
                appointment={appointment}
                profile={profile}
                canAct={step === 'viewing' && !busy}
              />
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
                <ViewActions actor={actor} onClose={onClose} />
              )}
              <CancelAppointmentDialog
                appointment={appointment}
                isOpen={step === 'cancelling'}
                onClose={() => actor.send({ type: 'cancel.dismiss' })}
                onCancelled={(updated) => actor.send({ type: 'cancel.done', appointment: updated })}
              />
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
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

function AppointmentFacts({
  appointment,
  timeZone,
}: {
  appointment: Appointment
  timeZone: string
}) {
  const groupSession = appointment.capacity > 1
  return (
    <dl className="p-appointment-facts">
      <div className="p-appointment-facts__item">
        <dt>When</dt>
        <dd>
          {formatAppointmentTime(appointment.starts_at, appointment.ends_at, timeZone)}
          <span className="p-muted p-appointment-facts__zone">{timeZone.replaceAll('_', ' ')}</span>
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Status</dt>
        <dd>
          <AppointmentStatusBadge status={appointment.status} />
          {appointment.outside_working_hours ? <OutsideHoursBadge /> : null}
          {appointment.status === 'pending_payment' && appointment.hold_expires_at ? (
            <span className="p-muted">
              The customer is paying; the time is held until{' '}
              {formatClockTime(appointment.hold_expires_at, timeZone)}, then freed unless paid.
            </span>
          ) : null}
          {appointment.status === 'payment_expired' ? (
            <span className="p-muted">
              The customer did not pay in time, so this was never booked and the time is free.
            </span>
          ) : null}
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Customer</dt>
        <dd>
          <Link href={`/customers/${appointment.customer_id}/edit`}>
            {appointment.customer_name}
          </Link>
          {appointment.customer_email ? (
            <span className="p-muted">{appointment.customer_email}</span>
          ) : null}
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Service</dt>
        <dd>
          <span
            className="p-color-dot"
            style={{ background: appointment.service_color }}
            aria-hidden="true"
          />
          {appointment.service_name}
        </dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Team member</dt>
        <dd>{appointment.team_member_name}</dd>
      </div>
      <div className="p-appointment-facts__item">
        <dt>Price</dt>
        <dd>{formatPrice(appointment.price)}</dd>
      </div>
      {groupSession ? (
        <div className="p-appointment-facts__item">
          <dt>Seats</dt>
          <dd>
            {appointment.seats_booked} of {appointment.capacity} booked
          </dd>
        </div>
      ) : null}
      <div className="p-appointment-facts__item">
        <dt>Booked</dt>
        <dd>{appointment.source === 'public' ? 'Online, by the customer' : 'By staff'}</dd>
      </div>
      {appointment.status === 'cancelled' && appointment.cancel_reason ? (
        <div className="p-appointment-facts__item p-appointment-facts__item--wide">
          <dt>Cancellation reason</dt>
          <dd className="p-appointment-facts__text">{appointment.cancel_reason}</dd>
        </div>
      ) : null}
      <div className="p-appointment-facts__item p-appointment-facts__item--wide">
        <dt>Notes</dt>
        <dd className="p-appointment-facts__text">
          {appointment.notes ? appointment.notes : <span className="p-muted">No notes</span>}
        </dd>
      </div>
    </dl>
  )
}

function StepError({ actor }: { actor: DialogActor }) {
  const error = useSelector(actor, (s) => s.context.error)
  const blocking = useSelector(actor, (s) => s.context.blocking)
  if (!error) return null
  return (
    <div className="p-alert" role="alert">
      {error}
      {blocking ? (
        <>
          {' '}
          <Link href={blocking.href}>Open the appointment in the way</Link>
        </>
      ) : null}
    </div>
  )
}

function ViewActions({ actor, onClose }: { actor: DialogActor; onClose: () => void }) {
  const allowed = useSelector(
    actor,
    (s) => ({
      reschedule: s.can({ type: 'appointment.reschedule' }),
      editNotes: s.can({ type: 'appointment.editNotes' }),
      complete: s.can({ type: 'appointment.complete' }),
      noShow: s.can({ type: 'appointment.noShow' }),
      cancel: s.can({ type: 'appointment.cancel' }),
    }),
    shallowEqual,
  )
  const completing = useSelector(actor, (s) => s.matches({ ready: 'completing' }))
  const markingNoShow = useSelector(actor, (s) => s.matches({ ready: 'markingNoShow' }))
  const busy = completing || markingNoShow

  return (
    <div className="p-dialog__actions p-appointment-modal__actions">
      {allowed.cancel ? (
        <Button
          className="p-button p-button--danger p-appointment-modal__start"
          onPress={() => actor.send({ type: 'appointment.cancel' })}
          isDisabled={busy}
        >
          Cancel appointment
        </Button>
      ) : null}
      {allowed.noShow || markingNoShow ? (
        <Button
          className="p-button"
          onPress={() => actor.send({ type: 'appointment.noShow' })}
          isPending={markingNoShow}
          isDisabled={busy && !markingNoShow}
        >
          {markingNoShow ? 'Marking…' : 'Mark no-show'}
        </Button>
      ) : null}
      {allowed.complete || completing ? (
        <Button
          className="p-button"
          onPress={() => actor.send({ type: 'appointment.complete' })}
          isPending={completing}
          isDisabled={busy && !completing}
        >
          {completing ? 'Marking…' : 'Mark completed'}
        </Button>
      ) : null}
      {allowed.editNotes ? (
        <Button
          className="p-button"
          onPress={() => actor.send({ type: 'appointment.editNotes' })}
          isDisabled={busy}
        >
          Edit notes
        </Button>
      ) : null}
      {allowed.reschedule ? (
        <Button
          className="p-button p-button--primary"
          onPress={() => actor.send({ type: 'appointment.reschedule' })}
          isDisabled={busy}
        >
          Reschedule
        </Button>
      ) : (
        <Button className="p-button" onPress={onClose} isDisabled={busy}>
          Close
        </Button>
      )}
    </div>
  )
}

function shallowEqual<T extends Record<string, unknown>>(a: T, b: T): boolean {
  return Object.keys(a).every((key) => Object.is(a[key], b[key]))
}

/** Whom the appointment can move to: the service's performers; staff stay in their column. */
function usePerformers(appointment: Appointment, profile: Profile): TeamMember[] | null {
  const access = accessFor(profile)
  const [members, setMembers] = useState<TeamMember[] | null>(null)
  useEffect(() => {
    if (!access.writeAny) return
    let active = true
    loadPerformers(appointment.service_id)
      .then((found) => {
        if (active) setMembers(found)
      })
      .catch(() => {
        if (active) setMembers([])
      })
    return () => {
      active = false
    }
  }, [access.writeAny, appointment.service_id])
  return access.writeAny ? members : []
}

function RescheduleStep({
  actor,
  appointment,
  profile,
}: {
  actor: DialogActor
  appointment: Appointment
  profile: Profile
}) {
  const values = useSelector(actor, (s) => s.context.reschedule)
  const errors = useSelector(actor, (s) => s.context.fieldErrors)
  const submitting = useSelector(actor, (s) => s.hasTag('busy'))
  const performers = usePerformers(appointment, profile)
  const timeZone = profile.tenant.time_zone
  const change = (next: Partial<typeof values>) =>
    actor.send({ type: 'reschedule.change', values: next })

  // The current member is always a choice, even if they stopped performing the service.
  const options = [
    { id: appointment.team_member_id, label: appointment.team_member_name },
    ...(performers ?? [])
      .filter((member) => member.id !== appointment.team_member_id)
      .map((member) => ({ id: member.id, label: member.name })),
  ]

  return (
    <Form
      className="p-stack p-appointment-step"
      aria-label="Reschedule"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'step.submit' })
      }}
    >
      <h3 className="p-appointment-step__title">Reschedule</h3>
      <div className="p-form-grid">
        <DayField
          label="Day"
          name="date"
          isRequired
          // The Reschedule button is gone once pressed; focus goes to the step's first field.
          autoFocus
          value={values.date}
          onChange={(date) => change({ date })}
          error={errors.date}
        />
        <FormSelectField
          label="Team member"
          name="team_member_id"
          value={values.teamMemberId}
          options={options}
          onChange={(teamMemberId) => change({ teamMemberId })}
          error={errors.team_member_id}
          isReadOnly={options.length < 2}
        />
      </div>
      <SlotPicks
        query={
          values.date
            ? {
                serviceId: appointment.service_id,
                teamMemberId: values.teamMemberId,
                date: values.date,
              }
            : null
        }
        timeZone={timeZone}
        selectedTime={values.time}
        onPick={(time) => change({ time })}
        missing="Choose a day to see the free times."
      />
      <div className="p-form-grid">
        <ClockField
          label={`Time (${timeZone.replaceAll('_', ' ')})`}
          name="starts_at"
          isRequired
          value={values.time}
          onChange={(time) => change({ time })}
          error={errors.starts_at}
        />
      </div>
      <OverrideCheckbox
        value={values.overrideWorkingHours}
        onChange={(overrideWorkingHours) => change({ overrideWorkingHours })}
        error={errors.override_working_hours}
      />
      <div className="p-dialog__actions">
        <Button
          className="p-button"
          onPress={() => actor.send({ type: 'step.back' })}
          isDisabled={submitting}
        >
          Back
        </Button>
        <Button type="submit" className="p-button p-button--primary" isPending={submitting}>
          {submitting ? <span className="p-spinner p-button__spinner" aria-hidden="true" /> : null}
          {submitting ? 'Moving…' : 'Move appointment'}
        </Button>
      </div>
    </Form>
  )
}

function NotesStep({ actor }: { actor: DialogActor }) {
  const notes = useSelector(actor, (s) => s.context.notes)
  const error = useSelector(actor, (s) => s.context.fieldErrors.notes)
  const saving = useSelector(actor, (s) => s.hasTag('busy'))
  return (
    <Form
      className="p-stack p-appointment-step"
      aria-label="Edit notes"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'step.submit' })
      }}
    >
      <FormTextField
        label="Notes"
        name="notes"
        multiline
        rows={4}
        maxLength={NOTES_MAX_LENGTH}
        autoFocus
        description="For the team only; customers do not see them."
        value={notes}
        onChange={(next) => actor.send({ type: 'notes.change', notes: next })}
        error={error}
        isReadOnly={saving}
      />
      <div className="p-dialog__actions">
        <Button
          className="p-button"
          onPress={() => actor.send({ type: 'step.back' })}
          isDisabled={saving}
        >
          Back
        </Button>
        <Button type="submit" className="p-button p-button--primary" isPending={saving}>
          {saving ? <span className="p-spinner p-button__spinner" aria-hidden="true" /> : null}
          {saving ? 'Saving…' : 'Save notes'}
        </Button>
      </div>
    </Form>
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
