import { fromAbsolute, parseDate, toCalendarDate, toZoned } from '@internationalized/date'

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

/** The instants that bound `days` whole days from `firstDay`, as midnights in `timeZone`. */
export function daysRange(
  firstDay: string,
  days: number,
  timeZone: string,
): { from: string; to: string } {
  const first = parseDate(firstDay)
  return {
    from: toZoned(first, timeZone).toAbsoluteString(),
    to: toZoned(first.add({ days }), timeZone).toAbsoluteString(),
  }
}

/** The day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function dayOf(instant: string, timeZone: string): string {
  return toCalendarDate(fromAbsolute(Date.parse(instant), timeZone)).toString()
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

/**
 * The clock the time list reads in: "9:30 AM" on 12 hours, "09:30" and "00:00" on 24. A
 * numeric hour on 24 hours printed midnight as "0:00" beside "09:00" in German.
 */
export function slotClock(locale: string, timeZone: string, twelveHours: boolean) {
  return new Intl.DateTimeFormat(locale, {
    hour: twelveHours ? 'numeric' : '2-digit',
    minute: '2-digit',
    timeZone,
    hourCycle: twelveHours ? 'h12' : 'h23',
  })
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
