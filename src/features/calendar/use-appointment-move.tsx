import { useActorRef } from '@xstate/react'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import type { Appointment, Schedule } from '../../api/appointments'
import { useToast } from '../../app/toast-context'
import { type MoveRequest, moveProblem } from '../../domain/appointment-move'
import { loadMoveNotifyDefault } from './api'
import { createAppointmentMoveLogic } from './effects'
import { MoveConfirmation } from './move-confirmation'
import { undoneSentence } from './move-wording'

export interface AppointmentMoves {
  /** Why the move would be refused, or null: asked while dragging, so a bad drop is refused. */
  checkMove: (request: MoveRequest) => string | null
  /**
   * A move or resize was dropped: confirm, save, offer Undo. `revert` puts the dragged block
   * back (when the calendar moved it already); it is called when the move does not happen.
   */
  requestMove: (request: MoveRequest, revert?: () => void) => void
  /** A drop the calendar refused itself: the reason, said in a toast. */
  refuseMove: (reason: string) => void
  /** The confirmation and the Undo offer: render once. */
  element: ReactNode
}

/**
 * Safe moves for a calendar view: the move machine with the screen's appointments, schedule
 * and toasts. The views report drops as `MoveRequest`s; what happens next lives here.
 */
export function useAppointmentMove({
  appointments,
  schedule,
  timeZone,
  onChanged,
}: {
  appointments: readonly Appointment[]
  schedule: Schedule | null
  timeZone: string
  /** The saved (or restored) appointment, for the calendar's data. */
  onChanged: (appointment: Appointment) => void
}): AppointmentMoves {
  const toast = useToast()
  const latest = useRef({ appointments, schedule, onChanged, toast })
  latest.current = { appointments, schedule, onChanged, toast }
  const revertDrop = useRef<(() => void) | null>(null)
  const notifyByDefault = useRef(true)

  const [logic] = useState(() =>
    createAppointmentMoveLogic({
      revertDrop: () => {
        revertDrop.current?.()
        revertDrop.current = null
      },
      applyAppointment: (appointment) => latest.current.onChanged(appointment),
      announceUndone: (appointment) =>
        latest.current.toast.success(undoneSentence(appointment, timeZone), 'Move undone'),
      announceFailure: (message) => latest.current.toast.error(message, 'Not moved'),
    }),
  )
  const actor = useActorRef(logic)

  useEffect(() => {
    loadMoveNotifyDefault()
      .then((notify) => {
        notifyByDefault.current = notify
      })
      .catch(() => {})
  }, [])

  const checkMove = useCallback(
    (request: MoveRequest) =>
      moveProblem(request, {
        schedule: latest.current.schedule,
        appointments: latest.current.appointments,
        timeZone,
        now: Date.now(),
      }),
    [timeZone],
  )

  const requestMove = useCallback(
    (request: MoveRequest, revert?: () => void) => {
      const appointment = latest.current.appointments.find(
        (item) => item.id === request.appointmentId,
      )
      if (!appointment) {
        revert?.()
        return
      }
      // The previous drop is settled by now (saved, or put back): only this one can revert.
      revertDrop.current = revert ?? null
      actor.send({
        type: 'move.requested',
        request,
        appointment,
        reason: checkMove(request),
        notifyCustomer: notifyByDefault.current,
      })
    },
    [actor, checkMove],
  )

  const refuseMove = useCallback(
    (reason: string) => latest.current.toast.warn(reason, 'Not moved'),
    [],
  )

  const memberName = (teamMemberId: string) =>
    schedule?.members.find((member) => member.team_member_id === teamMemberId)?.name ??
    appointments.find((item) => item.team_member_id === teamMemberId)?.team_member_name ??
    'another team member'

  return {
    checkMove,
    requestMove,
    refuseMove,
    element: <MoveConfirmation actor={actor} timeZone={timeZone} memberName={memberName} />,
  }
}
