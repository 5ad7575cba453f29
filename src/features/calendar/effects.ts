import { fromPromise } from 'xstate'
import { type Appointment, loadTeam, type TeamMember } from '../../api/appointments'
import { appointmentMoveMachine } from '../../machines/appointment-move.machine'
import { calendarMachine } from '../../machines/calendar.machine'
import { createLoadMachine } from '../../machines/page-load.machine'
import { loadCalendarView, saveAppointmentMove, undoAppointmentMove } from './api'

/** The calendar's machine with the visible range's appointments loaded from the API. */
export const calendarLogic = calendarMachine.provide({
  actors: { loadView: fromPromise(({ input }) => loadCalendarView(input)) },
})

/** The calendar's columns: the bookable team members. */
export const teamLogic = createLoadMachine<TeamMember[]>().provide({
  actors: {
    load: fromPromise(async () => (await loadTeam()).filter((member) => member.bookable)),
  },
})

/** What the screen does for the move machine: the calendar's block, its data and its toasts. */
export interface MoveScreenEffects {
  /** Puts the block of the last drop back where the appointment is. */
  revertDrop: () => void
  applyAppointment: (appointment: Appointment) => void
  announceUndone: (appointment: Appointment) => void
  announceFailure: (message: string) => void
}

/** The move machine saving and undoing through the API, with the screen's effects. */
export function createAppointmentMoveLogic(screen: MoveScreenEffects) {
  return appointmentMoveMachine.provide({
    actors: {
      saveMove: fromPromise(({ input }) => saveAppointmentMove(input)),
      undoMove: fromPromise(({ input }) => undoAppointmentMove(input)),
    },
    actions: {
      revertDrop: () => screen.revertDrop(),
      applyAppointment: (_, { appointment }) => screen.applyAppointment(appointment),
      announceUndone: (_, { appointment }) => screen.announceUndone(appointment),
      announceFailure: (_, { message }) => screen.announceFailure(message),
    },
  })
}
