/**
 * Model-based test of the calendar's move machine (see support/describe-model.ts): every path
 * of its graph replayed on a fresh actor whose effects are parked fakes, with a simulated clock
 * for the Undo offer. After every step the app's actions agree with the step: the dragged block
 * goes back exactly when a move is cancelled, fails, or is dropped while another is busy; the
 * calendar takes exactly the answers of the server; failures and undos are announced once.
 */
import { describe, expect } from 'vitest'
import { SimulatedClock } from 'xstate'
import type { Appointment } from '../../src/api/appointments'
import type { MoveRequest } from '../../src/domain/appointment-move'
import {
  type AppointmentMoveEvent,
  type AppointmentMoveSnapshot,
  appointmentMoveMachine,
  UNDO_OFFER_MS,
} from '../../src/machines/appointment-move.machine'
import { describeModel, parkedActor, type StepEvent } from '../support/model/describe-model'
import { done, failed, type ModelEvent, sampleErrors } from '../support/model/sample-events'

const AFTER_OFFER = `xstate.after.${UNDO_OFFER_MS}.appointmentMove.undoOffered.counting`
const ACTIONS = ['revertDrop', 'applyAppointment', 'announceUndone', 'announceFailure'] as const

const appointment = {
  id: 'a1',
  customer_name: 'Alex Kim',
  service_name: 'Haircut',
  team_member_id: 'sam',
  team_member_name: 'Sam',
  starts_at: '2026-12-01T09:00:00Z',
  ends_at: '2026-12-01T09:45:00Z',
} as Appointment
const request: MoveRequest = {
  appointmentId: 'a1',
  startsAt: '2026-12-01T13:00:00Z',
  endsAt: '2026-12-01T13:45:00Z',
  teamMemberId: 'priya',
}
const moved = { ...appointment, ...request, team_member_id: 'priya', change_id: 'c1' }
const changedAgain = new Error('The appointment was changed again since.')

const sampleEvents: ModelEvent<AppointmentMoveEvent>[] = [
  {
    type: 'move.requested',
    request,
    appointment,
    reason: null,
    notifyCustomer: true,
    name: 'clear',
  },
  {
    type: 'move.requested',
    request,
    appointment,
    reason: 'Priya is on a break 12:00–13:00.',
    notifyCustomer: true,
    name: 'refused',
  },
  { type: 'move.notifyChanged', notifyCustomer: false },
  { type: 'move.confirm' },
  { type: 'move.cancel' },
  { type: 'move.undo' },
  { type: 'move.dismiss' },
  { type: 'move.hold' },
  { type: 'move.release' },
  { type: AFTER_OFFER },
  done('saveMove', moved, 'moved'),
  done('saveMove', { ...moved, change_id: null }, 'nothing to undo'),
  failed('saveMove', sampleErrors.clash, 'clash'),
  done('undoMove', appointment, 'back'),
  failed('undoMove', changedAgain, 'changed again'),
]

/** The actions a step must make the app hear, in the order the machine runs them. */
function expectedActions(event: StepEvent, before: AppointmentMoveSnapshot): string[] {
  const busy = before.hasTag('busy')
  switch (event.type) {
    case 'move.cancel':
      return ['revertDrop']
    case 'move.requested':
      return busy ? ['revertDrop'] : []
    case 'xstate.done.actor.saveMove':
      return ['applyAppointment']
    case 'xstate.error.actor.saveMove':
      return ['revertDrop', 'announceFailure']
    case 'xstate.done.actor.undoMove':
      return ['applyAppointment', 'announceUndone']
    case 'xstate.error.actor.undoMove':
      return ['announceFailure']
    default:
      return []
  }
}

describe('appointment move machine paths from its graph', () => {
  describeModel({
    name: 'appointment-move',
    machine: appointmentMoveMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    observe: (snapshot: AppointmentMoveSnapshot) => ({
      value: snapshot.value,
      request: snapshot.context.request?.appointmentId ?? null,
      reason: snapshot.context.reason,
      notifyCustomer: snapshot.context.notifyCustomer,
      changeId: snapshot.context.changeId,
      failure: snapshot.context.failure,
      busy: snapshot.hasTag('busy'),
    }),
    harness: (input, inspect) => {
      const clock = new SimulatedClock()
      const harness = parkedActor(appointmentMoveMachine, {
        effects: ['saveMove', 'undoMove'],
        actions: ACTIONS,
        input,
        inspect,
        clock,
      })
      return {
        actor: harness.actor,
        effects: harness.effects,
        beforeStep: harness.beforeStep,
        deliver(event, at) {
          if (event.type !== AFTER_OFFER) return false
          clock.increment(UNDO_OFFER_MS - 1)
          expect(harness.actor.getSnapshot().matches('undoOffered'), `${at}: 1 ms before`).toBe(
            true,
          )
          clock.increment(1)
          return true
        },
        afterStep: ({ event, before, after, at }) => {
          expect(harness.heard(), at).toEqual(expectedActions(event, before))
          if (before.matches('confirming') && after.matches('saving')) {
            const { notifyCustomer } = before.context
            expect(harness.asked('saveMove'), at).toEqual([{ request, notifyCustomer }])
          }
        },
      }
    },
  })
})
