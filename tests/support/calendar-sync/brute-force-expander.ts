import { Temporal } from 'temporal-polyfill'
import type {
  EventTime,
  ExternalEvent,
} from '../../../server/domain/calendar-sync/external-event.ts'

/*
 * The busy times of one series, the slow and plain way, as the property tests' oracle: walk
 * every local day from DTSTART to the window's end with Temporal, ask each rule part of the
 * day directly, and convert each occurrence with Temporal's own zone arithmetic. It shares
 * nothing with the expansion it checks except the reading of RFC 5545 where the RFC leaves a
 * choice: DTSTART is always the first occurrence (and counts towards COUNT), and a rule's
 * ordinals count within the month for MONTHLY and for YEARLY with BYMONTH, else the year.
 */

type Plain = Temporal.PlainDateTime
const COMPATIBLE = { disambiguation: 'compatible' } as const
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']

export function bruteForceBusy(
  event: ExternalEvent,
  window: { start: Date; end: Date },
  memberZone: string,
): { start: number; end: number }[] {
  const frame =
    event.start.kind === 'zoned'
      ? event.start.timeZone
      : event.start.kind === 'utc'
        ? 'UTC'
        : memberZone
  const inFrame = (time: EventTime): Plain => plainOf(time)
  const instantOf = (time: EventTime): number => {
    if (time.kind === 'utc') return time.instant
    const zone = time.kind === 'zoned' ? time.timeZone : memberZone
    return plainOf(time).toZonedDateTime(zone, COMPATIBLE).epochMilliseconds
  }
  const frameInstant = (plain: Plain) => plain.toZonedDateTime(frame, COMPATIBLE).epochMilliseconds

  const start = inFrame(event.start)
  const allDay = event.start.kind === 'date'
  const days = allDay
    ? Math.max(1, plainOf(event.end).toPlainDate().since(start.toPlainDate()).days)
    : 0
  const length = allDay ? 0 : Math.max(0, instantOf(event.end) - instantOf(event.start))
  const lastDay = Temporal.Instant.fromEpochMilliseconds(window.end.getTime())
    .toZonedDateTimeISO(frame)
    .toPlainDate()
    .add({ days: 2 })

  const starts: Plain[] = event.rrule
    ? ruleStarts(event.rrule, start, lastDay, frameInstant)
    : [start]
  const startInstants = new Set(starts.map((plain) => frameInstant(plain)))
  for (const rdate of event.rdates) startInstants.add(instantOf(rdate))

  const excludedDates = event.exdates
    .filter((time) => time.kind === 'date')
    .map((time) => time.date)
  const excludedInstants = new Set(
    event.exdates.filter((time) => time.kind !== 'date').map(instantOf),
  )
  const from = window.start.getTime()
  const to = window.end.getTime()
  const busy: { start: number; end: number }[] = []
  for (const startInstant of startInstants) {
    const localDate = Temporal.Instant.fromEpochMilliseconds(startInstant)
      .toZonedDateTimeISO(frame)
      .toPlainDate()
    if (excludedInstants.has(startInstant) || excludedDates.includes(localDate.toString())) continue
    const end = allDay
      ? localDate.add({ days }).toZonedDateTime({ timeZone: memberZone }).epochMilliseconds
      : startInstant + length
    const overlaps =
      end > startInstant
        ? startInstant < to && end > from
        : startInstant >= from && startInstant < to
    if (overlaps) busy.push({ start: startInstant, end })
  }
  return busy.sort((a, b) => a.start - b.start)
}

function plainOf(time: EventTime): Plain {
  switch (time.kind) {
    case 'date':
      return Temporal.PlainDate.from(time.date).toPlainDateTime()
    case 'utc':
      return Temporal.Instant.fromEpochMilliseconds(time.instant)
        .toZonedDateTimeISO('UTC')
        .toPlainDateTime()
    default:
      return Temporal.PlainDateTime.from(time.dateTime)
  }
}

/** The rule's occurrences from DTSTART (included) to `lastDay`, one day at a time. */
function ruleStarts(
  rrule: string,
  start: Plain,
  lastDay: Temporal.PlainDate,
  toInstant: (plain: Plain) => number,
) {
  const parts = new Map(rrule.split(';').map((part) => part.split('=') as [string, string]))
  const frequency = parts.get('FREQ') as string
  const list = (name: string) => (parts.get(name) ?? '').split(',').filter((item) => item !== '')
  const interval = Number(parts.get('INTERVAL') ?? 1)
  const count = parts.has('COUNT') ? Number(parts.get('COUNT')) : Number.POSITIVE_INFINITY
  const until = parts.get('UNTIL')
  const byMonth = list('BYMONTH').map(Number)
  const byMonthDay = list('BYMONTHDAY').map(Number)
  const bySetPos = list('BYSETPOS').map(Number)
  const byDay = list('BYDAY').map((item) => ({
    weekday: WEEKDAYS.indexOf(item.slice(-2)) + 1,
    ordinal: item.length > 2 ? Number(item.slice(0, -2)) : 0,
  }))
  const weekStart = WEEKDAYS.indexOf(parts.get('WKST') ?? 'MO') + 1
  const first = start.toPlainDate()

  const weekOf = (day: Temporal.PlainDate) =>
    day.subtract({ days: (day.dayOfWeek - weekStart + 7) % 7 })
  const periodOf = (day: Temporal.PlainDate): number => {
    if (frequency === 'DAILY') return first.until(day).days
    if (frequency === 'WEEKLY') return weekOf(first).until(weekOf(day)).days / 7
    if (frequency === 'MONTHLY') return (day.year - first.year) * 12 + day.month - first.month
    return day.year - first.year
  }
  const periodDays = (day: Temporal.PlainDate): Temporal.PlainDate[] => {
    let from = day
    let length = 1
    if (frequency === 'WEEKLY') [from, length] = [weekOf(day), 7]
    if (frequency === 'MONTHLY') [from, length] = [day.with({ day: 1 }), day.daysInMonth]
    if (frequency === 'YEARLY') [from, length] = [day.with({ month: 1, day: 1 }), day.daysInYear]
    return Array.from({ length }, (_, index) => from.add({ days: index }))
  }

  const monthScope = frequency === 'MONTHLY' || (frequency === 'YEARLY' && byMonth.length > 0)
  const weekdayMatches = (day: Temporal.PlainDate, weekday: number, ordinal: number) => {
    if (day.dayOfWeek !== weekday) return false
    if (ordinal === 0 || frequency === 'DAILY' || frequency === 'WEEKLY') return true
    const [position, length] = monthScope
      ? [day.day, day.daysInMonth]
      : [day.dayOfYear, day.daysInYear]
    return ordinal > 0
      ? Math.ceil(position / 7) === ordinal
      : Math.ceil((length - position + 1) / 7) === -ordinal
  }
  const passes = (day: Temporal.PlainDate): boolean => {
    if (byMonth.length > 0 && !byMonth.includes(day.month)) return false
    if (
      byMonthDay.length > 0 &&
      !byMonthDay.some((n) => day.day === (n > 0 ? n : day.daysInMonth + 1 + n))
    ) {
      return false
    }
    if (byDay.length > 0)
      return byDay.some(({ weekday, ordinal }) => weekdayMatches(day, weekday, ordinal))
    if (frequency === 'WEEKLY') return day.dayOfWeek === first.dayOfWeek
    if (frequency === 'MONTHLY' && byMonthDay.length === 0) return day.day === first.day
    if (frequency === 'YEARLY' && byMonthDay.length === 0) {
      return day.day === first.day && (byMonth.length > 0 || day.month === first.month)
    }
    return true
  }
  const setCache = new Map<string, string[]>()
  const inSet = (day: Temporal.PlainDate): boolean => {
    if (periodOf(day) % interval !== 0 || !passes(day)) return false
    if (bySetPos.length === 0) return true
    const key = periodDays(day)[0]?.toString() as string
    let matching = setCache.get(key)
    if (!matching) {
      matching = periodDays(day)
        .filter(passes)
        .map((each) => each.toString())
      setCache.set(key, matching)
    }
    const position = matching.indexOf(day.toString())
    return bySetPos.some((n) => (n > 0 ? position === n - 1 : position === matching.length + n))
  }
  const beforeUntil = (plain: Plain): boolean => {
    if (until === undefined) return true
    if (until.length === 8)
      return Temporal.PlainDate.compare(plain.toPlainDate(), untilDate(until)) <= 0
    const untilPlain = Temporal.PlainDateTime.from(`${untilDate(until)}T${until.slice(9, 15)}`)
    if (until.endsWith('Z'))
      return toInstant(plain) <= untilPlain.toZonedDateTime('UTC').epochMilliseconds
    return Temporal.PlainDateTime.compare(plain, untilPlain) <= 0
  }

  const found: Plain[] = [start]
  for (let day = first.add({ days: 1 }); found.length < count; day = day.add({ days: 1 })) {
    if (Temporal.PlainDate.compare(day, lastDay) > 0) break
    if (!inSet(day)) continue
    const occurrence = day.toPlainDateTime(start.toPlainTime())
    if (!beforeUntil(occurrence)) break
    found.push(occurrence)
  }
  return found
}

function untilDate(until: string): Temporal.PlainDate {
  return Temporal.PlainDate.from(`${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`)
}
