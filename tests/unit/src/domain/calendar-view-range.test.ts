import { describe, expect, it } from 'vitest'
import { viewRange } from '../../../../src/domain/calendar-range'

// Hand-computed: Europe/Berlin leaves summer time on Sunday 25 October 2026 (UTC+2 → UTC+1).
describe('viewRange, the range a view shows from the address alone', () => {
  it('a day is the business-zone day', () => {
    expect(viewRange('day', '2026-10-25', 'Europe/Berlin')).toEqual({
      from: '2026-10-24T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
      startDate: '2026-10-25',
      endDate: '2026-10-25',
    })
  })

  it('a week runs Monday to Sunday, across the change of clocks', () => {
    expect(viewRange('week', '2026-10-22', 'Europe/Berlin')).toEqual({
      from: '2026-10-18T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
      startDate: '2026-10-19',
      endDate: '2026-10-25',
    })
    // A Monday and a Sunday are the first and last days of their own weeks.
    expect(viewRange('week', '2026-10-19', 'Europe/Berlin').startDate).toBe('2026-10-19')
    expect(viewRange('week', '2026-10-25', 'Europe/Berlin').startDate).toBe('2026-10-19')
  })

  it('a month shows six whole weeks from the week of its first day', () => {
    // 1 November 2026 is a Sunday: the grid starts on Monday 26 October.
    expect(viewRange('month', '2026-11-15', 'Europe/Berlin')).toEqual({
      from: '2026-10-25T23:00:00.000Z',
      to: '2026-12-06T23:00:00.000Z',
      startDate: '2026-10-26',
      endDate: '2026-12-06',
    })
    // 1 June 2026 is a Monday: the grid starts on it.
    expect(viewRange('month', '2026-06-30', 'America/New_York')).toMatchObject({
      from: '2026-06-01T04:00:00.000Z',
      startDate: '2026-06-01',
      endDate: '2026-07-12',
    })
  })
})
