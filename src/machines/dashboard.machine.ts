import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { applyAppointmentChange } from '../domain/dashboard-lists'
import { type LoadFailure, toLoadFailure } from './page-load.machine'

type Appointment = components['schemas']['Appointment']
type Dashboard = components['schemas']['Dashboard']

export interface DashboardData {
  dashboard: Dashboard
  /** Whether the business has any service at all (the empty states point at adding one). */
  hasServices: boolean
}

export interface DashboardContext {
  data: DashboardData | null
  failure: LoadFailure | null
  /** A background refresh failed; the figures shown are the last ones fetched. */
  refreshFailure: LoadFailure | null
}

export type DashboardEvent =
  | { type: 'dashboard.retry' }
  /** An appointment was booked, changed or cancelled (here or, live, by someone else). */
  | { type: 'dashboard.appointmentChanged'; appointment: Appointment }
  /** Something changed that only the server can sum up. */
  | { type: 'dashboard.refresh' }

/** How long a burst of changes is gathered before the dashboard is fetched again. */
export const REFRESH_DEBOUNCE_MS = 300

/**
 * The dashboard: loading → ready | failed. While ready, a change puts the appointment in the
 * right list at once and fetches the figures again after {@link REFRESH_DEBOUNCE_MS} of quiet,
 * so ten live events make one request. A change during a refresh abandons that (now stale)
 * answer and waits again. A failed refresh keeps what is shown. Tags: `loading` (first load),
 * `refreshing`.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    load: fromPromise<DashboardData>(async () => {
      throw new Error('provided by the app')
    }),
  },
  delays: {
    refreshDelay: REFRESH_DEBOUNCE_MS,
  },
  actions: {
    applyChange: assign({
      data: ({ context, event }) => {
        if (event.type !== 'dashboard.appointmentChanged' || context.data === null) {
          return context.data
        }
        return {
          ...context.data,
          dashboard: applyAppointmentChange(context.data.dashboard, event.appointment),
        }
      },
    }),
  },
}).createMachine({
  id: 'dashboard',
  context: { data: null, failure: null, refreshFailure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => toLoadFailure(event.error) }),
        },
      },
      on: {
        // The answer on its way may predate this change: ask again.
        'dashboard.appointmentChanged': { target: 'loading', reenter: true },
        'dashboard.refresh': { target: 'loading', reenter: true },
      },
    },
    failed: {
      on: { 'dashboard.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'dashboard.appointmentChanged': {
          target: '.waiting',
          reenter: true,
          actions: 'applyChange',
        },
        'dashboard.refresh': { target: '.waiting', reenter: true },
      },
      states: {
        idle: {},
        waiting: {
          after: { refreshDelay: 'refreshing' },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'load',
            src: 'load',
            onDone: {
              target: 'idle',
              actions: assign({ data: ({ event }) => event.output, refreshFailure: null }),
            },
            onError: {
              target: 'idle',
              actions: assign({ refreshFailure: ({ event }) => toLoadFailure(event.error) }),
            },
          },
        },
      },
    },
  },
})
