import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  applyAppointmentChange,
  dateInZone,
  UPCOMING_LIMIT,
  withoutCancelled,
} from '../../../../src/domain/dashboard-lists'
import {
  type Appointment,
  type Dashboard,
  formatProposal,
  formatRevenue,
  isCancellable,
  noShowFigure,
} from '../../../../src/features/dashboard/dashboard-values'
import { validateQuickCustomer } from '../../../../src/features/dashboard/quick-customer'
import {
  type DashboardData,
  dashboardMachine,
  REFRESH_DEBOUNCE_MS,
} from '../../../../src/machines/dashboard.machine'
import { bookedAppointment, proposal } from '../../../support/unit/quick-appointment-harness'

const zone = 'Europe/Berlin'

function appointment(id: string, startsAt: string, status: Appointment['status'] = 'confirmed') {
  const slot = proposal(startsAt)
  return { ...bookedAppointment(slot), id, status }
}

function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    time_zone: zone,
    today: { date: '2025-12-02', count: 1 },
    week: {
      start_date: '2025-12-01',
      end_date: '2025-12-07',
      count: 3,
      revenue: { amount_minor: 12_000, currency: 'EUR' },
    },
    no_show_rate: { rate: 0.125, no_shows: 1, attended_or_missed: 8, period_days: 30 },
    today_appointments: [appointment('t1', '2025-12-02T09:00:00Z')],
    upcoming: [appointment('u1', '2025-12-03T09:00:00Z')],
    ...overrides,
  }
}

describe('dashboard values', () => {
  it('reads the date of an instant in the business zone', () => {
    // 23:30 UTC on the 1st is already the 2nd in Berlin.
    expect(dateInZone('2025-12-01T23:30:00Z', zone)).toBe('2025-12-02')
    expect(dateInZone('2025-12-01T23:30:00Z', 'America/New_York')).toBe('2025-12-01')
  })

  it('puts a new appointment in today’s list or the upcoming ones, by start', () => {
    // 23:15 UTC on the 1st is 00:15 on the 2nd in Berlin: today, and first.
    const early = appointment('t0', '2025-12-01T23:15:00Z')
    const later = appointment('u0', '2025-12-02T23:30:00Z')
    let next = applyAppointmentChange(dashboard(), early)
    next = applyAppointmentChange(next, later)
    expect(next.today_appointments.map((a) => a.id)).toEqual(['t0', 't1'])
    expect(next.upcoming.map((a) => a.id)).toEqual(['u0', 'u1'])
    // The figures wait for the server.
    expect(next.today.count).toBe(1)
  })

  it('moves a rescheduled appointment and drops a cancelled or past one', () => {
    const moved = { ...appointment('t1', '2025-12-04T09:00:00Z') }
    const next = applyAppointmentChange(dashboard(), moved)
    expect(next.today_appointments).toEqual([])
    expect(next.upcoming.map((a) => a.id)).toEqual(['u1', 't1'])

    const cancelled = appointment('u1', '2025-12-03T09:00:00Z', 'cancelled')
    expect(applyAppointmentChange(dashboard(), cancelled).upcoming).toEqual([])

    const yesterday = appointment('y1', '2025-12-01T09:00:00Z')
    const unchanged = applyAppointmentChange(dashboard(), yesterday)
    expect(unchanged.today_appointments.map((a) => a.id)).toEqual(['t1'])
    expect(unchanged.upcoming.map((a) => a.id)).toEqual(['u1'])
  })

  it('keeps at most ten upcoming appointments', () => {
    const upcoming = Array.from({ length: UPCOMING_LIMIT }, (_, index) =>
      appointment(`u${index}`, `2025-12-${String(index + 10).padStart(2, '0')}T09:00:00Z`),
    )
    const sooner = appointment('soon', '2025-12-03T09:00:00Z')
    const next = applyAppointmentChange(dashboard({ upcoming }), sooner)
    expect(next.upcoming).toHaveLength(UPCOMING_LIMIT)
    expect(next.upcoming[0]?.id).toBe('soon')
    expect(next.upcoming.at(-1)?.id).toBe(`u${UPCOMING_LIMIT - 2}`)
    const latest = appointment('late', '2026-01-30T09:00:00Z')
    expect(applyAppointmentChange(dashboard({ upcoming }), latest).upcoming).toEqual(upcoming)
  })

  it('lists no cancelled appointments', () => {
    const shown = withoutCancelled(
      dashboard({
        today_appointments: [
          appointment('a', '2025-12-02T09:00:00Z', 'cancelled'),
          appointment('b', '2025-12-02T10:00:00Z', 'no_show'),
        ],
      }),
    )
    expect(shown.today_appointments.map((a) => a.id)).toEqual(['b'])
  })

  it('lists no payment holds, awaiting payment or never paid', () => {
    const shown = withoutCancelled(
      dashboard({
        today_appointments: [
          appointment('a', '2025-12-02T09:00:00Z', 'pending_payment'),
          appointment('b', '2025-12-02T10:00:00Z', 'payment_expired'),
          appointment('c', '2025-12-02T11:00:00Z', 'confirmed'),
        ],
      }),
    )
    expect(shown.today_appointments.map((a) => a.id)).toEqual(['c'])
    const held = appointment('u0', '2025-12-02T23:30:00Z', 'pending_payment')
    expect(applyAppointmentChange(dashboard(), held).upcoming.map((a) => a.id)).toEqual(['u1'])
  })

  it('says the no-show rate, or "—" and why when there is nothing to rate', () => {
    expect(noShowFigure(dashboard().no_show_rate, 'en')).toEqual({
      value: '13%',
      explanation: '1 of 8 appointments in the last 30 days.',
    })
    expect(
      noShowFigure({ rate: 0.05, no_shows: 1, attended_or_missed: 20, period_days: 30 }, 'en')
        .value,
    ).toBe('5%')
    expect(
      noShowFigure({ rate: 1 / 30, no_shows: 1, attended_or_missed: 30, period_days: 30 }, 'en')
        .value,
    ).toBe('3.3%')
    expect(
      noShowFigure({ rate: null, no_shows: 0, attended_or_missed: 0, period_days: 30 }, 'en'),
    ).toEqual({
      value: '—',
      explanation: 'No appointments were completed or missed in the last 30 days yet.',
    })
  })

  it('formats revenue in its currency and a proposal in the business zone', () => {
    expect(formatRevenue({ amount_minor: 12_000, currency: 'EUR' }, 'en')).toBe('€120.00')
    expect(formatRevenue({ amount_minor: 2500, currency: 'JPY' }, 'en')).toBe('¥2,500')
    expect(formatProposal(proposal('2025-12-02T09:00:00Z'), zone, 'en-GB')).toBe(
      'Tue 2 Dec, 10:00 with Bob',
    )
  })

  it('offers Cancel only for confirmed appointments that have not started', () => {
    const now = Date.parse('2025-12-02T09:30:00Z')
    expect(isCancellable(appointment('a', '2025-12-02T10:00:00Z'), now)).toBe(true)
    expect(isCancellable(appointment('b', '2025-12-02T09:00:00Z'), now)).toBe(false)
    expect(isCancellable(appointment('c', '2025-12-02T10:00:00Z', 'completed'), now)).toBe(false)
  })

  it('wants a name and a way to reach a new customer', () => {
    expect(validateQuickCustomer({ name: '', email: '', phone: '' })).toEqual({
      name: 'Enter the customer’s name.',
      email: 'Enter an e-mail address or a phone number.',
    })
    expect(validateQuickCustomer({ name: 'Ann', email: 'ann@', phone: '' })).toEqual({
      email: 'Enter an e-mail address such as name@example.com.',
    })
    expect(validateQuickCustomer({ name: 'Ann', email: '', phone: '+49 30 123' })).toEqual({})
  })
})

describe('dashboard machine', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function start() {
    const answers: Array<{ resolve: (data: DashboardData) => void; reject: (e: unknown) => void }> =
      []
    const load = fromPromise<DashboardData>(
      () => new Promise((resolve, reject) => answers.push({ resolve, reject })),
    )
    const actor = createActor(dashboardMachine.provide({ actors: { load } })).start()
    return { actor, answers }
  }

  const data = (overrides: Partial<Dashboard> = {}): DashboardData => ({
    dashboard: dashboard(overrides),
    hasServices: true,
  })

  it('loads, and shows a failure with a retry', async () => {
    const { actor, answers } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    answers[0]?.reject(Object.assign(new Error('Offline'), { status: 0 }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.failure?.message).toBe('Offline')

    actor.send({ type: 'dashboard.retry' })
    answers[1]?.resolve(data())
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context.data?.dashboard.today.count).toBe(1)
  })

  it('shows a change at once and fetches once after a burst of changes', async () => {
    const { actor, answers } = start()
    answers[0]?.resolve(data())
    await vi.advanceTimersByTimeAsync(0)

    const booked = appointment('t2', '2025-12-02T11:00:00Z')
    actor.send({ type: 'dashboard.appointmentChanged', appointment: booked })
    expect(actor.getSnapshot().context.data?.dashboard.today_appointments.map((a) => a.id)).toEqual(
      ['t1', 't2'],
    )
    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS - 50)
    actor.send({ type: 'dashboard.appointmentChanged', appointment: booked })
    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS - 50)
    expect(answers).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(50)
    expect(answers).toHaveLength(2)
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true)

    answers[1]?.resolve(data({ today: { date: '2025-12-02', count: 2 } }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context.data?.dashboard.today.count).toBe(2)
  })

  it('drops a refresh overtaken by a newer change', async () => {
    const { actor, answers } = start()
    answers[0]?.resolve(data())
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'dashboard.refresh' })
    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS)
    expect(answers).toHaveLength(2)

    actor.send({
      type: 'dashboard.appointmentChanged',
      appointment: appointment('t1', '2025-12-02T09:00:00Z', 'cancelled'),
    })
    answers[1]?.resolve(data({ today: { date: '2025-12-02', count: 99 } }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.data?.dashboard.today.count).toBe(1)
    expect(actor.getSnapshot().context.data?.dashboard.today_appointments).toEqual([])

    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS)
    answers[2]?.resolve(data({ today: { date: '2025-12-02', count: 0 }, today_appointments: [] }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.data?.dashboard.today.count).toBe(0)
  })

  it('keeps what it shows when a refresh fails, and says so', async () => {
    const { actor, answers } = start()
    answers[0]?.resolve(data())
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'dashboard.refresh' })
    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS)
    answers[1]?.reject(new Error('Offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context.refreshFailure?.message).toBe('Offline')
    expect(actor.getSnapshot().context.data?.dashboard.today.count).toBe(1)

    actor.send({ type: 'dashboard.refresh' })
    await vi.advanceTimersByTimeAsync(REFRESH_DEBOUNCE_MS)
    answers[2]?.resolve(data())
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.refreshFailure).toBeNull()
  })

  it('asks again when a change arrives during the first load', async () => {
    const { actor, answers } = start()
    actor.send({
      type: 'dashboard.appointmentChanged',
      appointment: appointment('t9', '2025-12-02T12:00:00Z'),
    })
    expect(answers).toHaveLength(2)
    answers[0]?.resolve(data({ today: { date: '2025-12-02', count: 99 } }))
    answers[1]?.resolve(data({ today: { date: '2025-12-02', count: 2 } }))
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.data?.dashboard.today.count).toBe(2)
  })
})
