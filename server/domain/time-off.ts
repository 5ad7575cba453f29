import type { components } from '../../shared/contract/schema.d.ts'

type FieldError = components['schemas']['FieldError']
type TimeOffInput = components['schemas']['TimeOffInput']

/**
 * A stretch of time off: whole days in the member's own time zone (both dates inclusive), or
 * an exact span of instants.
 */
export type TimeOffSpan =
  | { allDay: true; startDate: string; endDate: string }
  | { allDay: false; startsAt: Date; endsAt: Date }

export type TimeOffParse = { span: TimeOffSpan; errors: [] } | { span: null; errors: FieldError[] }

const DATE_FIELDS = ['start_date', 'end_date'] as const
const INSTANT_FIELDS = ['starts_at', 'ends_at'] as const

/**
 * Reads time-off input: exactly one of the two pairs, complete, and ending no earlier than it
 * starts (an exact span must last a while; a single whole day is start_date = end_date).
 * The contract has checked each value's format.
 */
export function parseTimeOffInput(input: TimeOffInput, basePath = 'body'): TimeOffParse {
  const given = (field: keyof TimeOffInput) => input[field] !== undefined
  const usesDates = DATE_FIELDS.some(given)
  const usesInstants = INSTANT_FIELDS.some(given)
  const fail = (field: string, message: string): TimeOffParse => ({
    span: null,
    errors: [{ path: `${basePath}.${field}`, message }],
  })

  if (usesDates && usesInstants) {
    const extra = INSTANT_FIELDS.find(given) ?? 'starts_at'
    return fail(extra, 'cannot be combined with start_date and end_date; give one pair only')
  }
  if (!usesDates && !usesInstants) {
    return fail('start_date', 'is required (or give starts_at and ends_at for part of a day)')
  }
  if (usesDates) {
    const missing = DATE_FIELDS.find((field) => !given(field))
    if (missing) return fail(missing, 'is required')
    const startDate = input.start_date as string
    const endDate = input.end_date as string
    if (endDate < startDate)
      return fail('end_date', `must be on or after start_date (${startDate})`)
    return { span: { allDay: true, startDate, endDate }, errors: [] }
  }
  const missing = INSTANT_FIELDS.find((field) => !given(field))
  if (missing) return fail(missing, 'is required')
  const startsAt = new Date(input.starts_at as string)
  const endsAt = new Date(input.ends_at as string)
  if (endsAt.getTime() <= startsAt.getTime()) {
    return fail('ends_at', `must be later than starts_at (${input.starts_at})`)
  }
  return { span: { allDay: false, startsAt, endsAt }, errors: [] }
}

/** Whether the time off has not ended yet, judged in the member's own time zone. */
export function isCurrentOrUpcoming(span: TimeOffSpan, now: Date, timeZone: string): boolean {
  if (span.allDay) return span.endDate >= localParts(now, timeZone).date
  return span.endsAt.getTime() > now.getTime()
}

/** Orders time off soonest first; whole days start at the member's local midnight. */
export function compareBySoonest(timeZone: string) {
  const key = (span: TimeOffSpan) => {
    if (span.allDay) return `${span.startDate}T00:00`
    const { date, time } = localParts(span.startsAt, timeZone)
    return `${date}T${time}`
  }
  return (a: TimeOffSpan, b: TimeOffSpan) => key(a).localeCompare(key(b))
}

/**
 * The activity-log line for time off: "Added time off for Ana Ruiz, 24–26 Dec (Holiday)".
 * Dates read in the member's time zone; the year shows only when it is not the current one.
 */
export function timeOffSummary(
  verb: 'Added' | 'Removed',
  memberName: string,
  span: TimeOffSpan,
  reason: string,
  context: { timeZone: string; now: Date },
): string {
  const when = describeTimeOffSpan(span, context)
  const why = reason.trim() ? ` (${reason.trim()})` : ''
  return `${verb} time off for ${memberName}, ${when}${why}`
}

/** "24 Dec", "24–26 Dec", "30 Nov – 2 Dec", "30 Dec 2025 – 2 Jan 2026", "24 Dec, 13:00–15:30". */
export function describeTimeOffSpan(
  span: TimeOffSpan,
  context: { timeZone: string; now: Date },
): string {
  const currentYear = localParts(context.now, context.timeZone).date.slice(0, 4)
  if (span.allDay) return describeDateRange(span.startDate, span.endDate, currentYear)
  const start = localParts(span.startsAt, context.timeZone)
  const end = localParts(span.endsAt, context.timeZone)
  if (start.date === end.date) {
    return `${describeDateRange(start.date, start.date, currentYear)}, ${start.time}–${end.time}`
  }
  const showYear = start.date.slice(0, 4) !== currentYear || end.date.slice(0, 4) !== currentYear
  return `${dayMonth(start.date, showYear)} ${start.time} – ${dayMonth(end.date, showYear)} ${end.time}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function describeDateRange(startDate: string, endDate: string, currentYear: string): string {
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4)
  const showYear = !sameYear || startDate.slice(0, 4) !== currentYear
  const year = showYear ? ` ${startDate.slice(0, 4)}` : ''
  if (startDate === endDate) return `${dayMonth(startDate, false)}${year}`
  if (startDate.slice(0, 7) === endDate.slice(0, 7)) {
    return `${Number(startDate.slice(8, 10))}–${dayMonth(endDate, false)}${year}`
  }
  if (sameYear) return `${dayMonth(startDate, false)} – ${dayMonth(endDate, false)}${year}`
  return `${dayMonth(startDate, true)} – ${dayMonth(endDate, true)}`
}

function dayMonth(date: string, withYear: boolean): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7)
  const text = `${Number(date.slice(8, 10))} ${month}`
  return withYear ? `${text} ${date.slice(0, 4)}` : text
}

/** The wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant in a time zone. */
function localParts(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '00'
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  }
}
