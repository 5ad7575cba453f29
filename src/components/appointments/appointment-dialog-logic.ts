import type { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  checkInAppointment,
  completeAppointment,
  loadAppointment,
  markAppointmentNoShow,
  undoCheckIn,
  updateAppointment,
} from '../../api/appointments'
import { appointmentDialogMachine } from '../../machines/appointment-dialog.machine'

/** The appointment dialog's machine with the app's calls (the screen adds `notifyChanged`). */
export const dialogLogic = appointmentDialogMachine.provide({
  actors: {
    loadAppointment: fromPromise(({ input }) => loadAppointment(input.id)),
    updateAppointment: fromPromise(({ input }) => updateAppointment(input.id, input.patch)),
    completeAppointment: fromPromise(({ input }) => completeAppointment(input.id)),
    markNoShow: fromPromise(({ input }) => markAppointmentNoShow(input.id)),
    checkIn: fromPromise(({ input }) => checkInAppointment(input.id)),
    undoCheckIn: fromPromise(({ input }) => undoCheckIn(input.id)),
  },
})

export type DialogActor = ReturnType<typeof useActorRef<typeof dialogLogic>>
