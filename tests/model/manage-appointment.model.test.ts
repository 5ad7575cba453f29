/**
 * Model-based test of the customer's own appointment page (see support/describe-model.ts):
 * see it, move it to a free time (once the customer confirms the time they tapped) or cancel it
 * with a reason, each only while the business's cut-off allows. Every change is sent with the link's token and an idempotency key that a
 * retry of the same change reuses and any other change replaces. Which key and which time zone
 * are checked on the calls the fakes receive; the graph leaves them out of its states, where
 * they would only multiply the paths.
 */
import { describe, expect } from 'vitest'
import {
  type CancelChange,
  type ManageEvent,
  type ManageInput,
  manageAppointmentMachine,
  type RescheduleChange,
} from '../../src/machines/manage-appointment.machine'
import {
  monthOfSlotsMachine,
  monthReportingToParent,
} from '../../src/machines/month-of-slots.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import {
  done,
  failed,
  loadAnswers,
  type ModelEvent,
  publicProblem,
  sampleErrors,
} from '../support/model/sample-events'
import {
  appointment,
  appointmentId,
  manageToken,
  secondSlot,
} from '../support/unit/booking-harness'
import { createParkedEffects } from '../support/unit/parked-effects'

type ManageSnapshot = ReturnType<typeof manageAppointmentMachine.getInitialSnapshot>

const today = '2026-12-01'
const inputWith = (token: string | null): ManageInput => ({
  appointmentId,
  token,
  timeZone: 'Europe/Berlin',
  today,
  // The graph only needs to know a key exists; the harness makes its own.
  newIdempotencyKey: () => 'graph-key',
})

const sampleEvents: ModelEvent<ManageEvent>[] = [
  { type: 'manage.rescheduleStarted' },
  { type: 'manage.cancelStarted' },
  { type: 'manage.back' },
  // What the month of free times reports (month-of-slots.model.test.ts walks its own graph).
  { type: 'monthOfSlots.shown', month: '2027-01', timeZone: 'Europe/Berlin', name: 'next' },
  { type: 'monthOfSlots.shown', month: '2026-12', timeZone: 'America/New_York', name: 'NY' },
  { type: 'monthOfSlots.chosen', slot: secondSlot, name: 'second slot' },
  { type: 'manage.moveConfirmed' },
  { type: 'manage.moveDeclined' },
  { type: 'manage.reasonChanged', reason: ' Ill ' },
  { type: 'manage.cancelConfirmed' },
  { type: 'manage.retry' },
  ...loadAnswers(
    'loadAppointment',
    {
      changeable: appointment(),
      'past the cut-off': { ...appointment(), can_reschedule: false, can_cancel: false },
    },
    ['notFound'],
  ),
  done('reschedule', appointment(secondSlot.starts_at), 'moved'),
  failed(
    'reschedule',
    publicProblem(409, 'This time was just taken.', {}, '/problems/slot-taken'),
    'taken',
  ),
  failed(
    'reschedule',
    publicProblem(409, 'The cut-off has passed.', {}, '/problems/appointment-not-changeable'),
    'past the cut-off',
  ),
  failed(
    'reschedule',
    publicProblem(
      400,
      'This time is outside working hours.',
      { 'body.starts_at': 'is outside working hours' },
      '/problems/outside-working-hours',
    ),
    'never free',
  ),
  failed('reschedule', sampleErrors.offline, 'offline'),
  failed('reschedule', sampleErrors.serverError, 'server error'),
  done('cancel', { ...appointment(), status: 'cancelled', cancel_reason: 'Ill' }, 'cancelled'),
  failed('cancel', sampleErrors.offline, 'offline'),
  failed(
    'cancel',
    publicProblem(409, 'The cut-off has passed.', {}, '/problems/appointment-not-changeable'),
    'past the cut-off',
  ),
]

describe('manage appointment machine paths from its graph', () => {
  describeModel({
    name: 'manage-appointment',
    machine: manageAppointmentMachine,
    starts: [
      { prefix: '[link with token] ', input: inputWith(manageToken) },
      { prefix: '[link without token] ', input: inputWith(null) },
    ],
    events: sampleEvents,
    observe: (snapshot: ManageSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        appointment: context.appointment && {
          status: context.appointment.status,
          startsAt: context.appointment.starts_at,
          canReschedule: context.appointment.can_reschedule,
          canCancel: context.appointment.can_cancel,
        },
        month: context.month,
        timeZone: context.timeZone,
        chosen: context.chosen?.starts_at ?? null,
        reason: context.reason,
        reasonError: context.reasonError,
        error: context.error,
        notice: context.notice,
        loading: snapshot.hasTag('loading'),
        busy: snapshot.hasTag('busy'),
      }
    },
    harness: (input, inspect) => {
      let keys = 0
      // The real month of free times, its load parked: it opens where the visitor left it.
      const month = createParkedEffects(['loadMonth'])
      const machine = manageAppointmentMachine.provide({
        actors: {
          monthOfSlots: monthReportingToParent(
            monthOfSlotsMachine.provide({ actors: { loadMonth: month.effect('loadMonth') } }),
          ),
        },
      })
      const harness = parkedActor(machine, {
        effects: ['loadAppointment', 'reschedule', 'cancel'],
        input: { ...input, newIdempotencyKey: () => `key-${++keys}` },
        inspect,
      })
      const sent: { change: string; key: string }[] = []
      let monthLoads = 0
      return {
        ...harness,
        beforeStep: () => {
          harness.beforeStep()
          monthLoads = month.inputs.loadMonth.length
        },
        afterStep: ({ after, at }) => {
          if (month.inputs.loadMonth.length > monthLoads) {
            expect(month.inputs.loadMonth.at(-1), at).toMatchObject({
              serviceId: after.context.appointment?.service.id,
              teamMemberId: after.context.appointment?.team_member.id,
              month: after.context.month,
              timeZone: after.context.timeZone,
            })
          }
          const change =
            (harness.asked('reschedule').at(-1) as RescheduleChange | undefined) ??
            (harness.asked('cancel').at(-1) as CancelChange | undefined) ??
            null
          if (!change) return
          expect(change, at).toMatchObject({ appointmentId, token: manageToken })
          const what = JSON.stringify(change.body)
          const previous = sent.at(-1)
          if (previous?.change === what) expect(change.idempotencyKey, at).toBe(previous.key)
          else
            expect(
              sent.map(({ key }) => key),
              at,
            ).not.toContain(change.idempotencyKey)
          sent.push({ change: what, key: change.idempotencyKey })
        },
      }
    },
  })
})
