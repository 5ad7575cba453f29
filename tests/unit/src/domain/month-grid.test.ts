import { describe, expect, it } from 'vitest'
import {
  byDayPeriod,
  dayIn,
  dayPeriodOf,
  freeDays,
  gridMove,
  localeUses12Hours,
  localeWeekStart,
  monthWeeks,
  plusMonths,
  sameDayIn,
} from '../../../../src/domain/month-grid'

const MONDAY = 1
const SUNDAY = 0

describe('the month grid', () => {
  it('lays December 2026 out in weeks from Monday, blank cells around it', () => {
    const weeks = monthWeeks('2026-12', MONDAY)
    expect(weeks).toHaveLength(5)
    // 1 December 2026 is a Tuesday.
    expect(weeks[0]).toEqual([
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ])
    expect(weeks.at(-1)?.slice(0, 4)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
    ])
    expect(monthWeeks('2026-12', SUNDAY)[0]?.slice(0, 3)).toEqual([null, null, '2026-12-01'])
  })

  it('moves by day, week, start and end of the week, and month', () => {
    const day = '2026-12-31' // a Thursday
    expect(gridMove(day, 'ArrowRight', MONDAY)).toBe('2027-01-01')
    expect(gridMove(day, 'ArrowLeft', MONDAY)).toBe('2026-12-30')
    expect(gridMove(day, 'ArrowDown', MONDAY)).toBe('2027-01-07')
    expect(gridMove(day, 'ArrowUp', MONDAY)).toBe('2026-12-24')
    expect(gridMove(day, 'Home', MONDAY)).toBe('2026-12-28')
    expect(gridMove(day, 'End', MONDAY)).toBe('2027-01-03')
    expect(gridMove(day, 'Home', SUNDAY)).toBe('2026-12-27')
    expect(gridMove(day, 'PageDown', MONDAY)).toBe('2027-01-31')
    expect(gridMove('2027-01-31', 'PageDown', MONDAY)).toBe('2027-02-28')
    expect(gridMove('2027-03-31', 'PageUp', MONDAY)).toBe('2027-02-28')
    expect(sameDayIn('2028-01-30', 1)).toBe('2028-02-29')
    expect(plusMonths('2026-12', 1)).toBe('2027-01')
    expect(plusMonths('2026-01', -1)).toBe('2025-12')
  })
})

describe('free times in the visitor’s zone', () => {
  const slot = (starts_at: string) => ({ starts_at })

  it('files an instant under the visitor’s day and part of the day', () => {
    expect(dayIn('2026-12-01T23:30:00Z', 'UTC')).toBe('2026-12-01')
    expect(dayIn('2026-12-01T23:30:00Z', 'Europe/Berlin')).toBe('2026-12-02')
    expect(dayPeriodOf('2026-12-02T10:59:00Z', 'Europe/Berlin')).toBe('morning')
    expect(dayPeriodOf('2026-12-02T11:00:00Z', 'Europe/Berlin')).toBe('afternoon')
    expect(dayPeriodOf('2026-12-02T16:00:00Z', 'Europe/Berlin')).toBe('evening')
  })

  it('lists the free days and groups a day’s times into morning, afternoon and evening', () => {
    const slots = [
      slot('2026-12-02T08:00:00Z'),
      slot('2026-12-02T13:00:00Z'),
      slot('2026-12-01T23:30:00Z'),
      slot('2026-12-03T09:00:00Z'),
    ]
    expect(
      freeDays(
        slots.map((s) => s.starts_at),
        'Europe/Berlin',
      ),
    ).toEqual(['2026-12-02', '2026-12-03'])
    expect(byDayPeriod(slots, '2026-12-02', 'Europe/Berlin')).toEqual([
      { period: 'morning', slots: [slot('2026-12-02T08:00:00Z'), slot('2026-12-01T23:30:00Z')] },
      { period: 'afternoon', slots: [slot('2026-12-02T13:00:00Z')] },
    ])
  })

  it('knows which locales read a 12-hour clock', () => {
    expect(localeUses12Hours('en-US')).toBe(true)
    expect(localeUses12Hours('de-DE')).toBe(false)
  })
})

describe('the first day of the week', () => {
  it('follows the locale', () => {
    expect(localeWeekStart('de-DE')).toBe(1)
    expect(localeWeekStart('en-US')).toBe(0)
  })
})
