/**
 * Model-based test of the Quick Appointment machine (see support/describe-model.ts): every
 * path of its graph replayed on a fresh actor whose effects are parked fakes, with full
 * coverage of states and transitions asserted on the live actors. At the end of a path a
 * booking has reached the app exactly when the path ends booked.
 */
import { describe, expect } from 'vitest'
import {
  type QuickAppointmentEvent,
  type QuickAppointmentInput,
  quickAppointmentMachine,
} from '../../src/machines/quick-appointment.machine'
import { describeModel } from '../support/model/describe-model'
import { done, failed, type ModelEvent, sampleErrors } from '../support/model/sample-events'
import {
  ann,
  bookedAppointment,
  cleo,
  createQuickHarness,
  firstSlot,
  haircut,
  problem,
  validateNewCustomer,
} from '../support/unit/quick-appointment-harness'

type QuickSnapshot = ReturnType<ReturnType<typeof createQuickHarness>['actor']['getSnapshot']>

const input: QuickAppointmentInput = { validateNewCustomer }

/** Sample payloads: every call can succeed or fail in each way the machine tells apart. */
const sampleEvents: ModelEvent<QuickAppointmentEvent>[] = [
  { type: 'quick.customerChosen', customer: ann },
  { type: 'quick.customerCleared' },
  { type: 'quick.newCustomerStarted' },
  { type: 'quick.newCustomerChanged', values: { name: 'Cleo Park', phone: '+49 30 1234567' } },
  { type: 'quick.newCustomerChanged', values: { name: '' } },
  { type: 'quick.newCustomerSubmitted' },
  { type: 'quick.newCustomerCancelled' },
  { type: 'quick.serviceChosen', service: haircut },
  { type: 'quick.book' },
  { type: 'quick.retry' },
  done('createCustomer', cleo, 'created'),
  failed(
    'createCustomer',
    problem(409, 'Please check the highlighted fields.', {
      phone: 'A customer with this phone already exists.',
    }),
    'duplicate',
  ),
  failed('createCustomer', sampleErrors.offline, 'offline'),
  done('findSlot', firstSlot, 'proposal'),
  failed('findSlot', problem(404, 'Nothing is free in the next 92 days.'), 'nothing free'),
  failed('findSlot', problem(500, 'The server could not complete this.'), 'server error'),
  done('book', bookedAppointment(firstSlot), 'booked'),
  failed('book', problem(409, 'Bob already has an appointment then.'), 'taken'),
  failed('book', sampleErrors.offline, 'offline'),
]

describe('quick appointment machine paths from its graph', () => {
  describeModel({
    name: 'quick-appointment',
    machine: quickAppointmentMachine,
    starts: [{ input }],
    events: sampleEvents,
    observe: (snapshot: QuickSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        status: snapshot.status,
        customer: context.customer?.id ?? null,
        // Whether the inline form would pass: its exact text adds states, not behaviour.
        newCustomerValid: Object.keys(validateNewCustomer(context.newCustomer)).length === 0,
        fieldErrors: Object.keys(context.fieldErrors).sort(),
        service: context.service?.id ?? null,
        proposal: context.proposal?.starts_at ?? null,
        booked: context.appointment?.id ?? null,
        error: context.error,
        notice: context.notice,
        busy: snapshot.hasTag('busy'),
      }
    },
    harness: (start, inspect) => {
      const harness = createQuickHarness({ input: start, inspect })
      return {
        actor: harness.actor,
        effects: harness.effects,
        afterPath: (snapshot) => {
          expect(harness.booked.length).toBe(snapshot.matches('booked') ? 1 : 0)
        },
      }
    },
  })
})
