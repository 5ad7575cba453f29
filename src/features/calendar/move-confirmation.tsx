import { useSelector } from '@xstate/react'
import { Button, Switch } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { PendingButton } from '../../components/form/pending-button'
import { ModalDialog } from '../../components/modal-dialog'
import type { appointmentMoveMachine } from '../../machines/appointment-move.machine'
import { movedSentence, moveQuestion } from './move-wording'

type MoveActor = ActorRefFrom<typeof appointmentMoveMachine>

/**
 * The move machine on screen: the small confirmation after a drop ("Move Alex Kim's Haircut to
 * Tue 14:00 with Priya?", "Notify the customer", Move / Cancel; Move first for the keyboard),
 * and the Undo offer after the save, a polite live region at the bottom of the screen whose
 * clock stops while it is pointed at or focused.
 */
export function MoveConfirmation({
  actor,
  timeZone,
  memberName,
}: {
  actor: MoveActor
  timeZone: string
  /** The name of a team member by id (the request names the new member by id). */
  memberName: (teamMemberId: string) => string
}) {
  const confirming = useSelector(actor, (s) => s.matches('confirming') || s.matches('saving'))
  const saving = useSelector(actor, (s) => s.matches('saving'))
  const request = useSelector(actor, (s) => s.context.request)
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const reason = useSelector(actor, (s) => s.context.reason)
  const notifyCustomer = useSelector(actor, (s) => s.context.notifyCustomer)
  const offered = useSelector(actor, (s) => s.matches('undoOffered') || s.matches('undoing'))
  const undoing = useSelector(actor, (s) => s.matches('undoing'))
  const moved = useSelector(actor, (s) => s.context.moved)

  const question =
    request && appointment
      ? moveQuestion(
          appointment,
          { ...request, memberName: memberName(request.teamMemberId) },
          timeZone,
        )
      : ''
  const hold = () => actor.send({ type: 'move.hold' })
  const release = () => actor.send({ type: 'move.release' })

  return (
    <>
      <ModalDialog
        isOpen={confirming && question !== ''}
        title={reason ? 'This move cannot be made' : 'Move the appointment?'}
        onClose={() => actor.send({ type: 'move.cancel' })}
        busy={saving}
        modalClass="p-move-modal"
      >
        <p>{question}</p>
        {reason ? (
          <p className="p-alert" role="alert">
            {reason}
          </p>
        ) : (
          <Switch
            className="p-switch"
            isSelected={notifyCustomer}
            isDisabled={saving}
            onChange={(selected) =>
              actor.send({ type: 'move.notifyChanged', notifyCustomer: selected })
            }
          >
            <span className="p-switch__track" aria-hidden="true">
              <span className="p-switch__thumb" />
            </span>
            Notify the customer
          </Switch>
        )}
        <div className="p-dialog__actions">
          <Button
            className="p-button"
            isDisabled={saving}
            onPress={() => actor.send({ type: 'move.cancel' })}
            autoFocus={reason !== null}
          >
            Cancel
          </Button>
          {reason ? null : (
            <PendingButton
              className="p-button p-button--primary"
              isPending={saving}
              onPress={() => actor.send({ type: 'move.confirm' })}
              autoFocus
            >
              Move
            </PendingButton>
          )}
        </div>
      </ModalDialog>
      <div
        className="p-move-undo"
        role="status"
        aria-live="polite"
        onMouseEnter={hold}
        onMouseLeave={release}
        onFocus={hold}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) release()
        }}
      >
        {offered && moved ? (
          <>
            <span className="p-move-undo__text">{movedSentence(moved, timeZone)}</span>
            <PendingButton
              className="p-button p-button--small"
              isPending={undoing}
              onPress={() => actor.send({ type: 'move.undo' })}
            >
              Undo
            </PendingButton>
            <Button
              className="p-icon-button"
              aria-label="Dismiss"
              isDisabled={undoing}
              onPress={() => actor.send({ type: 'move.dismiss' })}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </>
        ) : null}
      </div>
    </>
  )
}
