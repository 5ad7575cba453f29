import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { applyAppointmentChange, sameRange, type VisibleRange } from '../domain/calendar-range'
import { messageOf } from './call-errors'

type Appointment = components['schemas']['Appointment']
type Schedule = components['schemas']['Schedule']

/** What the calendar loads for a view: its range and member filter. */
export interface CalendarQuery {
  range: VisibleRange
  memberId: string | null
}

export interface CalendarData {
  appointments: Appointment[]
  /** More appointments in the range than one answer holds (narrow the view). */
  truncated: boolean
  schedule: Schedule
}

export interface CalendarContext {
  query: CalendarQuery | null
  appointments: Appointment[]
  truncated: boolean
  schedule: Schedule | null
  /** Changes seen while a load runs, applied on top of its answer if they are newer. */
  pending: Appointment[]
  failure: string | null
}

export type CalendarEvent =
  /** The view moved (range or member filter); the same query again is ignored. */
  | { type: 'calendar.show'; query: CalendarQuery }
  /** An appointment changed (live event, a dialog); the view keeps it in step. */
  | { type: 'calendar.appointmentChanged'; appointment: Appointment }
  | { type: 'calendar.retry' }
  /** Load the current view again (after a refused drag, say). */
  | { type: 'calendar.refresh' }

export const CALENDAR_LOAD_ERROR = 'The calendar could not be loaded.'

function sameQuery(a: CalendarQuery | null, b: CalendarQuery): boolean {
  return a !== null && sameRange(a.range, b.range) && a.memberId === b.memberId
}

/**
 * The calendar's data: waiting (no view yet) → loading → ready | failed. Every range or
 * member change loads appointments and schedule for the new view (the previous events stay
 * on screen meanwhile, tagged `loading`, so nothing flashes empty). Changes arriving while a
 * load runs are kept and applied over its answer, so a live update is never lost to a slower
 * response. The app provides `loadView`.
 */
export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
  },
  actors: {
    loadView: fromPromise<CalendarData, CalendarQuery>(async () => {
      throw new Error('provided by the app')
    }),
  },
  guards: {
    isNewQuery: ({ context, event }) =>
      event.type === 'calendar.show' && !sameQuery(context.query, event.query),
  },
  actions: {
    applyChange: assign(({ context }, params: { appointment: Appointment }) =>
      context.query
        ? {
            appointments: applyAppointmentChange(
              context.appointments,
              params.appointment,
              context.query.range,
              context.query.memberId,
            ),
          }
        : {},
    ),
  },
}).createMachine({
  id: 'calendar',
  context: {
    query: null,
    appointments: [],
    truncated: false,
    schedule: null,
    pending: [],
    failure: null,
  },
  initial: 'waiting',
  on: {
    'calendar.show': {
      guard: 'isNewQuery',
      target: '.loading',
      reenter: true,
      actions: assign({ query: ({ event }) => event.query }),
    },
  },
  states: {
    waiting: {},
    loading: {
      tags: ['loading'],
      entry: assign({ pending: [], failure: null }),
      on: {
        'calendar.appointmentChanged': {
          actions: [
            { type: 'applyChange', params: ({ event }) => ({ appointment: event.appointment }) },
            assign({ pending: ({ context, event }) => [...context.pending, event.appointment] }),
          ],
        },
      },
      invoke: {
        id: 'loadView',
        src: 'loadView',
        input: ({ context }) => context.query as CalendarQuery,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const query = context.query as CalendarQuery
            const appointments = context.pending.reduce(
              (list, changed) => applyAppointmentChange(list, changed, query.range, query.memberId),
              event.output.appointments,
            )
            return {
              appointments,
              truncated: event.output.truncated,
              schedule: event.output.schedule,
              pending: [],
            }
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => messageOf(event.error, CALENDAR_LOAD_ERROR),
            pending: [],
          }),
        },
      },
    },
    ready: {
      on: {
        'calendar.appointmentChanged': {
          actions: {
            type: 'applyChange',
            params: ({ event }) => ({ appointment: event.appointment }),
          },
        },
        'calendar.refresh': 'loading',
      },
    },
    failed: {
      on: { 'calendar.retry': 'loading' },
    },
  },
})
