import { describe, expect, it } from 'vitest'
import { formatTimeOff } from '../../../../../src/features/team/time-off-format'
import {
  NEW_TIME_OFF,
  timeOffInput,
  validateTimeOff,
  wallClockToInstant,
} from '../../../../../src/features/team/time-off-values'

describe('time off values', () => {
  it('whole days need both days, the last not before the first', () => {
    expect(validateTimeOff(NEW_TIME_OFF)).toEqual({
      start_date: 'Choose the first and last day off.',
    })
    expect(
      validateTimeOff({ ...NEW_TIME_OFF, start_date: '2030-08-15', end_date: '2030-08-12' }),
    ).toEqual({ end_date: 'The last day cannot be before the first.' })
    expect(
      validateTimeOff({ ...NEW_TIME_OFF, start_date: '2030-08-12', end_date: '2030-08-12' }),
    ).toEqual({})
  })

  it('a span must end after it starts', () => {
    const span = { ...NEW_TIME_OFF, mode: 'span' as const }
    expect(Object.keys(validateTimeOff(span))).toEqual(['starts_at', 'ends_at'])
    expect(
      validateTimeOff({ ...span, starts_at: '2030-09-01T15:00', ends_at: '2030-09-01T13:00' }),
    ).toEqual({ ends_at: 'End after the start.' })
  })

  it('a span is sent as instants of the member’s wall clock, across DST', () => {
    expect(wallClockToInstant('2030-07-01T13:30', 'Europe/Berlin')).toBe('2030-07-01T11:30:00.000Z')
    expect(wallClockToInstant('2030-01-01T13:30', 'Europe/Berlin')).toBe('2030-01-01T12:30:00.000Z')
    expect(
      timeOffInput(
        {
          ...NEW_TIME_OFF,
          mode: 'span',
          starts_at: '2030-09-01T13:30',
          ends_at: '2030-09-01T15:30',
          reason: ' Dentist ',
        },
        'America/New_York',
      ),
    ).toEqual({
      starts_at: '2030-09-01T17:30:00.000Z',
      ends_at: '2030-09-01T19:30:00.000Z',
      reason: 'Dentist',
    })
  })

  it('whole days are sent as dates, without an empty reason', () => {
    expect(
      timeOffInput({ ...NEW_TIME_OFF, start_date: '2030-08-12', end_date: '2030-08-15' }, 'UTC'),
    ).toEqual({ start_date: '2030-08-12', end_date: '2030-08-15' })
  })

  it('shows whole days on their own dates in any zone, spans in the member’s zone', () => {
    const days = {
      id: 'a',
      all_day: true,
      start_date: '2030-08-12',
      end_date: '2030-08-15',
      starts_at: null,
      ends_at: null,
      reason: '',
    }
    expect(formatTimeOff(days, 'Pacific/Kiritimati', 'en-US')).toMatch(/^Aug 12\s–\s15, 2030$/)
    const span = {
      ...days,
      all_day: false,
      start_date: null,
      end_date: null,
      starts_at: '2030-09-01T17:30:00Z',
      ends_at: '2030-09-01T19:30:00Z',
    }
    expect(formatTimeOff(span, 'America/New_York', 'en-US')).toMatch(/Sep 1, 2030.*13:30.*15:30/)
  })
})
