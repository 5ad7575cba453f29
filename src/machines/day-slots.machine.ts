import { assign, fromPromise, setup } from 'xstate'
import { messageOf } from './call-errors'

/** A free start as the availability API gives it. */
export interface DaySlot {
  starts_at: string
  ends_at: string
  team_member_ids: string[]
}

/** Which day's free starts to show: a service, one team member or any, a business-zone date. */
export interface DaySlotQuery {
  serviceId: string
  teamMemberId: string | null
  date: string
}

export interface DaySlotsContext {
  query: DaySlotQuery | null
  slots: DaySlot[]
  failure: string | null
}

export type DaySlotsEvent =
  /** The dialog's service, member or day changed; null when something is still missing. */
  { type: 'slots.query'; query: DaySlotQuery | null } | { type: 'slots.retry' }

export const SLOTS_LOAD_ERROR = 'The free times could not be loaded.'

export function sameQuery(a: DaySlotQuery | null, b: DaySlotQuery | null): boolean {
  if (a === null || b === null) return a === b
  return a.serviceId === b.serviceId && a.teamMemberId === b.teamMemberId && a.date === b.date
}

/**
 * The free starts of one day, offered as quick picks in the booking and reschedule dialogs:
 * idle (nothing to ask yet) → loading → ready | failed. A new query while one is loading
 * replaces it (the stale answer is dropped with its actor); the same query again is ignored.
 * The app provides `loadSlots`.
 */
export const daySlotsMachine = setup({
  types: {
    context: {} as DaySlotsContext,
    events: {} as DaySlotsEvent,
    input: {} as { query?: DaySlotQuery | null },
  },
  actors: {
    loadSlots: fromPromise<DaySlot[], DaySlotQuery>(async () => {
      throw new Error('provided by the app')
    }),
  },
  guards: {
    hasQuery: ({ context }) => context.query !== null,
    isNewQuery: ({ context, event }) =>
      event.type === 'slots.query' &&
      event.query !== null &&
      !sameQuery(context.query, event.query),
    clearsQuery: ({ event }) => event.type === 'slots.query' && event.query === null,
  },
}).createMachine({
  id: 'daySlots',
  context: ({ input }) => ({ query: input.query ?? null, slots: [], failure: null }),
  initial: 'starting',
  on: {
    'slots.query': [
      {
        guard: 'isNewQuery',
        target: '.loading',
        reenter: true,
        actions: assign({ query: ({ event }) => event.query }),
      },
      {
        guard: 'clearsQuery',
        target: '.idle',
        actions: assign({ query: null, slots: [], failure: null }),
      },
    ],
  },
  states: {
    starting: {
      always: [{ guard: 'hasQuery', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      tags: ['loading'],
      entry: assign({ slots: [], failure: null }),
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => context.query as DaySlotQuery,
        onDone: { target: 'ready', actions: assign({ slots: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => messageOf(event.error, SLOTS_LOAD_ERROR),
          }),
        },
      },
    },
    ready: {},
    failed: {
      on: { 'slots.retry': 'loading' },
    },
  },
})
