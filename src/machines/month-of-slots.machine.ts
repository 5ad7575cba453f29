import { assign, fromPromise, sendParent, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { freeDays, monthOf, plusMonths } from '../domain/month-grid'
import { messageOf } from './call-errors'

type PublicSlot = components['schemas']['PublicSlot']

/** How far "Next available" looks when nothing else bounds it (rescheduling has no window). */
export const MONTHS_AHEAD_LIMIT = 12

/** One month of free times, as days in the visitor's time zone. */
export interface MonthQuery {
  serviceId: string
  /** null = any available. */
  teamMemberId: string | null
  /** `YYYY-MM` in `timeZone`. */
  month: string
  timeZone: string
}

export interface MonthOfSlotsInput {
  serviceId: string
  /** null = any available. */
  teamMemberId: string | null
  timeZone: string
  /** Today in the visitor's zone, `YYYY-MM-DD`: no month before today's is shown. */
  today: string
  /** The month to show first (where the visitor left the picker last time), `YYYY-MM`. */
  month: string
  /** The last day bookings open (the booking window); null when there is none. */
  lastDay: string | null
}

export interface MonthOfSlotsContext extends MonthOfSlotsInput {
  slots: PublicSlot[]
  /** The day whose times are shown: the first free day of the month until the visitor picks. */
  day: string | null
  /** Why the free times did not load, while `failed`. */
  error: string | null
}

export type MonthOfSlotsEvent =
  | { type: 'month.changed'; months: 1 | -1 }
  | { type: 'month.dayChosen'; day: string }
  | { type: 'month.nextAvailable' }
  | { type: 'month.timeZoneChanged'; timeZone: string }
  | { type: 'month.slotChosen'; slot: PublicSlot }
  | { type: 'month.retry' }

/** What the picker tells the machine that invoked it (see {@link monthReportingToParent}). */
export type MonthOfSlotsReport =
  | { type: 'monthOfSlots.chosen'; slot: PublicSlot }
  | { type: 'monthOfSlots.shown'; month: string; timeZone: string }

/** The last month the picker may show. */
function lastMonthOf(context: MonthOfSlotsContext): string {
  return context.lastDay === null
    ? plusMonths(monthOf(context.today), MONTHS_AHEAD_LIMIT)
    : monthOf(context.lastDay)
}

const daysWithTimes = (context: MonthOfSlotsContext) =>
  freeDays(
    context.slots.map((slot) => slot.starts_at),
    context.timeZone,
  )

const view = ({ context }: { context: MonthOfSlotsContext }) => ({
  month: context.month,
  timeZone: context.timeZone,
})

/**
 * A month of free times to choose one from, used to book and to reschedule: load the month,
 * preselect its first free day, let the visitor pick another free day, page a month back or
 * ahead (never before today's month nor past the booking window's), jump to the next month
 * with free times ("Next available": it loads month after month until one has some or the
 * window ends), switch the time zone, retry a failed load, choose a time. A new month or zone
 * replaces a running load.
 *
 * What a choice leads to is the parent's business, so the picker only reports: `reportChoice`
 * when a time is chosen, `reportView` when the month or zone changes. Both do nothing unless
 * provided; {@link monthReportingToParent} sends them to the invoking machine. The app provides
 * `loadMonth`. Tags: `loading` while a month loads, `searching` while "Next available" looks.
 */
/** What loading the shown month asks for (opening it and looking ahead alike). */
const monthQuery = ({ context }: { context: MonthOfSlotsContext }) => ({
  serviceId: context.serviceId,
  teamMemberId: context.teamMemberId,
  month: context.month,
  timeZone: context.timeZone,
})

export const monthOfSlotsMachine = setup({
  types: {
    context: {} as MonthOfSlotsContext,
    events: {} as MonthOfSlotsEvent,
    input: {} as MonthOfSlotsInput,
  },
  actors: {
    loadMonth: fromPromise<PublicSlot[], MonthQuery>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    reportChoice: (_, _params: { slot: PublicSlot }) => {},
    reportView: (_, _params: { month: string; timeZone: string }) => {},
    chooseFirstFreeDay: assign({ day: ({ context }) => daysWithTimes(context)[0] ?? null }),
  },
  guards: {
    isMonthAllowed: ({ context, event }) => {
      if (event.type !== 'month.changed') return false
      const month = plusMonths(context.month, event.months)
      return month >= monthOf(context.today) && month <= lastMonthOf(context)
    },
    hasLaterMonth: ({ context }) => context.month < lastMonthOf(context),
    isFreeDay: ({ context, event }) =>
      event.type === 'month.dayChosen' && daysWithTimes(context).includes(event.day),
    /** A month without free times, and bookings open later: "Next available" looks on. */
    isEmptyWithLaterMonth: ({ context, event }) =>
      'output' in event &&
      Array.isArray(event.output) &&
      event.output.length === 0 &&
      context.month < lastMonthOf(context),
  },
}).createMachine({
  id: 'monthOfSlots',
  context: ({ input }) => ({ ...input, slots: [], day: null, error: null }),
  initial: 'loading',
  on: {
    'month.changed': {
      guard: 'isMonthAllowed',
      target: '.loading',
      actions: [
        assign({ month: ({ context, event }) => plusMonths(context.month, event.months) }),
        { type: 'reportView', params: view },
      ],
    },
    'month.timeZoneChanged': {
      target: '.loading',
      actions: [
        assign({ timeZone: ({ event }) => event.timeZone }),
        { type: 'reportView', params: view },
      ],
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadMonth',
        src: 'loadMonth',
        input: monthQuery,
        onDone: {
          target: 'ready',
          actions: [assign({ slots: ({ event }) => event.output }), 'chooseFirstFreeDay'],
        },
        onError: {
          target: 'failed',
          actions: assign({
            slots: [],
            day: null,
            error: ({ event }) => messageOf(event.error, 'error_times'),
          }),
        },
      },
    },
    /** "Next available": the months after this one, one at a time, until one has free times. */
    searching: {
      tags: ['loading', 'searching'],
      entry: [
        assign({ month: ({ context }) => plusMonths(context.month, 1) }),
        { type: 'reportView', params: view },
      ],
      invoke: {
        id: 'loadMonth',
        src: 'loadMonth',
        input: monthQuery,
        onDone: [
          {
            guard: 'isEmptyWithLaterMonth',
            target: 'searching',
            reenter: true,
          },
          {
            target: 'ready',
            actions: [assign({ slots: ({ event }) => event.output }), 'chooseFirstFreeDay'],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            slots: [],
            day: null,
            error: ({ event }) => messageOf(event.error, 'error_times'),
          }),
        },
      },
    },
    ready: {
      on: {
        'month.dayChosen': {
          guard: 'isFreeDay',
          actions: assign({ day: ({ event }) => event.day }),
        },
        'month.nextAvailable': { guard: 'hasLaterMonth', target: 'searching' },
        'month.slotChosen': {
          actions: { type: 'reportChoice', params: ({ event }) => ({ slot: event.slot }) },
        },
      },
    },
    failed: {
      on: { 'month.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
})

/** The picker as a machine invokes it: its reports arrive as {@link MonthOfSlotsReport} events. */
export function monthReportingToParent(logic: typeof monthOfSlotsMachine = monthOfSlotsMachine) {
  return logic.provide({
    actions: {
      reportChoice: sendParent(
        (_, params: { slot: PublicSlot }): MonthOfSlotsReport => ({
          type: 'monthOfSlots.chosen',
          slot: params.slot,
        }),
      ),
      reportView: sendParent(
        (_, params: { month: string; timeZone: string }): MonthOfSlotsReport => ({
          type: 'monthOfSlots.shown',
          ...params,
        }),
      ),
    },
  })
}
