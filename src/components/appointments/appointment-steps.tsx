import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { type Appointment, loadPerformers, type TeamMember } from '../../api/appointments'
import { accessFor } from '../../domain/appointment-access'
import type { Profile } from '../../machines/auth.machine'
import { PendingButton } from '../form/pending-button'
import { FormSelectField } from '../form/select-field'
import { FormTextField } from '../form/text-field'
import { useFocusFirstInvalid } from '../form/use-focus-first-invalid'
import { ClockField, DayField } from './day-time-fields'
import type { DialogActor } from './effects'
import { SlotPicks } from './slot-picks'
import { WorkingHoursChoice } from './working-hours-choice'

const NOTES_MAX_LENGTH = 2000

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

export function RescheduleStep({
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
  const formRef = useFocusFirstInvalid<HTMLFormElement>(errors)

  // The current member is always a choice, even if they stopped performing the service.
  const options = [
    { id: appointment.team_member_id, label: appointment.team_member_name },
    ...(performers ?? [])
      .filter((member) => member.id !== appointment.team_member_id)
      .map((member) => ({ id: member.id, label: member.name })),
  ]

  return (
    <Form
      ref={formRef}
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
      <WorkingHoursChoice
        chosen={{
          teamMemberId: values.teamMemberId,
          memberName: options.find((option) => option.id === values.teamMemberId)?.label ?? '',
          date: values.date,
          time: values.time,
          durationMinutes: Math.round(
            (Date.parse(appointment.ends_at) - Date.parse(appointment.starts_at)) / 60_000,
          ),
          timeZone,
        }}
        value={values.overrideWorkingHours}
        onChange={(overrideWorkingHours) => change({ overrideWorkingHours })}
        error={errors.override_working_hours}
      />
      <StepActions actor={actor} busy={submitting} label="Move appointment" busyLabel="Moving…" />
    </Form>
  )
}

export function NotesStep({ actor }: { actor: DialogActor }) {
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
      <StepActions actor={actor} busy={saving} label="Save notes" busyLabel="Saving…" />
    </Form>
  )
}

/** A step's Back and its submit button, which spins and says what it is doing while busy. */
function StepActions({
  actor,
  busy,
  label,
  busyLabel,
}: {
  actor: DialogActor
  busy: boolean
  label: string
  busyLabel: string
}) {
  return (
    <div className="p-dialog__actions">
      <Button
        className="p-button"
        onPress={() => actor.send({ type: 'step.back' })}
        isDisabled={busy}
      >
        Back
      </Button>
      <PendingButton type="submit" className="p-button p-button--primary" isPending={busy}>
        {busy ? busyLabel : label}
      </PendingButton>
    </div>
  )
}
