import { useId, useState } from 'react'
import {
  type Appointment,
  type CalendarChangeDecision,
  decideCalendarChange,
} from '../../api/appointments'
import { useToast } from '../../app/toast-context'
import { ConfirmDialog } from '../form/confirm-dialog'
import { PendingButton } from '../form/pending-button'
import { formatAppointmentTime } from './appointment-format'

type CalendarChange = NonNullable<Appointment['calendar_change']>

/** "Moved in iCloud to Fri, 5 Dec, 15:00 – 16:00." / "Deleted in Google Calendar." */
export function calendarChangeSentence(change: CalendarChange, timeZone: string): string {
  if (change.kind === 'deleted' || !change.starts_at || !change.ends_at) {
    return `Deleted in ${change.calendar_name}.`
  }
  return `Moved in ${change.calendar_name} to ${formatAppointmentTime(change.starts_at, change.ends_at, timeZone)}.`
}

/**
 * A change made to the appointment's event in its team member's own calendar (moved there, or
 * deleted), which Slotwise did not copy: staff accept it (the appointment moves, or is
 * cancelled, and the customer is told) or keep the appointment as it is (the event is written
 * back). Accepting a deletion cancels, so it asks first. Nothing shows when there is no change.
 */
export function CalendarChangePrompt({
  appointment,
  timeZone,
  mayDecide,
  onDecided,
}: {
  appointment: Appointment
  timeZone: string
  mayDecide: boolean
  onDecided: (updated: Appointment) => void
}) {
  const headingId = useId()
  const toast = useToast()
  const [pending, setPending] = useState<CalendarChangeDecision | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const change = appointment.calendar_change
  if (!change) return null
  const moved = change.kind === 'moved'
  const where = change.calendar_name

  const decide = async (decision: CalendarChangeDecision) => {
    setPending(decision)
    setError(null)
    try {
      const updated = await decideCalendarChange(appointment.id, decision)
      setConfirming(false)
      toast.success(doneMessage(decision, moved, where))
      onDecided(updated)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The decision could not be saved.')
    } finally {
      setPending(null)
    }
  }

  return (
    <section
      className="p-calendar-change p-stack-sm"
      aria-labelledby={headingId}
      data-testid="calendar-change"
    >
      <h3 id={headingId} className="p-calendar-change__title">
        Changed in {appointment.team_member_name}'s calendar
      </h3>
      <p>{calendarChangeSentence(change, timeZone)}</p>
      {mayDecide ? (
        <>
          <p className="p-muted">
            {moved
              ? `Accept to move the appointment to that time (the customer is told), or keep its time here and put it back in ${where}.`
              : `Accept to cancel the appointment (the customer is told), or keep it and put it back in ${where}.`}
          </p>
          {error && !confirming ? (
            <div className="p-alert" role="alert">
              {error}
            </div>
          ) : null}
          <div className="p-calendar-change__actions">
            <PendingButton
              className="p-button p-button--primary"
              isPending={pending === 'accept' && !confirming}
              isDisabled={pending !== null}
              onPress={() => (moved ? void decide('accept') : setConfirming(true))}
            >
              {moved ? 'Accept the new time' : 'Cancel the appointment'}
            </PendingButton>
            <PendingButton
              className="p-button"
              isPending={pending === 'keep'}
              isDisabled={pending !== null}
              onPress={() => void decide('keep')}
            >
              {moved ? 'Keep our time' : 'Keep the appointment'}
            </PendingButton>
          </div>
          <ConfirmDialog
            isOpen={confirming}
            onOpenChange={(open) => {
              if (pending === null) setConfirming(open)
            }}
            title="Cancel this appointment?"
            confirmLabel="Cancel the appointment"
            cancelLabel="Go back"
            onConfirm={() => void decide('accept')}
            busy={pending !== null}
            error={error}
          >
            <p>
              Its event was deleted in {where}. {appointment.customer_name} is told of the
              cancellation, and what they paid is refunded.
            </p>
          </ConfirmDialog>
        </>
      ) : (
        <p className="p-muted">Someone who may change this appointment decides what happens.</p>
      )}
    </section>
  )
}

function doneMessage(decision: CalendarChangeDecision, moved: boolean, where: string): string {
  if (decision === 'keep') return `The appointment stays as it is; ${where} gets it back.`
  return moved ? 'The appointment is moved to the new time.' : 'The appointment is cancelled.'
}
