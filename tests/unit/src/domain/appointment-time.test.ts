import { describe, expect, it } from 'vitest'
import {
  addDays,
  isIsoDate,
  isWallClock,
  joinWallClock,
  laterDay,
  toWallClock,
  wallClockToInstant,
} from '../../../../src/domain/appointment-time'

describe('business-zone wall clocks', () => {
  it('reads an instant on the business clock, whatever the zone', () => {
    expect(toWallClock('2026-11-27T09:00:00Z', 'Europe/Berlin')).toBe('2026-11-27T10:00')
    expect(toWallClock('2026-11-27T09:00:00Z', 'Asia/Kolkata')).toBe('2026-11-27T14:30')
    expect(toWallClock('2026-11-27T09:00:00Z', 'America/Los_Angeles')).toBe('2026-11-27T01:00')
  })

  it('turns a wall clock into its instant on both sides of a daylight-saving change', () => {
    expect(wallClockToInstant('2026-03-07T10:00', 'America/New_York')).toBe(
      '2026-03-07T15:00:00.000Z',
    )
    expect(wallClockToInstant('2026-03-09T10:00', 'America/New_York')).toBe(
      '2026-03-09T14:00:00.000Z',
    )
  })

  it('moves a skipped time forward and takes the first of a repeated one', () => {
    // 02:30 does not exist on 8 March 2026 in New York; 01:30 on 1 November happens twice.
    expect(wallClockToInstant('2026-03-08T02:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    )
    expect(wallClockToInstant('2026-11-01T01:30', 'America/New_York')).toBe(
      '2026-11-01T05:30:00.000Z',
    )
  })

  it('checks and joins days and times', () => {
    expect(isIsoDate('2026-02-28')).toBe(true)
    expect(isIsoDate('2026-02-30')).toBe(false)
    expect(isWallClock('2026-11-27T24:00')).toBe(false)
    expect(joinWallClock('2026-11-27', '09:05')).toBe('2026-11-27T09:05')
    expect(joinWallClock('2026-11-27', null)).toBeNull()
    expect(joinWallClock('2026-11-27', '9:5')).toBeNull()
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(laterDay('2026-11-27', '2026-12-01')).toBe('2026-12-01')
  })
})
