import { fromAbsolute, parseDate, toCalendarDate, toZoned } from '@internationalized/date'
import type { PublicSlot } from '../../machines/booking.machine'

/** The visitor's own time zone, as the browser reports it. */
export function detectedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/**
 * Every IANA zone the browser knows, for the switcher. Not the staff app's TimeZoneField: that
 * brings react-aria's combo box into the booking page's first download.
 */
export function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
}

/** The instants that bound `days` whole days from `weekStart`, as midnights in `timeZone`. */
export function weekRange(
  weekStart: string,
  days: number,
  timeZone: string,
): { from: string; to: string } {
  const first = parseDate(weekStart)
  return {
    from: toZoned(first, timeZone).toAbsoluteString(),
    to: toZoned(first.add({ days }), timeZone).toAbsoluteString(),
  }
}

/** The day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function dayOf(instant: string, timeZone: string): string {
  return toCalendarDate(fromAbsolute(Date.parse(instant), timeZone)).toString()
}

export interface SlotDay {
  date: string
  slots: PublicSlot[]
}

/** Every day of the week with its free times (possibly none), in the visitor's zone. */
export function slotsByDay(
  slots: PublicSlot[],
  weekStart: string,
  days: number,
  timeZone: string,
): SlotDay[] {
  const first = parseDate(weekStart)
  const week: SlotDay[] = Array.from({ length: days }, (_, index) => ({
    date: first.add({ days: index }).toString(),
    slots: [],
  }))
  for (const slot of slots) {
    week.find((day) => day.date === dayOf(slot.starts_at, timeZone))?.slots.push(slot)
  }
  return week
}

/** "Wednesday 2 December" for a `YYYY-MM-DD` (a calendar day: no zone shifts it). */
export function formatDay(date: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`))
}

/** "09:30" (or "9:30 AM", by locale) for an instant in `timeZone`. */
export function formatTime(instant: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(instant),
  )
}

/** "Wednesday 2 December, 09:30" in `timeZone`. */
export function formatDayAndTime(instant: string, timeZone: string, locale?: string): string {
  return `${formatDay(dayOf(instant, timeZone), locale)}, ${formatTime(instant, timeZone, locale)}`
}

/** A friendly name of a zone: "Europe/Berlin" → "Europe/Berlin (GMT+1)". */
export function describeTimeZone(timeZone: string, at: Date = new Date()): string {
  const offset = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  return offset ? `${timeZone} (${offset})` : timeZone
}
