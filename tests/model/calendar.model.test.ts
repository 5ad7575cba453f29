/**
 * Model-based test of the calendar's data (see support/describe-model.ts): each new view loads
 * its appointments and schedule (the same view again is ignored), and a change seen while a
 * load runs is applied over its answer, so no live update is lost to a slower response.
 */
import { describe, expect } from 'vitest'
import {
  type CalendarData,
  type CalendarEvent,
  type CalendarQuery,
  calendarMachine,
} from '../../src/machines/calendar.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'
import { ALEX, BERLIN, sampleAppointment } from '../support/unit/appointment-samples'

type CalendarSnapshot = ReturnType<typeof calendarMachine.getInitialSnapshot>

/** Changes the model makes while one load runs; more lengthen the list, not the behaviour. */
const MAX_PENDING = 2

const thisWeek: CalendarQuery = {
  range: {
    from: '2026-11-22T23:00:00.000Z',
    to: '2026-11-29T23:00:00.000Z',
    startDate: '2026-11-23',
    endDate: '2026-11-29',
  },
  memberId: null,
}
const alexNextWeek: CalendarQuery = {
  range: {
    from: '2026-11-29T23:00:00.000Z',
    to: '2026-12-06T23:00:00.000Z',
    startDate: '2026-11-30',
    endDate: '2026-12-06',
  },
  memberId: ALEX,
}

const friday = sampleAppointment()
const booked = sampleAppointment({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' })
/** Friday's appointment moved to next week, a newer version. */
const moved = {
  ...friday,
  starts_at: '2026-12-01T09:00:00.000Z',
  ends_at: '2026-12-01T09:45:00.000Z',
  updated_at: '2026-11-26T12:00:00.000Z',
}
const view: CalendarData = {
  appointments: [friday],
  truncated: false,
  schedule: { time_zone: BERLIN, members: [] },
}

const sampleEvents: ModelEvent<CalendarEvent>[] = [
  { type: 'calendar.show', query: thisWeek, name: 'this week' },
  { type: 'calendar.show', query: alexNextWeek, name: 'Alex, next week' },
  { type: 'calendar.appointmentChanged', appointment: booked, name: 'booked' },
  { type: 'calendar.appointmentChanged', appointment: moved, name: 'moved to next week' },
  { type: 'calendar.retry' },
  { type: 'calendar.refresh' },
  ...loadAnswers('loadView', { view, 'too many': { ...view, truncated: true } }, [
    'offline',
    'silent',
  ]),
]

describe('calendar machine paths from its graph', () => {
  describeModel({
    name: 'calendar',
    machine: calendarMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    offers: (snapshot: CalendarSnapshot, event) =>
      snapshot.can(event as CalendarEvent) &&
      !(
        event.type === 'calendar.appointmentChanged' &&
        snapshot.context.pending.length >= MAX_PENDING
      ),
    observe: (snapshot: CalendarSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        query: context.query && `${context.query.range.startDate} ${context.query.memberId}`,
        appointments: context.appointments.map((a) => `${a.id} ${a.starts_at}`),
        truncated: context.truncated,
        schedule: context.schedule !== null,
        pending: context.pending.map((a) => a.id),
        failure: context.failure,
        loading: snapshot.hasTag('loading'),
      }
    },
    harness: (input, inspect) => {
      const harness = parkedActor(calendarMachine, { effects: ['loadView'], input, inspect })
      return {
        ...harness,
        // A load asks for the view shown now.
        afterStep: ({ after, at }) => {
          if (harness.asked('loadView').length === 0) return
          expect(harness.asked('loadView').at(-1), at).toEqual(after.context.query)
        },
      }
    },
  })
})
