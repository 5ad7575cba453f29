import { createActor, fromPromise } from 'xstate'
import type { components } from '../../../shared/contract/schema'
import { appointmentDialogMachine } from '../../../src/machines/appointment-dialog.machine'
import type {
  AppointmentChange,
  AppointmentDialogInput,
} from '../../../src/machines/appointment-dialog-rules'
import { type Appointment, BERLIN, NOW } from './appointment-samples'

type AppointmentPatch = components['schemas']['AppointmentPatch']

export type DialogEffect =
  | 'loadAppointment'
  | 'updateAppointment'
  | 'completeAppointment'
  | 'markNoShow'
  | 'checkIn'
  | 'undoCheckIn'

interface Pending {
  effect: DialogEffect
  input: unknown
  resolve: (appointment: Appointment) => void
  reject: (error: unknown) => void
}

/**
 * The appointment dialog machine with hand-answered effects: every actor call is parked in
 * `pending` until the test resolves or rejects it; `changes` logs notifyChanged.
 */
export function createDialogHarness(input: Partial<AppointmentDialogInput> = {}) {
  const pending: Pending[] = []
  const changes: AppointmentChange[] = []
  const park = (effect: DialogEffect) =>
    fromPromise<Appointment, unknown>(
      ({ input: effectInput }) =>
        new Promise((resolve, reject) =>
          pending.push({ effect, input: effectInput, resolve, reject }),
        ),
    )
  const logic = appointmentDialogMachine.provide({
    actors: {
      loadAppointment: park('loadAppointment') as never,
      updateAppointment: park('updateAppointment') as never,
      completeAppointment: park('completeAppointment') as never,
      markNoShow: park('markNoShow') as never,
      checkIn: park('checkIn') as never,
      undoCheckIn: park('undoCheckIn') as never,
    },
    actions: {
      notifyChanged: (_, { change }) => changes.push(change),
    },
  })
  const actor = createActor(logic, {
    input: {
      appointmentId: input.appointmentId ?? 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      appointment: input.appointment,
      timeZone: input.timeZone ?? BERLIN,
      access: input.access ?? { writeAny: true, ownTeamMemberId: null },
      now: input.now ?? (() => NOW),
    },
  })
  const take = (effect: DialogEffect): Pending => {
    const index = pending.findIndex((call) => call.effect === effect)
    if (index < 0) throw new Error(`no pending ${effect}`)
    const [call] = pending.splice(index, 1)
    return call as Pending
  }
  return { actor, pending, changes, take, logic }
}

export type { AppointmentPatch }

export async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}
