import './appointments.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { Link } from 'wouter'
import type { Appointment } from '../../api/appointments'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { accessFor, mayBook } from '../../domain/appointment-access'
import { toWallClock } from '../../domain/appointment-time'
import {
  type AppointmentFormInput,
  type BookingValues,
  performersOf,
} from '../../machines/appointment-form.machine'
import type { Profile } from '../../machines/auth.machine'
import { FieldErrorSummary } from '../form/field-error-summary'
import { RequiredNote } from '../form/field-parts'
import { PendingButton } from '../form/pending-button'
import { FormSelectField, type SelectOption } from '../form/select-field'
import { FormTextField } from '../form/text-field'
import { useFocusFirstInvalid } from '../form/use-focus-first-invalid'
import { FormError } from '../form-error'
import { ModalDialog } from '../modal-dialog'
import { formatAppointmentTime } from './appointment-format'
import { CustomerComboBox } from './customer-combo-box'
import { ClockField, DayField } from './day-time-fields'
import { createAppointmentFormLogic, type FormActor } from './effects'
import { SlotPicks } from './slot-picks'
import { WorkingHoursChoice } from './working-hours-choice'

const ANY_MEMBER = 'any'
/** The form's fields by API name, as the error summary names them. */
const FIELD_LABELS: Record<string, string> = {
  customer_id: 'Customer',
  service_id: 'Service',
  team_member_id: 'Team member',
  date: 'Day',
  starts_at: 'Time',
  notes: 'Notes',
  // Refused only for a chosen member's time, which the form has explained: "Book anyway".
  override_working_hours: 'Book anyway',
}
const NOTES_MAX_LENGTH = 2000

/** Where the booking dialog starts: an instant or a business-zone day, a column, a customer. */
export interface AppointmentFormInitial {
  /** An instant (where the user clicked in the time grid). */
  startsAt?: string | null
  /** A business-zone day without a time (a click in the month view). */
  date?: string | null
  teamMemberId?: string | null
  customerId?: string | null
  serviceId?: string | null
}

function formInput(initial: AppointmentFormInitial, profile: Profile): AppointmentFormInput {
  const timeZone = profile.tenant.time_zone
  const wallClock = initial.startsAt ? toWallClock(initial.startsAt, timeZone) : null
  return {
    initial: {
      date: wallClock ? wallClock.slice(0, 10) : (initial.date ?? null),
      time: wallClock ? wallClock.slice(11, 16) : null,
      teamMemberId: initial.teamMemberId ?? null,
      customerId: initial.customerId ?? null,
      serviceId: initial.serviceId ?? null,
    },
    timeZone,
    access: accessFor(profile),
  }
}

/**
 * Book an appointment: customer (searched on the server), service, team member (or any
 * available), day and time with the day's free times as quick picks, notes and the
 * working-hours override. Server problems land at their fields; a clash shows the server's
 * sentence and a link to the appointment in the way.
 */
export function AppointmentFormDialog({
  isOpen,
  initial = {},
  onClose,
  onBooked,
}: {
  isOpen: boolean
  initial?: AppointmentFormInitial
  onClose: () => void
  onBooked?: (appointment: Appointment) => void
}) {
  const profile = useProfile()
  if (!isOpen || !profile) return null
  return <BookingModal initial={initial} profile={profile} onClose={onClose} onBooked={onBooked} />
}

function BookingModal({
  initial,
  profile,
  onClose,
  onBooked,
}: {
  initial: AppointmentFormInitial
  profile: Profile
  onClose: () => void
  onBooked?: (appointment: Appointment) => void
}) {
  const toast = useToast()
  const timeZone = profile.tenant.time_zone
  const callbacks = useRef({ onClose, onBooked })
  callbacks.current = { onClose, onBooked }

  const [logic] = useState(() =>
    createAppointmentFormLogic((booked) => {
      const when = formatAppointmentTime(booked.starts_at, booked.ends_at, timeZone)
      toast.success(
        `${booked.service_name} for ${booked.customer_name} with ${booked.team_member_name}, ${when}.`,
        'Appointment booked',
      )
      callbacks.current.onBooked?.(booked)
      callbacks.current.onClose()
    }),
  )
  const [input] = useState(() => formInput(initial, profile))
  const actor = useActorRef(logic, { input })
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))

  return (
    <ModalDialog
      title="New appointment"
      onClose={onClose}
      busy={busy}
      modalClass="p-appointment-modal"
      closeButton
    >
      {loadFailed ? (
        <LoadFailed actor={actor} onClose={onClose} />
      ) : loading ? (
        <div className="p-form-skeleton" role="status">
          <span className="p-visually-hidden">Loading services and team…</span>
          {['a', 'b', 'c', 'd'].map((key) => (
            <div className="p-stack-sm" key={key} aria-hidden="true">
              <span className="p-skeleton p-form-skeleton__label" />
              <span className="p-skeleton p-form-skeleton__input" />
            </div>
          ))}
        </div>
      ) : (
        <BookingForm actor={actor} profile={profile} onClose={onClose} />
      )}
    </ModalDialog>
  )
}

function LoadFailed({ actor, onClose }: { actor: FormActor; onClose: () => void }) {
  const error = useSelector(actor, (s) => s.context.error)
  return (
    <div className="p-stack">
      <FormError title="The booking form could not be loaded" message={error ?? ''} />
      <div className="p-dialog__actions">
        <Button className="p-button" onPress={onClose}>
          Close
        </Button>
        <Button
          className="p-button p-button--primary"
          onPress={() => actor.send({ type: 'form.retry' })}
        >
          Try again
        </Button>
      </div>
    </div>
  )
}

function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

function BookingForm({
  actor,
  profile,
  onClose,
}: {
  actor: FormActor
  profile: Profile
  onClose: () => void
}) {
  const values = useSelector(actor, (s) => s.context.values)
  const choices = useSelector(actor, (s) => s.context.choices)
  const errors = useSelector(actor, (s) => s.context.fieldErrors)
  const error = useSelector(actor, (s) => s.context.error)
  const blocking = useSelector(actor, (s) => s.context.blocking)
  const access = useSelector(actor, (s) => s.context.access)
  const submitting = useSelector(actor, (s) => s.hasTag('busy'))
  const timeZone = profile.tenant.time_zone
  const change = (next: Partial<BookingValues>) => actor.send({ type: 'form.change', values: next })
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors)

  if (!mayBook(access)) {
    return (
      <div className="p-stack">
        <p>
          Your role books appointments in your own calendar column only, and your account has no
          team-member record in this business yet. Ask an owner or admin to add you to the team.
        </p>
        <div className="p-dialog__actions">
          <Button className="p-button" onPress={onClose}>
            Close
          </Button>
        </div>
      </div>
    )
  }

  if (choices.services.length === 0) {
    return (
      <div className="p-stack">
        <p>There is no active service to book yet.</p>
        <div className="p-dialog__actions">
          <Button className="p-button" onPress={onClose}>
            Close
          </Button>
          <Link href="/services/create" className="p-button p-button--primary">
            Add a service
          </Link>
        </div>
      </div>
    )
  }

  const serviceOptions: SelectOption[] = choices.services.map((service) => ({
    id: service.id,
    label: service.name,
    description:
      service.capacity > 1
        ? `${formatMinutes(service.duration_minutes)}, up to ${service.capacity} people`
        : formatMinutes(service.duration_minutes),
  }))
  const service = choices.services.find((candidate) => candidate.id === values.serviceId)
  const performers = performersOf(choices, values.serviceId)
  const ownName = choices.team.find((member) => member.id === access.ownTeamMemberId)?.name ?? 'You'
  const memberOptions: SelectOption[] = access.writeAny
    ? [
        { id: ANY_MEMBER, label: 'Any available', description: 'The fairest free team member' },
        ...performers.map((member) => ({ id: member.id, label: member.name })),
      ]
    : [{ id: access.ownTeamMemberId ?? '', label: ownName }]

  return (
    <Form
      ref={formRef}
      className="p-stack"
      aria-label="New appointment"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'form.submit' })
      }}
    >
      {error ? (
        <FieldErrorSummary message={error} fieldErrors={errors} labels={FIELD_LABELS}>
          {blocking ? (
            <>
              {' '}
              <Link href={blocking.href}>Open the appointment in the way</Link>
            </>
          ) : null}
        </FieldErrorSummary>
      ) : null}
      <RequiredNote />
      <CustomerComboBox
        value={values.customer}
        onChange={(customer) => change({ customer })}
        error={errors.customer_id}
        isDisabled={submitting}
        autoFocus={values.customer === null}
      />
      <div className="p-form-grid">
        <FormSelectField
          label="Service"
          name="service_id"
          isRequired
          value={values.serviceId}
          options={serviceOptions}
          onChange={(serviceId) => change({ serviceId })}
          error={errors.service_id}
          isDisabled={submitting}
        />
        <FormSelectField
          label="Team member"
          name="team_member_id"
          value={values.teamMemberId ?? (access.writeAny ? ANY_MEMBER : null)}
          options={memberOptions}
          onChange={(id) => change({ teamMemberId: id === ANY_MEMBER ? null : id })}
          error={errors.team_member_id}
          isDisabled={submitting}
          isReadOnly={!access.writeAny}
          description={access.writeAny ? undefined : 'You book in your own column.'}
        />
        <DayField
          label="Day"
          name="date"
          isRequired
          value={values.date}
          onChange={(date) => change({ date })}
          error={errors.date}
          isDisabled={submitting}
        />
        <ClockField
          label={`Time (${timeZone.replaceAll('_', ' ')})`}
          name="starts_at"
          isRequired
          value={values.time}
          onChange={(time) => change({ time })}
          error={errors.starts_at}
          isDisabled={submitting}
        />
      </div>
      <WorkingHoursChoice
        chosen={{
          teamMemberId: values.teamMemberId,
          memberName: choices.team.find((member) => member.id === values.teamMemberId)?.name ?? '',
          date: values.date,
          time: values.time,
          durationMinutes: service?.duration_minutes ?? 1,
          timeZone,
        }}
        value={values.overrideWorkingHours}
        onChange={(overrideWorkingHours) => change({ overrideWorkingHours })}
        error={errors.override_working_hours}
        isDisabled={submitting}
      />
      <SlotPicks
        query={
          values.serviceId && values.date
            ? { serviceId: values.serviceId, teamMemberId: values.teamMemberId, date: values.date }
            : null
        }
        timeZone={timeZone}
        selectedTime={values.time}
        onPick={(time) => change({ time })}
      />
      <FormTextField
        label="Notes"
        name="notes"
        multiline
        rows={3}
        maxLength={NOTES_MAX_LENGTH}
        description="For the team only."
        value={values.notes}
        onChange={(notes) => change({ notes })}
        error={errors.notes}
        isReadOnly={submitting}
      />
      <div className="p-dialog__actions">
        <Button className="p-button" onPress={onClose} isDisabled={submitting}>
          Cancel
        </Button>
        <PendingButton type="submit" className="p-button p-button--primary" isPending={submitting}>
          {submitting ? 'Booking…' : 'Book appointment'}
        </PendingButton>
      </div>
    </Form>
  )
}
