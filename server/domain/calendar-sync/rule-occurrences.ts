import { DAY_MS, isoWeekday } from '../availability/local-time.ts'
import type { RecurrenceRule, RuleWeekday } from './recurrence-rule.ts'

/*
 * The occurrences of a recurrence rule, as wall-clock readings ("local milliseconds", see
 * availability/local-time.ts) in the event's own frame: the zone of its DTSTART, the member's
 * zone for a floating time or a date, UTC for a `Z` time. Working on the wall clock is what
 * keeps a weekly 09:00 at 09:00 across daylight-saving changes; the caller turns each reading
 * into an instant.
 *
 * The rule is walked period by period (a day, a week from WKST, a month, a year): the days of
 * each period that pass BYMONTH, BYMONTHDAY and BYDAY, then BYSETPOS over them. Without COUNT
 * the walk starts at the first period that can reach the wanted days, so a daily rule from
 * 1990 costs the window, not 36 years. With COUNT it has to count from DTSTART, and stops at
 * the window's end all the same.
 */

export interface OccurrenceQuery {
  rule: RecurrenceRule
  /** DTSTART, local milliseconds in the event's frame. */
  start: number
  /** The local days (days since 1970-01-01) whose occurrences are wanted, both included. */
  fromDay: number
  toDay: number
  /** The instant of a local reading in the event's frame, for `UNTIL=…Z`. */
  toInstant: (local: number) => number
}

/** A safety net for COUNT rules far before the window (a daily rule from 1900 is 46,000). */
const MAX_PERIODS_WALKED = 200_000

/** The occurrences whose day lies within [fromDay, toDay], DTSTART included, ascending. */
export function ruleOccurrences(query: OccurrenceQuery): number[] {
  const { rule, start, fromDay, toDay } = query
  const startDay = Math.floor(start / DAY_MS)
  const timeOfDay = start - startDay * DAY_MS
  const period = periodCalendar(rule, startDay)
  const matches = dayFilter(rule, startDay)
  const found: number[] = []
  if (startDay >= fromDay && startDay <= toDay) found.push(start)
  let counted = 1
  if (rule.count !== undefined && counted >= rule.count) return found

  const firstWanted = rule.count === undefined ? Math.max(0, period.indexOf(fromDay)) : 0
  let index = Math.ceil(firstWanted / rule.interval) * rule.interval
  for (let walked = 0; walked < MAX_PERIODS_WALKED; walked++, index += rule.interval) {
    const days = period.days(index)
    if (days.length === 0 || (days[0] as Candidate).day > toDay) break
    for (const day of setPositions(rule.bySetPos, days.filter(matches))) {
      const local = day * DAY_MS + timeOfDay
      if (local <= start) continue
      if (isAfterUntil(query, day, local)) return found
      if (day >= fromDay && day <= toDay) found.push(local)
      counted++
      if (rule.count !== undefined && counted >= rule.count) return found
    }
  }
  return found
}

function isAfterUntil({ rule, toInstant }: OccurrenceQuery, day: number, local: number): boolean {
  const until = rule.until
  if (until === undefined) return false
  if (until.kind === 'date') return day > until.day
  if (until.kind === 'local') return local > until.local
  return toInstant(local) > until.instant
}

/** BYSETPOS: the n-th (from the end when negative) of a period's days, ascending. */
function setPositions(positions: number[], days: Candidate[]): number[] {
  if (positions.length === 0) return days.map((candidate) => candidate.day)
  const chosen = new Set<number>()
  for (const position of positions) {
    const candidate = position > 0 ? days[position - 1] : days[days.length + position]
    if (candidate) chosen.add(candidate.day)
  }
  return [...chosen].sort((a, b) => a - b)
}

/** A day with the parts the BY… filters look at. */
interface Candidate {
  day: number
  year: number
  month: number
  dayOfMonth: number
  daysInMonth: number
}

interface PeriodCalendar {
  /** The period (counted from DTSTART's, 0-based) that holds `day`. */
  indexOf(day: number): number
  /** The days of the period, ascending. */
  days(index: number): Candidate[]
}

function periodCalendar(rule: RecurrenceRule, startDay: number): PeriodCalendar {
  const first = civil(startDay)
  switch (rule.frequency) {
    case 'DAILY':
      return { indexOf: (day) => day - startDay, days: (index) => [candidate(startDay + index)] }
    case 'WEEKLY': {
      const firstWeek = weekStartOf(startDay, rule.weekStart)
      return {
        indexOf: (day) => (weekStartOf(day, rule.weekStart) - firstWeek) / 7,
        days: (index) => {
          const monday = firstWeek + index * 7
          return [0, 1, 2, 3, 4, 5, 6].map((offset) => candidate(monday + offset))
        },
      }
    }
    case 'MONTHLY': {
      const firstMonth = first.year * 12 + first.month - 1
      return {
        indexOf: (day) => {
          const at = civil(day)
          return at.year * 12 + at.month - 1 - firstMonth
        },
        days: (index) => monthDays(firstMonth + index),
      }
    }
    case 'YEARLY': {
      // Only the months a day can match are listed: BYMONTH's, or DTSTART's when the rule
      // names neither a month, a month day nor a weekday.
      const months = yearlyMonths(rule, first.month)
      return {
        indexOf: (day) => civil(day).year - first.year,
        days: (index) =>
          months.flatMap((month) => monthDays((first.year + index) * 12 + month - 1)),
      }
    }
  }
}

function yearlyMonths(rule: RecurrenceRule, startMonth: number): number[] {
  if (rule.byMonth.length > 0) return [...rule.byMonth].sort((a, b) => a - b)
  if (rule.byDay.length === 0 && rule.byMonthDay.length === 0) return [startMonth]
  return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
}

/**
 * Whether a day passes BYMONTH, BYMONTHDAY and BYDAY, with the defaults RFC 5545 takes from
 * DTSTART when a rule names none (a weekly rule on DTSTART's weekday, a monthly one on its
 * day of the month, a yearly one on its date).
 */
function dayFilter(rule: RecurrenceRule, startDay: number): (candidate: Candidate) => boolean {
  const first = civil(startDay)
  let byDay: RuleWeekday[] = rule.byDay
  let byMonthDay = rule.byMonthDay
  const byMonth = rule.byMonth
  const namesNoDay = rule.byDay.length === 0 && rule.byMonthDay.length === 0
  if (rule.frequency === 'WEEKLY' && byDay.length === 0) {
    byDay = [{ weekday: isoWeekday(startDay), ordinal: 0 }]
  }
  if ((rule.frequency === 'MONTHLY' || rule.frequency === 'YEARLY') && namesNoDay) {
    byMonthDay = [first.dayOfMonth]
  }
  // Ordinals count within the month for a monthly rule or a yearly one with BYMONTH, within the
  // year for any other yearly rule; a daily or weekly rule has no ordinals to honour.
  const ordinalScope =
    rule.frequency === 'MONTHLY' || (rule.frequency === 'YEARLY' && byMonth.length > 0)
      ? 'month'
      : rule.frequency === 'YEARLY'
        ? 'year'
        : 'none'

  return (at) => {
    if (byMonth.length > 0 && !byMonth.includes(at.month)) return false
    if (
      byMonthDay.length > 0 &&
      !byMonthDay.some((n) => (n > 0 ? n : at.daysInMonth + n + 1) === at.dayOfMonth)
    ) {
      return false
    }
    if (byDay.length === 0) return true
    const weekday = isoWeekday(at.day)
    return byDay.some(
      (entry) =>
        entry.weekday === weekday &&
        (entry.ordinal === 0 ||
          ordinalScope === 'none' ||
          ordinalMatches(entry.ordinal, at, ordinalScope)),
    )
  }
}

function ordinalMatches(ordinal: number, at: Candidate, scope: 'month' | 'year'): boolean {
  let position: number
  let length: number
  if (scope === 'month') {
    position = at.dayOfMonth - 1
    length = at.daysInMonth
  } else {
    const newYear = Date.UTC(at.year, 0, 1) / DAY_MS
    position = at.day - newYear
    length = Date.UTC(at.year + 1, 0, 1) / DAY_MS - newYear
  }
  if (ordinal > 0) return Math.floor(position / 7) + 1 === ordinal
  return -(Math.floor((length - 1 - position) / 7) + 1) === ordinal
}

/** The days of a month given as year × 12 + (month − 1). */
function monthDays(monthIndex: number): Candidate[] {
  const year = Math.floor(monthIndex / 12)
  const month = monthIndex - year * 12 + 1
  const firstDay = Date.UTC(year, month - 1, 1) / DAY_MS
  const daysInMonth = Date.UTC(year, month, 1) / DAY_MS - firstDay
  const days: Candidate[] = []
  for (let dayOfMonth = 1; dayOfMonth <= daysInMonth; dayOfMonth++) {
    days.push({ day: firstDay + dayOfMonth - 1, year, month, dayOfMonth, daysInMonth })
  }
  return days
}

function candidate(day: number): Candidate {
  const at = civil(day)
  return {
    day,
    ...at,
    daysInMonth: Date.UTC(at.year, at.month, 1) / DAY_MS - (day - at.dayOfMonth + 1),
  }
}

function civil(day: number): { year: number; month: number; dayOfMonth: number } {
  const date = new Date(day * DAY_MS)
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    dayOfMonth: date.getUTCDate(),
  }
}

/** The first day of the week (starting on ISO weekday `weekStart`) that holds `day`. */
function weekStartOf(day: number, weekStart: number): number {
  return day - ((isoWeekday(day) - weekStart + 7) % 7)
}
