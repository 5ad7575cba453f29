import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  addService,
  createSchedulingBusiness,
  dateIn,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Availability = components['schemas']['Availability']
type ProposedSlot = components['schemas']['ProposedSlot']
type Schedule = components['schemas']['Schedule']

let testApp: TestApp
let salon: SchedulingBusiness
let other: SchedulingBusiness
/** Each test looks at days of its own, so no test's bookings change another's slots. */
let nextDay = 2
const freshDay = () => nextDay++

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createSchedulingBusiness(testApp, 'Avail')
  other = await createSchedulingBusiness(testApp, 'Elsewhere')
}, 120_000)
afterAll(() => testApp?.close())
afterEach(() => {
  vi.useRealTimers()
})

const local = (day: number, time: string) => inDays(day, time, salon.timeZone)

async function availability(
  business: SchedulingBusiness,
  query: Record<string, string>,
): Promise<Availability> {
  const response = await call(
    testApp,
    business.owner,
    'GET',
    `/api/v1/availability?${new URLSearchParams({ service_id: business.haircutId, ...query })}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Availability>()
}

function oneDay(day: number, extra: Record<string, string> = {}) {
  const date = dateIn(day, salon.timeZone)
  return availability(salon, { start_date: date, end_date: date, ...extra })
}

/** "HH:MM, HH:MM, …" for a list of wall-clock times on the day. */
const times = (day: number, list: string[]) => list.map((time) => local(day, time))

function book(teamMemberId: string, startsAt: string, serviceId = salon.haircutId) {
  return call(testApp, salon.owner, 'POST', '/api/v1/appointments', {
    service_id: serviceId,
    customer_id: salon.customerId,
    team_member_id: teamMemberId,
    starts_at: startsAt,
  })
}

const policy = {
  min_notice_minutes: 120,
  booking_window_days: 60,
  slot_interval_minutes: 15,
  cancellation_cutoff_minutes: 1440,
  reschedule_cutoff_minutes: 1440,
  team_member_choice: 'both',
}

describe('one team member', () => {
  it('offers every start on the slot grid inside working hours, outside the break', async () => {
    const day = freshDay()
    const result = await oneDay(day, { team_member_id: salon.staffMemberId })

    expect(result.service_id).toBe(salon.haircutId)
    expect(result.time_zone).toBe('Europe/Berlin')
    // 45 minutes each: 09:00–12:00 and 13:00–17:00, every 15 minutes.
    const morning = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45']
    const afternoon = ['13:00', '13:15', '13:30', '13:45', '14:00', '14:15', '14:30', '14:45']
    const late = ['15:00', '15:15', '15:30', '15:45', '16:00', '16:15']
    expect(result.slots.map((slot) => slot.starts_at)).toEqual(
      times(day, [...morning, '11:00', '11:15', ...afternoon, ...late]),
    )
    expect(result.slots[0]).toEqual({
      starts_at: local(day, '09:00'),
      ends_at: local(day, '09:45'),
      team_member_ids: [salon.staffMemberId],
    })
  })

  it('keeps clear of existing appointments, buffers of both included', async () => {
    const day = freshDay()
    const buffered = await addService(testApp, salon.owner, {
      name: 'Buffered cut',
      duration_minutes: 30,
      buffer_before_minutes: 15,
      team_member_ids: [salon.staffMemberId],
    })
    // Haircut 10:00–10:45, busy until 10:55.
    expect((await book(salon.staffMemberId, local(day, '10:00'))).statusCode).toBe(201)

    const date = dateIn(day, salon.timeZone)
    const result = await availability(salon, {
      service_id: buffered,
      team_member_id: salon.staffMemberId,
      start_date: date,
      end_date: date,
    })
    const morning = result.slots
      .map((slot) => slot.starts_at)
      .filter((start) => start < local(day, '12:00'))
    // 09:30 ends at 10:00 exactly; 11:15's buffer starts at 11:00, after the haircut's ends
    // (10:55), while 11:00's would start at 10:45; 11:30 ends at the break exactly.
    expect(morning).toEqual(times(day, ['09:00', '09:15', '09:30', '11:15', '11:30']))
  })

  it('offers nothing on a day of time off', async () => {
    const day = freshDay()
    const date = dateIn(day, salon.timeZone)
    const away = await call(
      testApp,
      salon.owner,
      'POST',
      `/api/v1/team-members/${salon.adminMemberId}/time-off`,
      { start_date: date, end_date: date, reason: 'Holiday' },
    )
    expect(away.statusCode, away.body).toBe(201)
    expect((await oneDay(day, { team_member_id: salon.adminMemberId })).slots).toEqual([])
    expect((await oneDay(day + 1, { team_member_id: salon.adminMemberId })).slots).not.toEqual([])
  })

  it('offers only future starts today, and ignores minimum notice and the booking window', async () => {
    const response = await call(testApp, salon.owner, 'PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      min_notice_minutes: 43_200,
      booking_window_days: 1,
    })
    expect(response.statusCode, response.body).toBe(200)
    try {
      const today = await oneDay(0, { team_member_id: salon.staffMemberId })
      const now = Date.now()
      expect(today.slots.every((slot) => Date.parse(slot.starts_at) >= now)).toBe(true)
      const later = await oneDay(freshDay(), { team_member_id: salon.staffMemberId })
      expect(later.slots).toHaveLength(24)
    } finally {
      await call(testApp, salon.owner, 'PUT', '/api/v1/settings/booking-policy', policy)
    }
  })

  it('steps by the business’s slot interval', async () => {
    await call(testApp, salon.owner, 'PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      slot_interval_minutes: 60,
    })
    try {
      const day = freshDay()
      const result = await oneDay(day, { team_member_id: salon.staffMemberId })
      expect(result.slots.map((slot) => slot.starts_at)).toEqual(
        times(day, ['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00']),
      )
    } finally {
      await call(testApp, salon.owner, 'PUT', '/api/v1/settings/booking-policy', policy)
    }
  })
})

describe('any available team member', () => {
  it('offers the union of starts, each naming everyone free then', async () => {
    const day = freshDay()
    expect((await book(salon.staffMemberId, local(day, '10:00'))).statusCode).toBe(201)

    const result = await oneDay(day)

    const at10 = result.slots.find((slot) => slot.starts_at === local(day, '10:00'))
    const at9 = result.slots.find((slot) => slot.starts_at === local(day, '09:00'))
    expect(at10?.team_member_ids).toEqual([salon.ownerMemberId, salon.adminMemberId].sort())
    expect(at9?.team_member_ids).toEqual(
      [salon.ownerMemberId, salon.adminMemberId, salon.staffMemberId].sort(),
    )
    const starts = result.slots.map((slot) => slot.starts_at)
    expect(starts).toEqual([...new Set(starts)].sort())
  })

  it('spans several days in the business’s time zone', async () => {
    const first = freshDay()
    freshDay()
    const result = await availability(salon, {
      start_date: dateIn(first, salon.timeZone),
      end_date: dateIn(first + 1, salon.timeZone),
      team_member_id: salon.ownerMemberId,
    })
    expect(result.slots).toHaveLength(48)
    expect(result.slots[0]?.starts_at).toBe(local(first, '09:00'))
    expect(result.slots.at(-1)?.starts_at).toBe(local(first + 1, '16:15'))
  })
})

describe('group sessions', () => {
  it('offers the start of a session while it has a free seat', async () => {
    const day = freshDay()
    const yoga = await addService(testApp, salon.owner, {
      name: 'Yoga',
      duration_minutes: 60,
      capacity: 2,
      team_member_ids: [salon.adminMemberId],
    })
    const date = dateIn(day, salon.timeZone)
    const starts = async () =>
      (
        await availability(salon, {
          service_id: yoga,
          team_member_id: salon.adminMemberId,
          start_date: date,
          end_date: date,
        })
      ).slots.map((slot) => slot.starts_at)

    expect((await book(salon.adminMemberId, local(day, '10:00'), yoga)).statusCode).toBe(201)
    const withSeat = await starts()
    expect(withSeat).toContain(local(day, '10:00'))
    expect(withSeat).not.toContain(local(day, '10:15'))
    expect(withSeat).not.toContain(local(day, '09:15'))

    expect((await book(salon.adminMemberId, local(day, '10:00'), yoga)).statusCode).toBe(201)
    expect(await starts()).not.toContain(local(day, '10:00'))
  })
})

describe('checks', () => {
  const date = () => dateIn(3, salon.timeZone)

  it('refuses an end before the start, and more than 92 days', async () => {
    const ask = (query: Record<string, string>) =>
      call(
        testApp,
        salon.owner,
        'GET',
        `/api/v1/availability?${new URLSearchParams({ service_id: salon.haircutId, ...query })}`,
      )
    expectInvalid(
      await ask({ start_date: date(), end_date: dateIn(2, salon.timeZone) }),
      'query.end_date',
    )
    expectInvalid(
      await ask({ start_date: date(), end_date: dateIn(96, salon.timeZone) }),
      'query.end_date',
    )
    const longest = await ask({ start_date: date(), end_date: dateIn(95, salon.timeZone) })
    expect(longest.statusCode, longest.body).toBe(200)
    expectProblem(await ask({ start_date: date(), end_date: '2026-02-30' }), 400)
  })

  // Years 0000 and 9999 reached the engine and PostgreSQL and came back as 500s.
  it.each([
    ['availability', '/api/v1/availability', { service_id: () => salon.haircutId }],
    ['schedule', '/api/v1/schedule', {}],
  ] as const)(
    'refuses %s for dates at the ends of the calendar with 400 naming them',
    async (_, path, extra) => {
      const ask = (start_date: string, end_date: string) => {
        const fixed = Object.fromEntries(Object.entries(extra).map(([key, of]) => [key, of()]))
        const query = new URLSearchParams({ ...fixed, start_date, end_date })
        return call(testApp, salon.owner, 'GET', `${path}?${query}`)
      }
      expectInvalid(await ask('9999-12-30', '9999-12-31'), 'query.start_date', 'query.end_date')
      expectInvalid(await ask('0000-01-01', date()), 'query.start_date')
      expectInvalid(await ask(date(), '2201-01-01'), 'query.end_date')
      const lastAllowed = await ask('2200-12-01', '2200-12-31')
      expect(lastAllowed.statusCode, lastAllowed.body).toBe(200)
    },
  )

  it('refuses another business’s service or team member, and one who does not perform it', async () => {
    const ask = (query: Record<string, string>) =>
      call(
        testApp,
        salon.owner,
        'GET',
        `/api/v1/availability?${new URLSearchParams({ start_date: date(), end_date: date(), ...query })}`,
      )
    expectInvalid(await ask({ service_id: other.haircutId }), 'query.service_id')
    expectInvalid(
      await ask({ service_id: salon.haircutId, team_member_id: other.staffMemberId }),
      'query.team_member_id',
    )
    const ownerOnly = await addService(testApp, salon.owner, {
      name: 'Consultation',
      duration_minutes: 30,
      team_member_ids: [salon.ownerMemberId],
    })
    expectInvalid(
      await ask({ service_id: ownerOnly, team_member_id: salon.staffMemberId }),
      'query.team_member_id',
    )
    const nextQuery = new URLSearchParams({ service_id: other.haircutId })
    expectInvalid(
      await call(testApp, salon.owner, 'GET', `/api/v1/availability/next?${nextQuery}`),
      'query.service_id',
    )
  })
})

describe('daylight saving (America/New_York)', () => {
  let eastern: SchedulingBusiness
  let serviceId: string

  beforeAll(async () => {
    eastern = await createSchedulingBusiness(testApp, 'Eastern', 'America/New_York')
    // Sundays 00:00–12:00 with 04:00–09:00 off: one period spans the change, one does not.
    const hours = [
      { weekday: 7, start: '00:00', end: '12:00', breaks: [{ start: '04:00', end: '09:00' }] },
    ]
    const patched = await call(
      testApp,
      eastern.owner,
      'PATCH',
      `/api/v1/team-members/${eastern.staffMemberId}`,
      { working_hours: hours },
    )
    expect(patched.statusCode, patched.body).toBe(200)
    serviceId = await addService(testApp, eastern.owner, {
      name: 'Hour',
      duration_minutes: 60,
      team_member_ids: [eastern.staffMemberId],
    })
    await call(testApp, eastern.owner, 'PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      slot_interval_minutes: 60,
    })
  }, 60_000)

  async function sundaySlots(date: string, pretendNow: string): Promise<string[]> {
    // The dates are in the past of the real clock; staff availability starts at "now".
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(pretendNow) })
    const result = await availability(eastern, {
      service_id: serviceId,
      team_member_id: eastern.staffMemberId,
      start_date: date,
      end_date: date,
    })
    vi.useRealTimers()
    return result.slots.map((slot) => slot.starts_at)
  }

  it('spring forward (2026-03-08): the night period is an hour shorter in real time', async () => {
    expect(await sundaySlots('2026-03-08', '2026-03-01T12:00:00Z')).toEqual([
      '2026-03-08T05:00:00.000Z', // 00:00 EST
      '2026-03-08T06:00:00.000Z', // 01:00 EST
      '2026-03-08T07:00:00.000Z', // 03:00 EDT; 04:00 EDT ends the period
      '2026-03-08T13:00:00.000Z', // 09:00 EDT
      '2026-03-08T14:00:00.000Z',
      '2026-03-08T15:00:00.000Z',
    ])
  })

  it('fall back (2026-11-01): the repeated hour gives two distinct starts', async () => {
    expect(await sundaySlots('2026-11-01', '2026-10-25T12:00:00Z')).toEqual([
      '2026-11-01T04:00:00.000Z', // 00:00 EDT
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T07:00:00.000Z', // 02:00 EST
      '2026-11-01T08:00:00.000Z', // 03:00 EST; 04:00 EST ends the period
      '2026-11-01T14:00:00.000Z', // 09:00 EST
      '2026-11-01T15:00:00.000Z',
      '2026-11-01T16:00:00.000Z',
    ])
  })
})

describe('next available slot', () => {
  let team: SchedulingBusiness

  beforeAll(async () => {
    team = await createSchedulingBusiness(testApp, 'Next')
  }, 60_000)

  const next = (query: Record<string, string>) =>
    call(
      testApp,
      team.owner,
      'GET',
      `/api/v1/availability/next?${new URLSearchParams({ service_id: team.haircutId, ...query })}`,
    )

  it('is the earliest free start, the same one availability offers first', async () => {
    const response = await next({ team_member_id: team.staffMemberId })
    expect(response.statusCode, response.body).toBe(200)
    const proposed = response.json<ProposedSlot>()
    const offered = await availability(team, {
      team_member_id: team.staffMemberId,
      start_date: dateIn(0, team.timeZone),
      end_date: dateIn(1, team.timeZone),
    })
    expect(proposed).toEqual({
      starts_at: offered.slots[0]?.starts_at,
      ends_at: offered.slots[0]?.ends_at,
      team_member_id: team.staffMemberId,
      team_member_name: 'Next Staff',
    })
  })

  it('gives "any available" to the one with the fewest appointments that day', async () => {
    const first = (await next({})).json<ProposedSlot>()
    const day = first.starts_at
    // The proposed member gets the first slot booked, then someone else is proposed.
    const booked = await call(testApp, team.owner, 'POST', '/api/v1/appointments', {
      service_id: team.haircutId,
      customer_id: team.customerId,
      team_member_id: first.team_member_id,
      starts_at: day,
    })
    expect(booked.statusCode, booked.body).toBe(201)
    const second = (await next({})).json<ProposedSlot>()
    expect(second.starts_at).toBe(day)
    expect(second.team_member_id).not.toBe(first.team_member_id)
    expect([team.ownerMemberId, team.adminMemberId, team.staffMemberId]).toContain(
      second.team_member_id,
    )
  })

  it('is 404 with a reason when nobody is free in the next 92 days', async () => {
    const nobody = await addService(testApp, team.owner, {
      name: 'Never',
      duration_minutes: 30,
      team_member_ids: [team.adminMemberId],
    })
    await call(testApp, team.owner, 'PATCH', `/api/v1/team-members/${team.adminMemberId}`, {
      working_hours: [],
    })
    const problem = expectProblem(await next({ service_id: nobody }), 404)
    expect(problem.detail).toBe(
      'Nobody who performs it has a free time for Never in the next 92 days.',
    )
  })
})

describe('schedule', () => {
  it('gives each bookable member’s working periods and time off as instants', async () => {
    const day = freshDay()
    const date = dateIn(day, salon.timeZone)
    await call(
      testApp,
      salon.owner,
      'POST',
      `/api/v1/team-members/${salon.adminMemberId}/time-off`,
      {
        start_date: date,
        end_date: date,
        reason: 'Course',
      },
    )
    await call(
      testApp,
      salon.owner,
      'POST',
      `/api/v1/team-members/${salon.staffMemberId}/time-off`,
      {
        starts_at: local(day, '15:00'),
        ends_at: local(day, '16:00'),
        reason: 'Dentist',
      },
    )

    const response = await call(
      testApp,
      salon.staff,
      'GET',
      `/api/v1/schedule?start_date=${date}&end_date=${date}`,
    )

    expect(response.statusCode, response.body).toBe(200)
    const schedule = response.json<Schedule>()
    expect(schedule.time_zone).toBe('Europe/Berlin')
    const byName = Object.fromEntries(schedule.members.map((member) => [member.name, member]))
    expect(Object.keys(byName)).toEqual(['Avail Admin', 'Avail Owner', 'Avail Staff'])
    expect(byName['Avail Admin']).toMatchObject({
      team_member_id: salon.adminMemberId,
      time_zone: 'Europe/Berlin',
      working_periods: [],
      // The day off covers the lunch break: shaded once, as time off.
      breaks: [],
      time_off: [
        { starts_at: local(day, '00:00'), ends_at: local(day + 1, '00:00'), reason: 'Course' },
      ],
    })
    expect(byName['Avail Staff']?.working_periods).toEqual([
      { starts_at: local(day, '09:00'), ends_at: local(day, '12:00') },
      { starts_at: local(day, '13:00'), ends_at: local(day, '15:00') },
      { starts_at: local(day, '16:00'), ends_at: local(day, '17:00') },
    ])
    expect(byName['Avail Staff']?.breaks).toEqual([
      { starts_at: local(day, '12:00'), ends_at: local(day, '13:00') },
    ])
    // Each in their own colour of the palette, in the order they joined.
    expect(schedule.members.map((member) => [member.name, member.color])).toEqual([
      ['Avail Admin', '#0ea5e9'],
      ['Avail Owner', '#4f46e5'],
      ['Avail Staff', '#14b8a6'],
    ])
    expect(byName['Avail Staff']?.time_off).toEqual([
      { starts_at: local(day, '15:00'), ends_at: local(day, '16:00'), reason: 'Dentist' },
    ])
  })

  it('gives one member when asked, and refuses another business’s', async () => {
    const date = dateIn(4, salon.timeZone)
    const one = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/schedule?start_date=${date}&end_date=${date}&team_member_id=${salon.staffMemberId}`,
    )
    expect(one.json<Schedule>().members.map((member) => member.team_member_id)).toEqual([
      salon.staffMemberId,
    ])
    expectInvalid(
      await call(
        testApp,
        salon.owner,
        'GET',
        `/api/v1/schedule?start_date=${date}&end_date=${date}&team_member_id=${other.staffMemberId}`,
      ),
      'query.team_member_id',
    )
  })
})
