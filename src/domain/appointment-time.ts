import {
  fromAbsolute,
  parseDate,
  parseDateTime,
  toCalendarDateTime,
  today,
  toZoned,
} from '@internationalized/date'

/**
 * Wall-clock ↔ instant in the business time zone. The staff app shows and takes every time as
 * the business's clock (`2026-11-27T10:00`, no zone), whatever the browser's own zone is, and
 * the API speaks instants (RFC 3339 with offset).
 */

/** `2026-11-27T10:00` for an instant, read in `timeZone`. */
export function toWallClock(instant: string | number | Date, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime()
  return toCalendarDateTime(fromAbsolute(ms, timeZone)).toString().slice(0, 16)
}

/**
 * The instant (ISO, UTC) of a wall-clock time in `timeZone`. A time skipped by a daylight-saving
 * change moves forward (as clocks do); a repeated one takes the earlier of the two.
 */
export function wallClockToInstant(wallClock: string, timeZone: string): string {
  return toZoned(parseDateTime(wallClock), timeZone, 'compatible').toAbsoluteString()
}

/** The day part of a wall-clock value: `2026-11-27T10:00` → `2026-11-27`. */
export function wallClockDate(wallClock: string): string {
  return wallClock.slice(0, 10)
}

/** Today's date (`2026-11-27`) in `timeZone`. */
export function todayIn(timeZone: string): string {
  return today(timeZone).toString()
}

/** `2026-11-27` ± days. */
export function addDays(date: string, days: number): string {
  return parseDate(date).add({ days }).toString()
}

/** Whether a string is a real calendar date in ISO form. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  try {
    return parseDate(value).toString() === value
  } catch {
    return false
  }
}

/** Whether a string is a wall-clock time `YYYY-MM-DDTHH:MM` that exists on the calendar. */
export function isWallClock(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return false
  try {
    return parseDateTime(value).toString().slice(0, 16) === value
  } catch {
    return false
  }
}

/** `2026-11-27` + `10:30` → `2026-11-27T10:30`; null unless both make a real wall-clock time. */
export function joinWallClock(date: string | null, time: string | null): string | null {
  if (!date || !time) return null
  const wallClock = `${date}T${time}`
  return isWallClock(wallClock) ? wallClock : null
}

/** The later of two ISO dates. */
export function laterDay(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b
}

/** Completing or marking a no-show makes sense only once the appointment has started. */
export function hasStarted(startsAt: string, now: number = Date.now()): boolean {
  return new Date(startsAt).getTime() <= now
}
