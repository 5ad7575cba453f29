import type { TimeOffSpan } from '../time-off.ts'
import type { WorkingDay } from '../working-hours.ts'
import { type Interval, mergeIntervals, overlaps, subtractIntervals } from './intervals.ts'
import {
  clockMinutes,
  DAY_MS,
  isoWeekday,
  localMidnight,
  MINUTE_MS,
  type ZoneClock,
  zoneClock,
} from './local-time.ts'
import type { MemberSchedule, WorkingPeriod } from './types.ts'

/*
 * Working time of one member, as instants:
 * - each weekday's start–end wall clock in the member's zone, minus its breaks, each reading
 *   converted to an instant on its own ('compatible', see local-time.ts): on a spring-forward
 *   day 09:00–17:00 is still 8 h and a period spanning the gap is shorter; on a fall-back day
 *   a period spanning the repeated hour is longer;
 * - minus time off: a whole-day span removes each member-local day from its 00:00 to the next
 *   day's 00:00 (both dates inclusive); an exact span removes its instants.
 * Periods are sorted and disjoint; touching pieces are one period.
 */

type Schedule = Pick<MemberSchedule, 'timeZone' | 'workingHours' | 'timeOff'>

/** Instants of local wall clock are never more than about a day from UTC; this covers them. */
const ZONE_MARGIN_MS = 3 * DAY_MS

/**
 * Working time (hours minus breaks minus time off) overlapping [from, to), whole (not cut at
 * `from` or `to`): slot grids start at a period's own start. Also shades the staff calendar.
 */
export function workingPeriods(schedule: Schedule, from: number, to: number): WorkingPeriod[] {
  return workingTime(schedule, from, to)
    .periods.filter((period) => overlaps(period, { start: from, end: to }))
    .map(({ start, end }) => ({ startsAt: start, endsAt: end }))
}

/**
 * `hours` (working hours minus breaks) and `periods` (also minus time off) for every
 * member-local day touching [from, to], plus one day either side, so that any period
 * containing an instant of [from, to) is complete.
 */
export function workingTime(
  schedule: Schedule,
  from: number,
  to: number,
): { hours: Interval[]; periods: Interval[] } {
  const { hours, away } = weekAndTimeOff(schedule, from, to)
  return { hours, periods: subtractIntervals(hours, away) }
}

/**
 * The breaks of the weekly hours overlapping [from, to), whole, as instants read in the
 * member's zone, soonest first; a break (or the part of one) inside time off is left out, as
 * the time off already covers it. Shades the staff calendar and explains a time in a break.
 */
export function breakPeriods(schedule: Schedule, from: number, to: number): WorkingPeriod[] {
  const { breaks, away } = weekAndTimeOff(schedule, from, to)
  return subtractIntervals(breaks, away)
    .filter((period) => overlaps(period, { start: from, end: to }))
    .map(({ start, end }) => ({ startsAt: start, endsAt: end }))
}

/** Hours, breaks and time off of every member-local day touching [from, to], one day either side. */
function weekAndTimeOff(schedule: Schedule, from: number, to: number) {
  const clock = zoneClock(schedule.timeZone, from - ZONE_MARGIN_MS, to + ZONE_MARGIN_MS)
  const firstDay = Math.floor(clock.toLocal(from) / DAY_MS) - 1
  const lastDay = Math.floor(clock.toLocal(to) / DAY_MS) + 1
  const { hours, breaks } = weeklyHours(schedule.workingHours, clock, firstDay, lastDay)
  return { hours, breaks, away: timeOff(schedule.timeOff, clock, firstDay, lastDay) }
}

/** Working hours minus breaks, and the breaks themselves, of each day from firstDay to lastDay. */
function weeklyHours(
  week: readonly WorkingDay[],
  clock: ZoneClock,
  firstDay: number,
  lastDay: number,
): { hours: Interval[]; breaks: Interval[] } {
  const byWeekday = new Map<number, WorkingDay[]>()
  for (const day of week) byWeekday.set(day.weekday, [...(byWeekday.get(day.weekday) ?? []), day])
  const at = (midnight: number, time: string) =>
    clock.toInstant(midnight + clockMinutes(time) * MINUTE_MS)

  const pieces: Interval[] = []
  const allBreaks: Interval[] = []
  for (let day = firstDay; day <= lastDay; day++) {
    const midnight = day * DAY_MS
    for (const hours of byWeekday.get(isoWeekday(day)) ?? []) {
      const open = { start: at(midnight, hours.start), end: at(midnight, hours.end) }
      const breaks = mergeIntervals(
        hours.breaks.map((b) => ({ start: at(midnight, b.start), end: at(midnight, b.end) })),
      )
      pieces.push(...subtractIntervals(mergeIntervals([open]), breaks))
      allBreaks.push(...breaks)
    }
  }
  return { hours: mergeIntervals(pieces), breaks: mergeIntervals(allBreaks) }
}

function timeOff(
  spans: readonly TimeOffSpan[],
  clock: ZoneClock,
  firstDay: number,
  lastDay: number,
): Interval[] {
  // Whole days are cut to the days computed, so a year-long leave costs two conversions.
  const rangeStart = firstDay * DAY_MS
  const rangeEnd = (lastDay + 1) * DAY_MS
  const intervals: Interval[] = []
  for (const span of spans) {
    if (span.allDay) {
      const start = Math.max(localMidnight(span.startDate), rangeStart)
      const end = Math.min(localMidnight(span.endDate) + DAY_MS, rangeEnd)
      if (start < end) intervals.push({ start: clock.toInstant(start), end: clock.toInstant(end) })
    } else {
      intervals.push({ start: span.startsAt.getTime(), end: span.endsAt.getTime() })
    }
  }
  return mergeIntervals(intervals)
}
