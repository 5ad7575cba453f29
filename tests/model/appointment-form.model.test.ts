/**
 * Model-based test of the staff booking form (see support/describe-model.ts): it loads what to
 * choose from, keeps the fields consistent (a member who does not perform the chosen service
 * goes back to "any available"; staff book only in their own column), checks before booking and
 * shows a refusal at its fields or with the appointment in the way. The app hears of a booking
 * exactly once, and the booking sent is the form's values at the business's clock.
 */
import { describe, expect } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import {
  type AppointmentFormEvent,
  type AppointmentFormInput,
  appointmentFormMachine,
  type BookingChoices,
  bookingInput,
} from '../../src/machines/appointment-form.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import {
  done,
  failed,
  loadAnswers,
  type ModelEvent,
  sampleErrors,
} from '../support/model/sample-events'
import {
  ALEX,
  ANA,
  BERLIN,
  BO,
  COLOUR,
  HAIRCUT,
  NOW,
  sampleAppointment,
  sampleMember,
  sampleService,
} from '../support/unit/appointment-samples'

type FormSnapshot = ReturnType<typeof appointmentFormMachine.getInitialSnapshot>

const choices: BookingChoices = {
  services: [
    sampleService({ team_member_ids: [ALEX, BO] }),
    sampleService({ id: COLOUR, name: 'Colour', team_member_ids: [BO] }),
  ],
  team: [sampleMember(), sampleMember({ id: BO, name: 'Bo Berg', slug: 'bo-berg' })],
  customer: { id: ANA, name: 'Ana Lopez' },
}

/** Where the owner clicked: Alex's column, tomorrow at 10:00, for Ana. */
const ownerInput: AppointmentFormInput = {
  initial: { date: '2026-11-27', time: '10:00', teamMemberId: ALEX, customerId: ANA },
  timeZone: BERLIN,
  access: { writeAny: true, ownTeamMemberId: null },
  now: () => NOW,
}
/** Bo, who may book only in their own column, from the dashboard (no prefill). */
const staffInput: AppointmentFormInput = {
  initial: {},
  timeZone: BERLIN,
  access: { writeAny: false, ownTeamMemberId: BO },
  now: () => NOW,
}

const startsAtRefused = new ApiError(400, {
  status: 400,
  detail: 'Please check the highlighted fields.',
  errors: [{ path: 'body.starts_at', message: 'is outside Bo’s working hours' }],
})

const sampleEvents: ModelEvent<AppointmentFormEvent>[] = [
  { type: 'form.change', values: { serviceId: HAIRCUT }, name: 'haircut' },
  { type: 'form.change', values: { serviceId: COLOUR }, name: 'colour (Bo only)' },
  { type: 'form.change', values: { date: '2026-11-26', time: '09:00' }, name: 'this morning' },
  { type: 'form.change', values: { date: '2026-11-27', time: '11:30' }, name: 'tomorrow 11:30' },
  { type: 'form.submit' },
  { type: 'form.retry' },
  ...loadAnswers('loadChoices', { choices }, ['offline']),
  done('book', sampleAppointment({ team_member_id: BO }), 'booked'),
  failed('book', sampleErrors.clash, 'clash'),
  failed('book', startsAtRefused, 'outside hours'),
  failed('book', sampleErrors.offline, 'offline'),
]

describe('appointment form machine paths from its graph', () => {
  describeModel({
    name: 'appointment-form',
    machine: appointmentFormMachine,
    starts: [
      { prefix: '[owner] ', input: ownerInput },
      { prefix: '[staff] ', input: staffInput },
    ],
    events: sampleEvents,
    observe: (snapshot: FormSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        status: snapshot.status,
        values: { ...context.values, customer: context.values.customer?.id ?? null },
        choices: context.choices.services.length,
        fieldErrors: context.fieldErrors,
        error: context.error,
        blocking: context.blocking,
        booked: context.booked?.id ?? null,
        loading: snapshot.hasTag('loading'),
        busy: snapshot.hasTag('busy'),
      }
    },
    harness: (input, inspect) => {
      const harness = parkedActor(appointmentFormMachine, {
        effects: ['loadChoices', 'book'],
        actions: ['notifyBooked'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, after, at }) => {
          const booked = event.type === 'xstate.done.actor.book'
          expect(harness.heard(), at).toEqual(booked ? ['notifyBooked'] : [])
          if (harness.asked('book').length > 0) {
            expect(harness.asked('book').at(-1), at).toEqual(
              bookingInput(after.context.values, BERLIN),
            )
          }
        },
      }
    },
  })
})
