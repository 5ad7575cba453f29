import { useSelector } from '@xstate/react'
import { Button } from 'react-aria-components'
import { Link } from 'wouter'
import type { Appointment } from '../../api/appointments'
import { bookAgainHref, nextWeekSameTime } from '../../domain/book-again'
import type { DialogActor } from './effects'

/** Why the last step failed, with a link to the appointment in the way of a move. */
export function StepError({ actor }: { actor: DialogActor }) {
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

/**
 * The dialog's buttons for what the user's role and the appointment allow (the machine's
 * guards decide): cancel, book again, check in or undo it, checkout at the till, no-show,
 * completed, notes, reschedule.
 */
export function ViewActions({
  actor,
  appointment,
  timeZone,
  onClose,
}: {
  actor: DialogActor
  appointment: Appointment
  timeZone: string
  onClose: () => void
}) {
  const allowed = useSelector(
    actor,
    (s) => ({
      reschedule: s.can({ type: 'appointment.reschedule' }),
      editNotes: s.can({ type: 'appointment.editNotes' }),
      complete: s.can({ type: 'appointment.complete' }),
      noShow: s.can({ type: 'appointment.noShow' }),
      cancel: s.can({ type: 'appointment.cancel' }),
      checkIn: s.can({ type: 'appointment.checkIn' }),
      undoCheckIn: s.can({ type: 'appointment.undoCheckIn' }),
      checkout: s.can({ type: 'appointment.checkout' }),
    }),
    shallowEqual,
  )
  const completing = useSelector(actor, (s) => s.matches({ ready: 'completing' }))
  const markingNoShow = useSelector(actor, (s) => s.matches({ ready: 'markingNoShow' }))
  const checkingIn = useSelector(actor, (s) => s.matches({ ready: 'checkingIn' }))
  const undoingCheckIn = useSelector(actor, (s) => s.matches({ ready: 'undoingCheckIn' }))
  const busy = completing || markingNoShow || checkingIn || undoingCheckIn
  const again = bookAgainHref({
    customerId: appointment.customer_id,
    serviceId: appointment.service_id,
    teamMemberId: appointment.team_member_id,
    startsAt: nextWeekSameTime(appointment.starts_at, timeZone),
  })

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
      {appointment.status !== 'pending_payment' && appointment.status !== 'payment_expired' ? (
        <Link href={again} className="p-button">
          Book again
        </Link>
      ) : null}
      {allowed.undoCheckIn || undoingCheckIn ? (
        <Button
          className="p-button"
          onPress={() => actor.send({ type: 'appointment.undoCheckIn' })}
          isPending={undoingCheckIn}
          isDisabled={busy && !undoingCheckIn}
        >
          {undoingCheckIn ? 'Undoing…' : 'Undo check-in'}
        </Button>
      ) : null}
      {allowed.checkIn || checkingIn ? (
        <Button
          className="p-button p-button--primary"
          onPress={() => actor.send({ type: 'appointment.checkIn' })}
          isPending={checkingIn}
          isDisabled={busy && !checkingIn}
        >
          {checkingIn ? 'Checking in…' : 'Check in'}
        </Button>
      ) : null}
      {allowed.checkout ? (
        <Button
          className="p-button p-button--primary"
          onPress={() => actor.send({ type: 'appointment.checkout' })}
          isDisabled={busy}
        >
          Checkout
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
