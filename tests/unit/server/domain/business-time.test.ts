import { describe, expect, it } from 'vitest'
import {
  addDays,
  dateAt,
  dateRangeInstants,
  daysBetween,
  describeInstant,
  startOfDate,
  wallClockInstant,
  weekAround,
} from '../../../../server/domain/business-time.ts'

const iso = (instant: number) => new Date(instant).toISOString()

describe('dates in a zone', () => {
  it('starts a date at the zone’s midnight', () => {
    expect(iso(startOfDate('2026-11-27', 'Europe/Berlin'))).toBe('2026-11-26T23:00:00.000Z')
    expect(iso(startOfDate('2026-11-27', 'Asia/Kolkata'))).toBe('2026-11-26T18:30:00.000Z')
  })

  it('starts a date that skips midnight at its first reading', () => {
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00.
    expect(iso(startOfDate('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z')
  })

  it('covers whole days, 23 or 25 hours long on daylight-saving days', () => {
    const spring = dateRangeInstants('2026-03-08', '2026-03-08', 'America/New_York')
    expect(spring.to - spring.from).toBe(23 * 3_600_000)
    const autumn = dateRangeInstants('2026-11-01', '2026-11-01', 'America/New_York')
    expect(autumn.to - autumn.from).toBe(25 * 3_600_000)
    const week = dateRangeInstants('2026-11-23', '2026-11-29', 'Europe/Berlin')
    expect(iso(week.from)).toBe('2026-11-22T23:00:00.000Z')
    expect(iso(week.to)).toBe('2026-11-29T23:00:00.000Z')
  })

  it('tells the date of an instant, and counts and adds days', () => {
    expect(dateAt(Date.parse('2026-11-26T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-27')
    expect(dateAt(Date.parse('2026-11-26T23:30:00Z'), 'America/New_York')).toBe('2026-11-26')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-11-01', '2027-01-31')).toBe(91)
    expect(daysBetween('2026-11-02', '2026-11-01')).toBe(-1)
  })

  it('finds Monday to Sunday around a date', () => {
    expect(weekAround('2026-11-26')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' })
    expect(weekAround('2026-11-23')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' })
    expect(weekAround('2026-11-29')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' })
    expect(weekAround('2027-01-01')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-03' })
  })

  it('converts a wall-clock reading, moving one in a gap later', () => {
    expect(iso(wallClockInstant('2026-03-08', '02:30', 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(iso(wallClockInstant('2026-11-01', '01:30', 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    )
  })
})

describe('describing an instant', () => {
  it('reads as weekday, day, month and 24-hour clock in the zone', () => {
    const instant = Date.parse('2026-11-27T09:05:00Z')
    expect(describeInstant(instant, 'Europe/Berlin')).toBe('Fri 27 Nov 10:05')
    expect(describeInstant(instant, 'Pacific/Auckland')).toBe('Fri 27 Nov 22:05')
    expect(describeInstant(instant, 'America/Los_Angeles')).toBe('Fri 27 Nov 01:05')
  })
})
