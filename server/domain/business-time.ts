import { Temporal } from 'temporal-polyfill'

/*
 * Dates and clock readings in the business's time zone, for the staff-facing API: which
 * instants a date range covers, what "today" and "this week" are, and how a time reads in an
 * activity-log line. Instants are epoch milliseconds.
 */

const DAY_MS = 86_400_000

/** The first instant of a date in the zone (midnight, or the first reading after a gap). */
export function startOfDate(date: string, timeZone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds
}

/** The instant of a wall-clock reading (`HH:MM`) on a date in the zone ('compatible' in gaps). */
export function wallClockInstant(date: string, time: string, timeZone: string): number {
  return Temporal.PlainDate.from(date)
    .toPlainDateTime(Temporal.PlainTime.from(time))
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds
}

/** The date (`YYYY-MM-DD`) an instant falls on in the zone. */
export function dateAt(instant: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(instant)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString()
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString()
}

/** Whole days from `start` to `end` (negative when `end` is earlier). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00Z`) - Date.parse(`${start}T00:00Z`)) / DAY_MS)
}

/** The instants a run of whole dates covers: [first date's start, the day after the last's). */
export function dateRangeInstants(
  startDate: string,
  endDate: string,
  timeZone: string,
): { from: number; to: number } {
  return { from: startOfDate(startDate, timeZone), to: startOfDate(addDays(endDate, 1), timeZone) }
}

/** Monday and Sunday of the ISO week a date is in. */
export function weekAround(date: string): { startDate: string; endDate: string } {
  const day = Temporal.PlainDate.from(date)
  const monday = day.subtract({ days: day.dayOfWeek - 1 })
  return { startDate: monday.toString(), endDate: monday.add({ days: 6 }).toString() }
}

/** "Thu 27 Nov 10:00": an instant as the zone's wall clock, for one-line summaries. */
export function describeInstant(instant: number, timeZone: string): string {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone)
  const weekday = WEEKDAYS[zoned.dayOfWeek - 1]
  const month = MONTHS[zoned.month - 1]
  const clock = `${pad(zoned.hour)}:${pad(zoned.minute)}`
  return `${weekday} ${zoned.day} ${month} ${clock}`
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
