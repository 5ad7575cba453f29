import { Temporal } from 'temporal-polyfill'

/*
 * Wall-clock time is handled as "local milliseconds": the epoch milliseconds that the same
 * date and clock reading would have in UTC. A member-local day is then a plain multiple of
 * DAY_MS, and 'HH:MM' on that day is an addition.
 *
 * Wall clock → instant follows Temporal.PlainDateTime.toZonedDateTime(zone,
 * { disambiguation: 'compatible' }): a reading skipped by a spring-forward change moves
 * later by the length of the gap (02:30 in New York on 2026-03-08 is 03:30 EDT), and a
 * reading repeated by a fall-back change means its first occurrence (01:30 EDT on 2026-11-01).
 */

export const MINUTE_MS = 60_000
export const DAY_MS = 86_400_000

export interface ZoneClock {
  /** The instant of a wall-clock reading (local milliseconds), disambiguated as 'compatible'. */
  toInstant(local: number): number
  /** The wall-clock reading (local milliseconds) at an instant. */
  toLocal(instant: number): number
}

/**
 * A clock for `timeZone`, fast for instants in [from, to] and exact everywhere.
 *
 * Temporal's conversion costs tens of microseconds in the polyfill and availability makes a
 * few per member per day, which over 90 days × several members would eat the whole request
 * budget. So the zone's offset transitions within the range are read once, and a reading
 * that has exactly one instant is converted with arithmetic; readings in a gap or a repeated
 * hour, and anything outside the range, go to Temporal itself.
 */
export function zoneClock(timeZone: string, from: number, to: number): ZoneClock {
  // Segment k runs from starts[k] (an instant) to starts[k + 1], at offsets[k] milliseconds.
  let zoned = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(timeZone)
  const starts = [from]
  const offsets = [zoned.offsetNanoseconds / 1e6]
  for (;;) {
    const next = zoned.getTimeZoneTransition('next')
    if (!next || next.epochMilliseconds > to) break
    starts.push(next.epochMilliseconds)
    offsets.push(next.offsetNanoseconds / 1e6)
    zoned = next
  }
  const minOffset = Math.min(...offsets)
  const maxOffset = Math.max(...offsets)
  const inRange = (instant: number) => instant >= from && instant <= to

  /** The last segment that starts at or before `instant` (which is at or after `from`). */
  const segmentAt = (instant: number): number => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((starts[mid] as number) <= instant) low = mid
      else high = mid - 1
    }
    return low
  }

  return {
    toLocal(instant) {
      if (!inRange(instant)) return temporalToLocal(instant, timeZone)
      return instant + (offsets[segmentAt(instant)] as number)
    },
    toInstant(local) {
      const earliest = local - maxOffset
      const latest = local - minOffset
      if (!inRange(earliest) || !inRange(latest)) return temporalToInstant(local, timeZone)
      let found = Number.NaN
      let count = 0
      for (let k = segmentAt(earliest); k <= segmentAt(latest); k++) {
        const instant = local - (offsets[k] as number)
        const end = starts[k + 1] ?? Number.POSITIVE_INFINITY
        if (instant >= (starts[k] as number) && instant < end) {
          found = instant
          count++
        }
      }
      return count === 1 ? found : temporalToInstant(local, timeZone)
    },
  }
}

/** The reference conversion (and the one used in gaps, repeats and outside a clock's range). */
export function temporalToInstant(local: number, timeZone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(local)
    .toZonedDateTimeISO('UTC')
    .toPlainDateTime()
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds
}

export function temporalToLocal(instant: number, timeZone: string): number {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone)
  return instant + zoned.offsetNanoseconds / 1e6
}

/** 'HH:MM' as minutes after midnight. */
export function clockMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
}

/** 'YYYY-MM-DD' as the local milliseconds of that day's 00:00. */
export function localMidnight(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))
}

/** The ISO weekday (Monday = 1 … Sunday = 7) of a local day number (days since 1970-01-01). */
export function isoWeekday(dayNumber: number): number {
  // 1970-01-01 was a Thursday.
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1
}
