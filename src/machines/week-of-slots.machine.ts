import { assign, fromPromise, sendParent, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { messageOf } from './call-errors'

type PublicSlot = components['schemas']['PublicSlot']

export const DAYS_PER_WEEK = 7

/** One week of free times, as days in the visitor's time zone. */
export interface SlotQuery {
  serviceId: string
  /** null = any available. */
  teamMemberId: string | null
  /** First day shown, `YYYY-MM-DD` in `timeZone`. */
  weekStart: string
  days: number
  timeZone: string
}

export interface WeekOfSlotsInput {
  serviceId: string
  /** null = any available. */
  teamMemberId: string | null
  timeZone: string
  /** Today in the visitor's zone, `YYYY-MM-DD`: no week starts before it. */
  today: string
  /** The week to show first (where the visitor left the picker last time). */
  weekStart: string
  /** The latest first day a week may have (the booking window); null when there is none. */
  lastWeekStart: string | null
}

export interface WeekOfSlotsContext extends WeekOfSlotsInput {
  slots: PublicSlot[]
  /** Why the free times did not load, while `failed`. */
  error: string | null
}

export type WeekOfSlotsEvent =
  | { type: 'week.changed'; weeks: 1 | -1 }
  | { type: 'week.timeZoneChanged'; timeZone: string }
  | { type: 'week.slotChosen'; slot: PublicSlot }
  | { type: 'week.retry' }

/** What the picker tells the machine that invoked it (see {@link reportingToParent}). */
export type WeekOfSlotsReport =
  | { type: 'weekOfSlots.chosen'; slot: PublicSlot }
  | { type: 'weekOfSlots.shown'; weekStart: string; timeZone: string }

/** `YYYY-MM-DD` plus whole days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/**
 * A week of free times to choose one from, used to book and to reschedule: load the week,
 * page to the next or previous one (never before today nor past `lastWeekStart`), switch the
 * time zone, retry a failed load, choose a time. A new week or zone replaces a running load.
 *
 * What a choice leads to is the parent's business, so the picker only reports: `reportChoice`
 * when a time is chosen, `reportView` when the week or zone changes (the parent shows its own
 * times in that zone and reopens the picker on that week). Both do nothing unless provided;
 * {@link reportingToParent} sends them to the invoking machine. The app provides `loadSlots`.
 * Tag: `loading` while the week loads.
 */
export const weekOfSlotsMachine = setup({
  types: {
    context: {} as WeekOfSlotsContext,
    events: {} as WeekOfSlotsEvent,
    input: {} as WeekOfSlotsInput,
  },
  actors: {
    loadSlots: fromPromise<PublicSlot[], SlotQuery>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    reportChoice: (_, _params: { slot: PublicSlot }) => {},
    reportView: (_, _params: { weekStart: string; timeZone: string }) => {},
  },
  guards: {
    isWeekAllowed: ({ context, event }) => {
      if (event.type !== 'week.changed') return false
      const weekStart = addDays(context.weekStart, event.weeks * DAYS_PER_WEEK)
      return (
        weekStart >= context.today &&
        (context.lastWeekStart === null || weekStart <= context.lastWeekStart)
      )
    },
  },
}).createMachine({
  id: 'weekOfSlots',
  context: ({ input }) => ({ ...input, slots: [], error: null }),
  initial: 'loading',
  on: {
    'week.changed': {
      guard: 'isWeekAllowed',
      target: '.loading',
      actions: [
        assign({
          weekStart: ({ context, event }) =>
            addDays(context.weekStart, event.weeks * DAYS_PER_WEEK),
        }),
        {
          type: 'reportView',
          params: ({ context }) => ({ weekStart: context.weekStart, timeZone: context.timeZone }),
        },
      ],
    },
    'week.timeZoneChanged': {
      target: '.loading',
      actions: [
        assign({ timeZone: ({ event }) => event.timeZone }),
        {
          type: 'reportView',
          params: ({ context }) => ({ weekStart: context.weekStart, timeZone: context.timeZone }),
        },
      ],
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({
          serviceId: context.serviceId,
          teamMemberId: context.teamMemberId,
          weekStart: context.weekStart,
          days: DAYS_PER_WEEK,
          timeZone: context.timeZone,
        }),
        onDone: { target: 'ready', actions: assign({ slots: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            slots: [],
            error: ({ event }) => messageOf(event.error, 'The free times could not load.'),
          }),
        },
      },
    },
    ready: {
      on: {
        'week.slotChosen': {
          actions: { type: 'reportChoice', params: ({ event }) => ({ slot: event.slot }) },
        },
      },
    },
    failed: {
      on: { 'week.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
})

/** The picker as a machine invokes it: its reports arrive as {@link WeekOfSlotsReport} events. */
export function reportingToParent(logic: typeof weekOfSlotsMachine = weekOfSlotsMachine) {
  return logic.provide({
    actions: {
      reportChoice: sendParent(
        (_, params: { slot: PublicSlot }): WeekOfSlotsReport => ({
          type: 'weekOfSlots.chosen',
          slot: params.slot,
        }),
      ),
      reportView: sendParent(
        (_, params: { weekStart: string; timeZone: string }): WeekOfSlotsReport => ({
          type: 'weekOfSlots.shown',
          ...params,
        }),
      ),
    },
  })
}
