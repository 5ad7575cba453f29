import { describe, expect, it } from 'vitest'
import { timeOffTouches } from '../../../../../server/db/repositories/schedule-time-off-reads.ts'

const DAY_MS = 86_400_000
const at = (iso: string) => Date.parse(iso)
const allDay = (startDate: string, endDate: string) => ({
  allDay: true,
  startDate,
  endDate,
  startsAt: null,
  endsAt: null,
})
const timed = (from: string, to: string) => ({
  allDay: false,
  startDate: null,
  endDate: null,
  startsAt: new Date(from),
  endsAt: new Date(to),
})

describe('timeOffTouches: what a time-off read of [from, to) finds', () => {
  const from = at('2026-03-10T09:00:00Z')
  const to = from + 1

  it('finds whole days within two days of the range either side (zones), and no further', () => {
    expect(timeOffTouches(allDay('2026-03-01', '2026-03-08'), from, to)).toBe(true)
    expect(timeOffTouches(allDay('2026-03-01', '2026-03-07'), from, to)).toBe(false)
    expect(timeOffTouches(allDay('2026-03-12', '2026-03-20'), from, to)).toBe(true)
    expect(timeOffTouches(allDay('2026-03-13', '2026-03-20'), from, to)).toBe(false)
  })

  it('finds timed time off overlapping the range, not one that only meets it', () => {
    expect(
      timeOffTouches(timed('2026-03-10T08:00:00Z', '2026-03-10T09:00:00.001Z'), from, to),
    ).toBe(true)
    expect(timeOffTouches(timed('2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z'), from, to)).toBe(
      false,
    )
    expect(
      timeOffTouches(timed('2026-03-10T09:00:00.001Z', '2026-03-10T10:00:00Z'), from, to),
    ).toBe(false)
  })

  it('finds in a four-week window every row a read of one instant in it finds (the start check cuts its cached window down)', () => {
    const window = 28 * DAY_MS
    let seed = 7
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const base = at('2026-01-01T00:00:00Z')
    for (let n = 0; n < 2000; n++) {
      const start = base + Math.floor(random() * 120) * DAY_MS + Math.floor(random() * DAY_MS)
      const row =
        random() < 0.5
          ? allDay(
              new Date(start).toISOString().slice(0, 10),
              new Date(start + Math.floor(random() * 5) * DAY_MS).toISOString().slice(0, 10),
            )
          : timed(
              new Date(start).toISOString(),
              new Date(start + 1 + Math.floor(random() * 3 * DAY_MS)).toISOString(),
            )
      const instant = base + Math.floor(random() * 120 * DAY_MS)
      const windowStart = Math.floor(instant / window) * window
      if (timeOffTouches(row, instant, instant + 1)) {
        expect(timeOffTouches(row, windowStart, windowStart + window)).toBe(true)
      }
    }
  })
})
