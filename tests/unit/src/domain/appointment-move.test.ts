import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Appointment, Schedule } from '../../../../src/api/appointments'
import {
  type MoveContext,
  type MoveRequest,
  moveProblem,
} from '../../../../src/domain/appointment-move'
import { wallClockToInstant } from '../../../../src/domain/appointment-time'

// Times on Tuesday 1 December 2026 in Berlin (UTC+1); "now" is the morning before.
const ZONE = 'Europe/Berlin'
const on = (time: string, date = '2026-12-01') => wallClockToInstant(`${date}T${time}`, ZONE)
const NOW = Date.parse(on('08:00', '2026-11-30'))
const PRIYA = 'priya'
const SAM = 'sam'
const KIM = 'kim'

function appointment(id: string, fields: Partial<Appointment> = {}): Appointment {
  return {
    id,
    service_id: 'haircut',
    service_name: 'Haircut',
    team_member_id: PRIYA,
    team_member_name: 'Priya',
    customer_name: 'Alex Kim',
    starts_at: on('10:00'),
    ends_at: on('10:45'),
    buffer_before_minutes: 0,
    buffer_after_minutes: 10,
    status: 'confirmed',
    capacity: 1,
    ...fields,
  } as Appointment
}

// Priya works 09:00–12:00 and 13:00–18:00 (lunch between), off from 15:00 on Wednesday.
const schedule: Schedule = {
  time_zone: ZONE,
  members: [
    {
      team_member_id: PRIYA,
      name: 'Priya',
      color: '#0ea5e9',
      time_zone: ZONE,
      // As the server gives them: hours minus breaks minus time off.
      working_periods: [
        { starts_at: on('09:00'), ends_at: on('12:00') },
        { starts_at: on('13:00'), ends_at: on('18:00') },
        { starts_at: on('09:00', '2026-12-02'), ends_at: on('12:00', '2026-12-02') },
        { starts_at: on('13:00', '2026-12-02'), ends_at: on('15:00', '2026-12-02') },
      ],
      breaks: ['2026-12-01', '2026-12-02'].map((date) => ({
        starts_at: on('12:00', date),
        ends_at: on('13:00', date),
      })),
      time_off: [
        {
          starts_at: on('15:00', '2026-12-02'),
          ends_at: on('18:00', '2026-12-02'),
          reason: 'Dentist',
        },
      ],
      busy_blocks: [],
    },
    {
      team_member_id: SAM,
      name: 'Sam',
      color: '#14b8a6',
      time_zone: ZONE,
      working_periods: [{ starts_at: on('09:00'), ends_at: on('17:00') }],
      breaks: [],
      time_off: [],
      busy_blocks: [],
    },
    {
      // Two shifts with no break between them: the gap is time Kim does not work.
      team_member_id: KIM,
      name: 'Kim Park',
      color: '#a855f7',
      time_zone: ZONE,
      working_periods: [
        { starts_at: on('08:00'), ends_at: on('12:00') },
        { starts_at: on('15:00'), ends_at: on('19:00') },
      ],
      breaks: [],
      time_off: [],
      busy_blocks: [],
    },
  ],
}

const moved = appointment('moved')
const context: MoveContext = {
  schedule,
  appointments: [
    moved,
    appointment('other', {
      customer_name: 'Bea Lund',
      starts_at: on('14:00'),
      ends_at: on('14:30'),
    }),
    appointment('gone', { starts_at: on('16:00'), ends_at: on('17:00'), status: 'cancelled' }),
  ],
  timeZone: ZONE,
  now: NOW,
}

const to = (start: string, end: string, teamMemberId = PRIYA, date?: string): MoveRequest => ({
  appointmentId: 'moved',
  startsAt: on(start, date),
  endsAt: on(end, date),
  teamMemberId,
})

describe('moveProblem', () => {
  it('lets a move into free working time through', () => {
    expect(moveProblem(to('11:00', '11:45'), context)).toBeNull()
    expect(moveProblem(to('16:00', '17:00'), context)).toBeNull()
    expect(moveProblem(to('09:00', '09:45', SAM), context)).toBeNull()
  })

  it('names the working hours a move leaves', () => {
    expect(moveProblem(to('17:30', '18:15'), context)).toBe('Priya finishes at 18:00 on Tuesdays.')
    expect(moveProblem(to('08:30', '09:15'), context)).toBe('Priya starts at 09:00 on Tuesdays.')
    expect(moveProblem(to('10:00', '10:45', PRIYA, '2026-12-03'), context)).toBe(
      'Priya does not work on Thursdays.',
    )
  })

  it('names the break a move or resize runs into', () => {
    expect(moveProblem(to('12:15', '12:45'), context)).toBe('Priya is on a break 12:00–13:00.')
    expect(moveProblem(to('11:30', '12:15'), context)).toBe('Priya is on a break 12:00–13:00.')
    expect(moveProblem(to('10:00', '13:30'), context)).toBe('Priya is on a break 12:00–13:00.')
  })

  it('calls a gap between two shifts time not worked, never a break', () => {
    expect(moveProblem(to('12:30', '13:15', KIM), context)).toBe('Kim is not working at 12:30.')
    expect(moveProblem(to('11:30', '12:15', KIM), context)).toBe('Kim is not working at 11:30.')
  })

  it('speaks of a break only where the schedule has one', () => {
    const quarter = fc.integer({ min: 0, max: 24 * 4 - 1 })
    const member = fc.constantFrom(PRIYA, KIM)
    const lunch = { start: Date.parse(on('12:00')), end: Date.parse(on('13:00')) }
    fc.assert(
      fc.property(quarter, fc.integer({ min: 1, max: 16 }), member, (start, length, who) => {
        const startsAt = Date.parse(on('00:00')) + start * 15 * 60_000
        const endsAt = startsAt + length * 15 * 60_000
        const request: MoveRequest = {
          appointmentId: 'moved',
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          teamMemberId: who,
        }
        const onBreak = who === PRIYA && startsAt < lunch.end && lunch.start < endsAt
        expect(moveProblem(request, context)?.includes('on a break') ?? false).toBe(onBreak)
      }),
    )
  })

  it('names time off with its reason', () => {
    expect(moveProblem(to('14:30', '15:15', PRIYA, '2026-12-02'), context)).toBe(
      'Priya is away (Dentist) 15:00–18:00.',
    )
  })

  it('names the appointment in the way, buffers included, and ignores cancelled ones', () => {
    // Ends 13:45, its 10-minute buffer reaches 13:55: clear of 14:00.
    expect(moveProblem(to('13:00', '13:45'), context)).toBeNull()
    // Ends 13:55, the buffer runs into 14:00.
    expect(moveProblem(to('13:10', '13:55'), context)).toBe(
      "Priya has Bea Lund's Haircut 14:00–14:30.",
    )
    // The one in the way's own buffer (10 min after 14:30) reaches 14:40.
    expect(moveProblem(to('14:35', '15:20'), context)).toBe(
      "Priya has Bea Lund's Haircut 14:00–14:30.",
    )
    expect(moveProblem(to('16:00', '16:45'), context)).toBeNull()
  })

  it('refuses the past, an end before the start and a member who does not do the service', () => {
    expect(moveProblem(to('10:00', '10:45', PRIYA, '2026-11-29'), context)).toBe(
      'That time has already passed.',
    )
    expect(moveProblem(to('11:00', '11:00'), context)).toBe(
      'An appointment has to end after it starts.',
    )
    const performers = new Map([['haircut', [PRIYA]]])
    expect(moveProblem(to('10:00', '10:45', SAM), { ...context, performers })).toBe(
      "Sam doesn't do Haircut.",
    )
  })

  it('lets an appointment under way be made longer (its start stays)', () => {
    const now = Date.parse(on('10:20'))
    expect(moveProblem(to('10:00', '11:00'), { ...context, now })).toBeNull()
  })

  it('judges nothing it has not loaded', () => {
    expect(moveProblem({ ...to('11:00', '11:45'), appointmentId: 'unknown' }, context)).toBeNull()
    expect(moveProblem(to('07:00', '07:45'), { ...context, schedule: null })).toBeNull()
  })

  it('never lets a move through that sits outside every working period', () => {
    const quarter = fc.integer({ min: 0, max: 24 * 4 - 1 })
    fc.assert(
      fc.property(quarter, fc.integer({ min: 1, max: 16 }), (start, length) => {
        const startsAt = Date.parse(on('00:00')) + start * 15 * 60_000
        const request: MoveRequest = {
          appointmentId: 'moved',
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(startsAt + length * 15 * 60_000).toISOString(),
          teamMemberId: SAM,
        }
        const inside =
          startsAt >= Date.parse(on('09:00')) &&
          startsAt + length * 15 * 60_000 <= Date.parse(on('17:00'))
        expect(moveProblem(request, context) === null).toBe(inside)
      }),
    )
  })
})
