import { describe, expect, it } from 'vitest'
import { clockIn, hoursSummary, zoneMovePreview } from '../../../../src/domain/zone-move'

const day = (weekday: number, start = '09:00', end = '17:00') => ({
  weekday,
  start,
  end,
  breaks: [],
})
const weekdays = [1, 2, 3, 4, 5].map((weekday) => day(weekday))

describe('hoursSummary', () => {
  it('says a week in a few words', () => {
    expect(hoursSummary(weekdays)).toBe('Mon–Fri 09:00–17:00')
    expect(hoursSummary([...weekdays, day(6, '10:00', '14:00')])).toBe(
      'Mon–Fri 09:00–17:00, Sat 10:00–14:00',
    )
    expect(hoursSummary([day(1), day(3), day(4)])).toBe('Mon, Wed, Thu 09:00–17:00')
    expect(hoursSummary([])).toBe('no working hours')
  })
})

describe('clockIn', () => {
  it('reads a wall-clock time on another zone’s clocks, daylight saving included', () => {
    expect(clockIn('09:00', '2026-12-01', 'UTC', 'America/New_York')).toBe('04:00')
    expect(clockIn('09:00', '2026-07-01', 'UTC', 'America/New_York')).toBe('05:00')
    expect(clockIn('24:00', '2026-12-01', 'UTC', 'Europe/Berlin')).toBe('01:00')
  })
})

describe('zoneMovePreview', () => {
  it('moves the members on the old zone with their clock times and leaves the others', () => {
    const preview = zoneMovePreview(
      [
        { id: 'a', name: 'Ana', time_zone: 'UTC', working_hours: weekdays },
        { id: 'b', name: 'Ben', time_zone: 'Europe/London', working_hours: weekdays },
      ],
      'UTC',
      'America/New_York',
      '2026-12-01',
    )
    expect(preview.moving).toEqual([
      {
        id: 'a',
        name: 'Ana',
        before: 'Mon–Fri 09:00–17:00 UTC',
        after: 'Mon–Fri 09:00–17:00 America/New_York',
      },
    ])
    expect(preview.ifStaying).toEqual([
      { id: 'a', name: 'Ana', reading: '09:00–17:00 UTC is 04:00–12:00 in America/New_York' },
    ])
    expect(preview.elsewhere).toEqual([{ id: 'b', name: 'Ben', timeZone: 'Europe/London' }])
  })
})
