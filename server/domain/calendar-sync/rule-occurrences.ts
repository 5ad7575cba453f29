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
  const chosen: number[] = []
  for (let walked = 0; walked < MAX_PERIODS_WALKED; walked++, index += rule.interval) {
    const [first, length] = period.days(index)
    if (first > toDay) break
    chosen.length = 0
    for (let day = first; day < first + length; day++) if (matches(day)) chosen.push(day)
    for (const day of setPositions(rule.bySetPos, chosen)) {
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
function setPositions(positions: number[], days: number[]): number[] {
  if (positions.length === 0) return days
  const chosen = new Set<number>()
  for (const position of positions) {
    const day = position > 0 ? days[position - 1] : days[days.length + position]
    if (day !== undefined) chosen.add(day)
  }
  return [...chosen].sort((a, b) => a - b)
}

interface PeriodCalendar {
  /** The period (counted from DTSTART's, 0-based) that holds `day`. */
  indexOf(day: number): number
  /** The period's days: its first and how many. */
  days(index: number): [first: number, length: number]
}

function periodCalendar(rule: RecurrenceRule, startDay: number): PeriodCalendar {
  const first = civil(startDay)
  switch (rule.frequency) {
    case 'DAILY':
      return { indexOf: (day) => day - startDay, days: (index) => [startDay + index, 1] }
    case 'WEEKLY': {
      const firstWeek = weekStartOf(startDay, rule.weekStart)
      return {
        indexOf: (day) => (weekStartOf(day, rule.weekStart) - firstWeek) / 7,
        days: (index) => [firstWeek + index * 7, 7],
      }
    }
    case 'MONTHLY': {
      const firstMonth = first.year * 12 + first.month - 1
      return {
        indexOf: (day) => {
          const at = civil(day)
          return at.year * 12 + at.month - 1 - firstMonth
        },
        days: (index) => {
          const year = Math.floor((firstMonth + index) / 12)
          const month = firstMonth + index - year * 12
          const from = Date.UTC(year, month, 1) / DAY_MS
          return [from, Date.UTC(year, month + 1, 1) / DAY_MS - from]
        },
      }
    }
    case 'YEARLY':
      return {
        indexOf: (day) => civil(day).year - first.year,
        days: (index) => {
          const from = Date.UTC(first.year + index, 0, 1) / DAY_MS
          return [from, Date.UTC(first.year + index + 1, 0, 1) / DAY_MS - from]
        },
      }
  }
}

/**
 * Whether a day passes BYMONTH, BYMONTHDAY and BYDAY, with the defaults RFC 5545 takes from
 * DTSTART when a rule names none (a weekly rule on DTSTART's weekday, a monthly one on its
 * day of the month, a yearly one on its date). The calendar parts of a day are read only
 * when a part needs them: a weekly rule looks at weekdays alone.
 */
function dayFilter(rule: RecurrenceRule, startDay: number): (day: number) => boolean {
  const first = civil(startDay)
  let byDay: RuleWeekday[] = rule.byDay
  let byMonthDay = rule.byMonthDay
  let byMonth = rule.byMonth
  const namesNoDay = rule.byDay.length === 0 && rule.byMonthDay.length === 0
  if (rule.frequency === 'WEEKLY' && byDay.length === 0) {
    byDay = [{ weekday: isoWeekday(startDay), ordinal: 0 }]
  }
  if ((rule.frequency === 'MONTHLY' || rule.frequency === 'YEARLY') && namesNoDay) {
    byMonthDay = [first.dayOfMonth]
    if (rule.frequency === 'YEARLY' && byMonth.length === 0) byMonth = [first.month]
  }
  // Ordinals count within the month for a monthly rule or a yearly one with BYMONTH, within the
  // year for any other yearly rule; a daily or weekly rule has no ordinals to honour.
  const ordinalScope =
    rule.frequency === 'MONTHLY' || (rule.frequency === 'YEARLY' && rule.byMonth.length > 0)
      ? 'month'
      : rule.frequency === 'YEARLY'
        ? 'year'
        : 'none'
  const byWeekday = (day: number, weekday: number) =>
    byDay.some(
      (entry) =>
        entry.weekday === weekday &&
        (entry.ordinal === 0 ||
          ordinalScope === 'none' ||
          ordinalMatches(entry.ordinal, day, civil(day), ordinalScope)),
    )

  if (byMonth.length === 0 && byMonthDay.length === 0) {
    return (day) => byDay.length === 0 || byWeekday(day, isoWeekday(day))
  }
  return (day) => {
    const at = civil(day)
    if (byMonth.length > 0 && !byMonth.includes(at.month)) return false
    if (byMonthDay.length > 0) {
      const daysInMonth = new Date(Date.UTC(at.year, at.month, 0)).getUTCDate()
      if (!byMonthDay.some((n) => (n > 0 ? n : daysInMonth + n + 1) === at.dayOfMonth)) {
        return false
      }
    }
    return byDay.length === 0 || byWeekday(day, isoWeekday(day))
  }
}

function ordinalMatches(
  ordinal: number,
  day: number,
  at: CivilDate,
  scope: 'month' | 'year',
): boolean {
  const periodStart =
    scope === 'month' ? Date.UTC(at.year, at.month - 1, 1) : Date.UTC(at.year, 0, 1)
  const periodEnd = scope === 'month' ? Date.UTC(at.year, at.month, 1) : Date.UTC(at.year + 1, 0, 1)
  const position = day - periodStart / DAY_MS
  const length = (periodEnd - periodStart) / DAY_MS
  if (ordinal > 0) return Math.floor(position / 7) + 1 === ordinal
  return -(Math.floor((length - 1 - position) / 7) + 1) === ordinal
}

interface CivilDate {
  year: number
  month: number
  dayOfMonth: number
}

/** The civil date of a day number, by arithmetic (H. Hinnant's days_from_civil, inverted): no Date. */
function civil(day: number): CivilDate {
  const shifted = day + 719_468
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1_460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    dayOfMonth: dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1,
  }
}

/** The first day of the week (starting on ISO weekday `weekStart`) that holds `day`. */
function weekStartOf(day: number, weekStart: number): number {
  return day - ((isoWeekday(day) - weekStart + 7) % 7)
}
