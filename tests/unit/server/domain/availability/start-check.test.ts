import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gridIndexFrom, isOnGrid } from '../../../../../server/domain/availability/slot-grid.ts'
import { memberSlots } from '../../../../../server/domain/availability/slots.ts'
import {
  anyoneStartRefusal,
  startRefusal,
} from '../../../../../server/domain/availability/start-check.ts'
import {
  DAY,
  everyDay,
  MINUTE,
  member,
  policy,
  service,
  zone,
} from '../../../../support/unit/availability-support.ts'

const ny = zone('America/New_York')
const refusal = (startsAt: number, overrides: Parameters<typeof member>[0] = {}, interval = 30) =>
  startRefusal({
    schedule: member(overrides),
    service: service(),
    startsAt,
    slotIntervalMinutes: interval,
  })

describe('the slot grid', () => {
  it('starts at the period start and steps by the interval', () => {
    expect(isOnGrid(0, 0, 15 * MINUTE)).toBe(true)
    expect(isOnGrid(0, 45 * MINUTE, 15 * MINUTE)).toBe(true)
    expect(isOnGrid(0, 44 * MINUTE, 15 * MINUTE)).toBe(false)
    expect(isOnGrid(0, -15 * MINUTE, 15 * MINUTE)).toBe(false)
    expect(gridIndexFrom(0, 16 * MINUTE, 15 * MINUTE)).toBe(2)
    expect(gridIndexFrom(0, -DAY, 15 * MINUTE)).toBe(0)
  })
})

describe('a start the page would never offer', () => {
  it('is accepted on the grid inside working hours', () => {
    expect(refusal(ny.at('2026-03-04T09:00'))).toBeNull()
    expect(refusal(ny.at('2026-03-04T16:30'))).toBeNull()
  })

  it('is off the grid a minute away from a grid point', () => {
    expect(refusal(ny.at('2026-03-04T09:01'))).toBe('off_grid')
    expect(refusal(ny.at('2026-03-04T10:15'))).toBe('off_grid')
    expect(refusal(ny.at('2026-03-04T10:15'), {}, 15)).toBeNull()
  })

  it('counts the grid from the end of a break or time off, as the engine does', () => {
    const withBreak = { workingHours: everyDay('09:00', '17:00', [['12:00', '12:45']]) }
    expect(refusal(ny.at('2026-03-04T12:45'), withBreak)).toBeNull()
    expect(refusal(ny.at('2026-03-04T13:00'), withBreak)).toBe('off_grid')
    expect(refusal(ny.at('2026-03-04T12:30'), withBreak)).toBe('outside_working_hours')
  })

  it('names hours and time off apart', () => {
    expect(refusal(ny.at('2026-03-04T08:30'))).toBe('outside_working_hours')
    expect(refusal(ny.at('2026-03-04T16:45'))).toBe('outside_working_hours')
    const away = {
      timeOff: [{ allDay: true as const, startDate: '2026-03-04', endDate: '2026-03-04' }],
    }
    expect(refusal(ny.at('2026-03-04T10:00'), away)).toBe('time_off')
  })

  it('for anyone, is the closest reason, and none when someone could take it', () => {
    expect(anyoneStartRefusal(['outside_working_hours', null])).toBeNull()
    expect(anyoneStartRefusal(['outside_working_hours', 'time_off'])).toBe('time_off')
    expect(anyoneStartRefusal(['time_off', 'off_grid'])).toBe('off_grid')
    expect(anyoneStartRefusal([])).toBe('outside_working_hours')
  })

  it('agrees with the engine: every offered start passes, a minute off never does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(5, 10, 15, 20, 30, 45, 60),
        fc.constantFrom(15, 25, 30, 50, 60, 90),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom('America/New_York', 'Europe/Berlin', 'Asia/Kathmandu'),
        (interval, duration, breakMinute, timeZone) => {
          const schedule = member({
            timeZone,
            workingHours: everyDay('08:10', '18:00', [
              [`12:${String(breakMinute).padStart(2, '0')}`, '13:07'],
            ]),
          })
          const timing = service({ durationMinutes: duration })
          // Around New York's spring-forward (8 March 2026).
          const from = Date.UTC(2026, 2, 7)
          const slots = memberSlots({
            schedule,
            service: timing,
            policy: policy({ slotIntervalMinutes: interval }),
            now: 0,
            from,
            to: from + 10 * DAY,
          })
          for (const slot of slots) {
            const input = { schedule, service: timing, slotIntervalMinutes: interval }
            expect(startRefusal({ ...input, startsAt: slot.startsAt })).toBeNull()
            expect(startRefusal({ ...input, startsAt: slot.startsAt + MINUTE })).not.toBeNull()
          }
        },
      ),
      { numRuns: 15 },
    )
    // Each run checks every start of ten days twice; a loaded machine needs more than 5 s.
  }, 30_000)
})
