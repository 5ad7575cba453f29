import { describe, expect, it } from 'vitest'
import {
  clockFromParts,
  clockParts,
  fromMinutes,
  setDayEnabled,
  suggestBreak,
  toMinutes,
  workingHoursErrors,
} from '../../../../src/domain/working-hours-rules'

const day = (
  weekday: number,
  start: string,
  end: string,
  breaks: Array<[string, string]> = [],
) => ({
  weekday,
  start,
  end,
  breaks: breaks.map(([from, to]) => ({ start: from, end: to })),
})

describe('working hours rules (keyed like the server’s problem paths)', () => {
  it('accepts a normal week with breaks that touch', () => {
    expect(
      workingHoursErrors([
        day(1, '09:00', '17:00', [
          ['12:00', '12:30'],
          ['12:30', '13:00'],
        ]),
        day(3, '00:00', '23:59'),
      ]),
    ).toEqual({})
  })

  it('a day must end after it starts, at its array index', () => {
    expect(workingHoursErrors([day(1, '09:00', '17:00'), day(2, '10:00', '10:00')])).toEqual({
      'working_hours.1.end': 'Finish after the start (10:00).',
    })
  })

  it('breaks must be inside the hours, end after they start, and not overlap', () => {
    expect(
      workingHoursErrors([
        day(5, '09:00', '17:00', [
          ['08:30', '09:30'],
          ['14:00', '13:00'],
          ['12:00', '13:00'],
          ['12:30', '13:30'],
        ]),
      ]),
    ).toEqual({
      'working_hours.0.breaks.0': 'The break must be within the working hours 09:00–17:00.',
      'working_hours.0.breaks.1': 'The break must end after it starts (14:00).',
      'working_hours.0.breaks.3': 'Overlaps the break 12:00–13:00.',
    })
  })

  it('switching a day off and on keeps Monday-first order and brings back remembered hours', () => {
    const week = [day(1, '09:00', '17:00'), day(3, '08:00', '12:00')]
    const withoutWednesday = setDayEnabled(week, 3, false)
    expect(withoutWednesday.map((d) => d.weekday)).toEqual([1])
    const back = setDayEnabled(withoutWednesday, 3, true, week[1])
    expect(back).toEqual(week)
    expect(setDayEnabled(week, 2, true).map((d) => [d.weekday, d.start, d.end])).toEqual([
      [1, '09:00', '17:00'],
      [2, '09:00', '17:00'],
      [3, '08:00', '12:00'],
    ])
  })

  it('suggests a break that fits inside the day', () => {
    expect(suggestBreak(day(1, '09:00', '17:00'))).toEqual({ start: '13:00', end: '14:00' })
    const short = suggestBreak(day(1, '09:00', '09:45'))
    expect(short.start >= '09:00' && short.end <= '09:45' && short.start < short.end).toBe(true)
  })

  it('converts clock times to minutes and back', () => {
    expect(toMinutes('07:05')).toBe(425)
    expect(fromMinutes(425)).toBe('07:05')
    expect(fromMinutes(24 * 60 + 10)).toBe('24:00')
  })
})

describe('24:00 in a time field', () => {
  it('shows the end of the day as 00:00 and every other time as it is', () => {
    expect(clockParts('24:00')).toEqual({ hour: 0, minute: 0 })
    expect(clockParts('00:00')).toEqual({ hour: 0, minute: 0 })
    expect(clockParts('09:05')).toEqual({ hour: 9, minute: 5 })
    expect(clockParts('23:59')).toEqual({ hour: 23, minute: 59 })
  })

  it('stores 00:00 typed in an end as 24:00, and as 00:00 in a start', () => {
    expect(clockFromParts(0, 0, true)).toBe('24:00')
    expect(clockFromParts(0, 0, false)).toBe('00:00')
    expect(clockFromParts(0, 30, true)).toBe('00:30')
    expect(clockFromParts(7, 5, true)).toBe('07:05')
    expect(clockFromParts(23, 59, false)).toBe('23:59')
  })

  it('round-trips every stored end through the field unchanged', () => {
    for (let minutes = 1; minutes <= 24 * 60; minutes += 1) {
      const end = fromMinutes(minutes)
      const { hour, minute } = clockParts(end)
      expect(clockFromParts(hour, minute, true)).toBe(end)
    }
  })

  it('accepts a day and a break that end at midnight', () => {
    expect(workingHoursErrors([day(5, '18:00', '24:00', [['23:00', '24:00']])])).toEqual({})
  })
})
