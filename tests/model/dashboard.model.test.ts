/**
 * Model-based test of the dashboard (see support/describe-model.ts): a change shows at once
 * and the figures are fetched again after REFRESH_DEBOUNCE_MS of quiet — the delay runs on a
 * simulated clock, and the refresh must not start a millisecond early. A change during a
 * refresh abandons it; a failed refresh keeps what is shown.
 */
import { describe, expect } from 'vitest'
import { SimulatedClock } from 'xstate'
import type { components } from '../../shared/contract/schema'
import {
  type DashboardData,
  type DashboardEvent,
  dashboardMachine,
  REFRESH_DEBOUNCE_MS,
} from '../../src/machines/dashboard.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'
import { BERLIN, sampleAppointment } from '../support/unit/appointment-samples'

type DashboardSnapshot = ReturnType<typeof dashboardMachine.getInitialSnapshot>

const AFTER_QUIET = 'xstate.after.refreshDelay.dashboard.ready.waiting'

const today = sampleAppointment()
const tomorrow = sampleAppointment({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  starts_at: '2026-11-28T09:00:00.000Z',
  ends_at: '2026-11-28T09:45:00.000Z',
})

const dashboard: components['schemas']['Dashboard'] = {
  time_zone: BERLIN,
  today: { date: '2026-11-27', count: 1 },
  week: {
    start_date: '2026-11-23',
    end_date: '2026-11-29',
    count: 1,
    revenue: { amount_minor: 4500, currency: 'EUR' },
  },
  no_show_rate: { rate: null, no_shows: 0, attended_or_missed: 0, period_days: 30 },
  today_appointments: [today],
  upcoming: [],
}
const data: DashboardData = { dashboard, hasServices: true }

const sampleEvents: ModelEvent<DashboardEvent>[] = [
  { type: 'dashboard.retry' },
  { type: 'dashboard.refresh' },
  { type: 'dashboard.appointmentChanged', appointment: tomorrow, name: 'booked tomorrow' },
  {
    type: 'dashboard.appointmentChanged',
    appointment: { ...today, status: 'cancelled' },
    name: 'cancelled today',
  },
  { type: AFTER_QUIET },
  ...loadAnswers('load', { figures: data }, ['offline', 'serverError']),
]

describe('dashboard machine paths from its graph', () => {
  describeModel({
    name: 'dashboard',
    machine: dashboardMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    observe: (snapshot: DashboardSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        today: context.data?.dashboard.today_appointments.map((a) => a.id) ?? null,
        upcoming: context.data?.dashboard.upcoming.map((a) => a.id) ?? null,
        failure: context.failure,
        refreshFailure: context.refreshFailure,
        loading: snapshot.hasTag('loading'),
        refreshing: snapshot.hasTag('refreshing'),
      }
    },
    harness: (input, inspect) => {
      const clock = new SimulatedClock()
      const harness = parkedActor(dashboardMachine, { effects: ['load'], input, inspect, clock })
      return {
        ...harness,
        deliver: (event, at) => {
          if (event.type !== AFTER_QUIET) return false
          clock.increment(REFRESH_DEBOUNCE_MS - 1)
          expect(harness.actor.getSnapshot().value, `${at}: still quiet 1 ms before`).toEqual({
            ready: 'waiting',
          })
          clock.increment(1)
          return true
        },
      }
    },
  })
})
