import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  clockMinutes,
  DAY_MS,
  isoWeekday,
  localMidnight,
  MINUTE_MS,
  temporalToInstant,
  temporalToLocal,
  zoneClock,
} from '../../../../../server/domain/availability/local-time.ts'

// Zones with whole-hour, half-hour and 45-minute offsets and changes, changes at midnight
// (Havana, Santiago), and none at all.
const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Australia/Adelaide',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'America/Santiago',
  'America/Havana',
  'Pacific/Chatham',
  'UTC',
]

/** The instants at which `timeZone` changes its offset in 2026 (none for a fixed zone). */
function transitions2026(timeZone: string): number[] {
  const found: number[] = []
  let at: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
    year: 2026,
    month: 1,
    day: 1,
    timeZone,
  })
  for (;;) {
    at = at.getTimeZoneTransition('next')
    if (!at || at.year > 2026) return found
    found.push(at.epochMilliseconds)
  }
}

const aroundTransitions = fc.constantFrom(...ZONES).chain((timeZone) =>
  fc.record({
    timeZone: fc.constant(timeZone),
    near: fc.constantFrom(...transitions2026(timeZone), Date.UTC(2026, 5, 15)),
    // Minutes either side, biased to the hours around the change.
    minutes: fc.oneof(
      fc.integer({ min: -180, max: 180 }),
      fc.integer({ min: -3 * 1440, max: 3 * 1440 }),
    ),
  }),
)

describe('zoneClock', () => {
  it('converts wall clock to instants exactly as Temporal does with disambiguation "compatible"', () => {
    fc.assert(
      fc.property(aroundTransitions, fc.boolean(), ({ timeZone, near, minutes }, wide) => {
        const clock = zoneClock(
          timeZone,
          near - (wide ? 4 : 1) * DAY_MS,
          near + (wide ? 4 : 1) * DAY_MS,
        )
        // A wall-clock reading near the change, in whole minutes as working hours are.
        const local =
          Math.floor(temporalToLocal(near, timeZone) / MINUTE_MS) * MINUTE_MS + minutes * MINUTE_MS
        expect(clock.toInstant(local)).toBe(temporalToInstant(local, timeZone))
      }),
      { numRuns: 1000 },
    )
  })

  it('reads the wall clock at an instant exactly as Temporal does', () => {
    fc.assert(
      fc.property(aroundTransitions, ({ timeZone, near, minutes }) => {
        const clock = zoneClock(timeZone, near - DAY_MS, near + DAY_MS)
        const instant = near + minutes * MINUTE_MS
        expect(clock.toLocal(instant)).toBe(temporalToLocal(instant, timeZone))
      }),
      { numRuns: 1000 },
    )
  })

  it('moves a skipped reading later by the gap and takes the first of a repeated one', () => {
    const newYork = zoneClock('America/New_York', Date.UTC(2026, 2, 1), Date.UTC(2026, 10, 5))
    expect(new Date(newYork.toInstant(Date.UTC(2026, 2, 8, 2, 30))).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z', // 03:30 EDT
    )
    expect(new Date(newYork.toInstant(Date.UTC(2026, 10, 1, 1, 30))).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z', // 01:30 EDT, not EST
    )
  })
})

describe('calendar helpers', () => {
  it('reads clock times, dates and ISO weekdays', () => {
    expect(clockMinutes('00:00')).toBe(0)
    expect(clockMinutes('23:59')).toBe(1439)
    expect(localMidnight('2026-06-15')).toBe(Date.UTC(2026, 5, 15))
    expect(isoWeekday(localMidnight('2026-06-15') / DAY_MS)).toBe(1) // a Monday
    expect(isoWeekday(localMidnight('2026-06-21') / DAY_MS)).toBe(7)
    expect(isoWeekday(localMidnight('1969-12-29') / DAY_MS)).toBe(1) // before the epoch
  })
})
