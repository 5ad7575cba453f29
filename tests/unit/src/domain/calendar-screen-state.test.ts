import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  calendarHref,
  DEFAULT_CALENDAR_LOCATION,
  formatCalendarLocation,
  initialView,
  parseCalendarLocation,
  shiftDate,
  viewOfFullCalendar,
} from '../../../../src/domain/calendar-search-params'
import {
  type CalendarData,
  type CalendarQuery,
  calendarMachine,
} from '../../../../src/machines/calendar.machine'
import { ALEX, BERLIN, sampleAppointment } from '../../../support/unit/appointment-samples'

const MEMBER = '0f8fad5b-d9cb-469f-a165-70867728950e'

describe('calendar address', () => {
  it('reads view, day, member, cancelled, the open appointment and the booking dialog', () => {
    expect(
      parseCalendarLocation(
        `?view=week&date=2026-11-27&member=${MEMBER.toUpperCase()}&cancelled=1&appointment=${MEMBER}&new=1`,
      ),
    ).toEqual({
      view: 'week',
      date: '2026-11-27',
      member: MEMBER,
      showCancelled: true,
      appointmentId: MEMBER,
      creating: true,
    })
  })

  it('ignores what a hand-edited link gets wrong', () => {
    expect(
      parseCalendarLocation('?view=year&date=2026-02-30&member=bob&appointment=1&new=yes'),
    ).toEqual(DEFAULT_CALENDAR_LOCATION)
  })

  it('writes a location back and round-trips it', () => {
    const location = {
      ...DEFAULT_CALENDAR_LOCATION,
      view: 'month' as const,
      date: '2026-11-01',
      member: MEMBER,
    }
    expect(formatCalendarLocation(location)).toBe(`view=month&date=2026-11-01&member=${MEMBER}`)
    expect(parseCalendarLocation(formatCalendarLocation(location))).toEqual(location)
    expect(calendarHref(DEFAULT_CALENDAR_LOCATION)).toBe('/calendar')
  })

  it('starts phones on the day view unless the address names one', () => {
    expect(initialView(DEFAULT_CALENDAR_LOCATION, 'week', true)).toBe('day')
    expect(initialView(DEFAULT_CALENDAR_LOCATION, 'week', false)).toBe('week')
    expect(initialView({ ...DEFAULT_CALENDAR_LOCATION, view: 'month' }, 'week', true)).toBe('month')
  })

  it('moves by a day, a week or a month (to the 1st, so 31 January goes to February)', () => {
    expect(shiftDate('day', '2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDate('week', '2026-11-27', -1)).toBe('2026-11-20')
    expect(shiftDate('month', '2027-01-31', 1)).toBe('2027-02-01')
    expect(shiftDate('month', '2027-01-15', -1)).toBe('2026-12-01')
  })

  it('knows FullCalendar view names', () => {
    expect(viewOfFullCalendar('timeGridWeek')).toBe('week')
    expect(viewOfFullCalendar('listWeek')).toBeNull()
  })
})

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

const range = {
  from: '2026-11-22T23:00:00.000Z',
  to: '2026-11-29T23:00:00.000Z',
  startDate: '2026-11-23',
  endDate: '2026-11-29',
}
const nextWeek = {
  from: '2026-11-29T23:00:00.000Z',
  to: '2026-12-06T23:00:00.000Z',
  startDate: '2026-11-30',
  endDate: '2026-12-06',
}
const emptySchedule = { time_zone: BERLIN, members: [] }

function harness() {
  const loads: Array<{
    query: CalendarQuery
    resolve: (d: CalendarData) => void
    reject: (e: unknown) => void
  }> = []
  const logic = calendarMachine.provide({
    actors: {
      loadView: fromPromise<CalendarData, CalendarQuery>(
        ({ input }) =>
          new Promise((resolve, reject) => loads.push({ query: input, resolve, reject })),
      ),
    },
  })
  return { actor: createActor(logic).start(), loads }
}

describe('calendar data machine', () => {
  it('loads each new view once, and keeps the old events while the next loads', async () => {
    const { actor, loads } = harness()
    expect(actor.getSnapshot().matches('waiting')).toBe(true)
    actor.send({ type: 'calendar.show', query: { range, memberId: null } })
    actor.send({ type: 'calendar.show', query: { range: { ...range }, memberId: null } })
    expect(loads).toHaveLength(1)
    const appointment = sampleAppointment()
    loads[0]?.resolve({ appointments: [appointment], truncated: false, schedule: emptySchedule })
    await flush()
    expect(actor.getSnapshot().matches('ready')).toBe(true)

    actor.send({ type: 'calendar.show', query: { range: nextWeek, memberId: null } })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(actor.getSnapshot().context.appointments).toEqual([appointment])
    actor.send({ type: 'calendar.show', query: { range: nextWeek, memberId: ALEX } })
    expect(loads).toHaveLength(3)
    expect(loads[2]?.query.memberId).toBe(ALEX)
  })

  it('applies live changes, also those that arrive while a load runs', async () => {
    const { actor, loads } = harness()
    actor.send({ type: 'calendar.show', query: { range, memberId: null } })
    const created = sampleAppointment({ updated_at: '2026-11-26T12:00:00.000Z' })
    actor.send({ type: 'calendar.appointmentChanged', appointment: created })
    // The answer was read before the appointment existed.
    loads[0]?.resolve({ appointments: [], truncated: false, schedule: emptySchedule })
    await flush()
    expect(actor.getSnapshot().context.appointments).toEqual([created])

    const cancelled = {
      ...created,
      status: 'cancelled' as const,
      updated_at: '2026-11-26T13:00:00.000Z',
    }
    actor.send({ type: 'calendar.appointmentChanged', appointment: cancelled })
    expect(actor.getSnapshot().context.appointments).toEqual([cancelled])
  })

  it('says when a view could not be loaded and retries it', async () => {
    const { actor, loads } = harness()
    actor.send({ type: 'calendar.show', query: { range, memberId: null } })
    loads[0]?.reject(new Error('Offline.'))
    await flush()
    expect(actor.getSnapshot().context.failure).toBe('Offline.')
    actor.send({ type: 'calendar.retry' })
    expect(loads).toHaveLength(2)
    expect(loads[1]?.query.range).toEqual(range)
  })
})
