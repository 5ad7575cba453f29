/**
 * Model-based test of the appointment dialog machine (see support/describe-model.ts): every
 * path of its graph replayed on a fresh actor whose effects are parked fakes, with full
 * coverage of states and transitions asserted on the live actors — for a dialog opened by id
 * (it loads) and one opened with the appointment at hand.
 */
import { describe } from 'vitest'
import { createActor } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { ApiError } from '../../src/api/api-error'
import { appointmentDialogMachine } from '../../src/machines/appointment-dialog.machine'
import type {
  AppointmentDialogEvent,
  AppointmentDialogInput,
} from '../../src/machines/appointment-dialog-rules'
import { describeModel } from '../support/model/describe-model'
import { done, failed, type ModelEvent, sampleErrors } from '../support/model/sample-events'
import {
  type Appointment,
  BERLIN,
  NOW,
  sampleAppointment,
} from '../support/unit/appointment-samples'
import { createParkedEffects } from '../support/unit/parked-effects'

type DialogSnapshot = ReturnType<
  ReturnType<typeof createActor<typeof appointmentDialogMachine>>['getSnapshot']
>

type AppointmentPatch = components['schemas']['AppointmentPatch']

const DIALOG_EFFECTS = [
  'loadAppointment',
  'updateAppointment',
  'completeAppointment',
  'markNoShow',
  'checkIn',
  'undoCheckIn',
] as const

/** Started an hour and a half before "now": every action is possible on it. */
const started = sampleAppointment({
  starts_at: '2026-11-26T10:30:00.000Z',
  ends_at: '2026-11-26T11:15:00.000Z',
})
const saved = {
  ...started,
  starts_at: '2026-11-26T13:30:00.000Z',
  ends_at: '2026-11-26T14:15:00.000Z',
  notes: 'Saved',
}
const live = { ...started, notes: 'Live' }
const arrived = { ...started, checked_in_at: '2026-11-26T10:25:00.000Z' }
const tooEarly = new ApiError(409, { status: 409, detail: 'It has not started yet.' })

const sampleEvents: ModelEvent<AppointmentDialogEvent>[] = [
  { type: 'appointment.retry' },
  { type: 'appointment.reschedule' },
  { type: 'appointment.editNotes' },
  { type: 'appointment.complete' },
  { type: 'appointment.noShow' },
  { type: 'appointment.cancel' },
  { type: 'appointment.received', appointment: live, name: 'live' },
  { type: 'reschedule.change', values: { time: '14:30' } },
  { type: 'notes.change', notes: 'Note' },
  { type: 'step.submit' },
  { type: 'step.back' },
  {
    type: 'cancel.done',
    appointment: { ...started, status: 'cancelled', cancel_reason: 'Ill' },
    name: 'cancelled',
  },
  { type: 'cancel.dismiss' },
  { type: 'appointment.checkIn' },
  { type: 'appointment.undoCheckIn' },
  { type: 'appointment.checkout' },
  {
    type: 'checkout.done',
    appointment: {
      ...arrived,
      status: 'completed',
      checked_out_at: '2026-11-26T11:20:00.000Z',
    },
    name: 'checked out',
  },
  { type: 'checkout.dismiss' },
  done('checkIn', arrived, 'arrived'),
  failed('checkIn', tooEarly, '409'),
  done('undoCheckIn', started, 'undone'),
  failed('undoCheckIn', tooEarly, '409'),
  done('loadAppointment', started, 'confirmed'),
  failed('loadAppointment', sampleErrors.notFound, '404'),
  done('updateAppointment', saved, 'saved'),
  failed('updateAppointment', sampleErrors.clash, '409'),
  done('completeAppointment', { ...started, status: 'completed' }, 'completed'),
  failed('completeAppointment', tooEarly, '409'),
  done('markNoShow', { ...started, status: 'no_show' }, 'no_show'),
  failed('markNoShow', tooEarly, '409'),
]

function inputFor(known: boolean): AppointmentDialogInput {
  return {
    appointmentId: started.id,
    appointment: known ? started : null,
    timeZone: BERLIN,
    access: { writeAny: true, ownTeamMemberId: null },
    now: () => NOW,
  }
}

describe('appointment dialog machine paths from its graph', () => {
  describeModel({
    name: 'appointment-dialog',
    machine: appointmentDialogMachine,
    starts: [
      { prefix: '[by id] ', input: inputFor(false) },
      { prefix: '[known] ', input: inputFor(true) },
    ],
    events: sampleEvents,
    limit: 50_000,
    observe: (snapshot: DialogSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        appointment: context.appointment
          ? `${context.appointment.status} ${context.appointment.starts_at} ${context.appointment.notes} ${context.appointment.checked_in_at} ${context.appointment.checked_out_at}`
          : null,
        reschedule: context.reschedule,
        notes: context.notes,
        fieldErrors: context.fieldErrors,
        error: context.error,
        blocking: context.blocking,
        loadStatus: context.loadStatus,
        busy: snapshot.hasTag('busy'),
        loading: snapshot.hasTag('loading'),
      }
    },
    harness: (input, inspect) => {
      const effects = createParkedEffects(DIALOG_EFFECTS)
      const logic = appointmentDialogMachine.provide({
        actors: {
          loadAppointment: effects.effect<Appointment, { id: string }>('loadAppointment'),
          updateAppointment: effects.effect<Appointment, { id: string; patch: AppointmentPatch }>(
            'updateAppointment',
          ),
          completeAppointment: effects.effect<Appointment, { id: string }>('completeAppointment'),
          markNoShow: effects.effect<Appointment, { id: string }>('markNoShow'),
          checkIn: effects.effect<Appointment, { id: string }>('checkIn'),
          undoCheckIn: effects.effect<Appointment, { id: string }>('undoCheckIn'),
        },
      })
      return { actor: createActor(logic, { input, inspect }), effects }
    },
  })
})
