import { CalendarDate, endOfMonth, parseDate, startOfMonth, today } from '@internationalized/date'
import type { DayRange } from '../../domain/day-range'

/*
 * Which days Insights shows: a preset or a picked range, kept in the address
 * (`?start=2026-03-23&end=2026-03-29`) so a reload or a shared link shows the same days.
 */

export type InsightsPreset =
  | 'this_week'
  | 'last_week'
  | 'last_30_days'
  | 'this_month'
  | 'last_month'

export const PRESETS: readonly { id: InsightsPreset; label: string }[] = [
  { id: 'this_week', label: 'This week' },
  { id: 'last_week', label: 'Last week' },
  { id: 'last_30_days', label: 'Last 30 days' },
  { id: 'this_month', label: 'This month' },
  { id: 'last_month', label: 'Last month' },
]

/** What an owner opens on a Monday: how last week went. */
export const DEFAULT_PRESET: InsightsPreset = 'last_week'

/** The most days after the first the API answers for (a whole year, leap years included). */
export const MAX_RANGE_DAYS = 366

function monday(day: CalendarDate): CalendarDate {
  // ISO weekday from the date itself (1970-01-05 was a Monday), whatever the locale's week.
  const daysSinceMonday = (((day.compare(new CalendarDate(1970, 1, 5)) % 7) + 7) % 7) as number
  return day.subtract({ days: daysSinceMonday })
}

/** The days a preset covers, counted from `now` (today in the business's zone). */
export function presetRange(preset: InsightsPreset, now: CalendarDate): DayRange {
  switch (preset) {
    case 'this_week':
      return { start: monday(now), end: monday(now).add({ days: 6 }) }
    case 'last_week': {
      const start = monday(now).subtract({ days: 7 })
      return { start, end: start.add({ days: 6 }) }
    }
    case 'last_30_days':
      return { start: now.subtract({ days: 29 }), end: now }
    case 'this_month':
      return { start: startOfMonth(now), end: endOfMonth(now) }
    case 'last_month': {
      const previous = startOfMonth(now).subtract({ months: 1 })
      return { start: previous, end: endOfMonth(previous) }
    }
  }
}

/** The preset that covers exactly `range` today, if one does. */
export function presetOf(range: DayRange, now: CalendarDate): InsightsPreset | null {
  return (
    PRESETS.find(({ id }) => {
      const candidate = presetRange(id, now)
      return candidate.start.compare(range.start) === 0 && candidate.end.compare(range.end) === 0
    })?.id ?? null
  )
}

/** Today in the business's zone. */
export function todayIn(timeZone: string): CalendarDate {
  const now = today(timeZone)
  return new CalendarDate(now.year, now.month, now.day)
}

/** The range in the address, or the default preset's when it has none or a bad one. */
export function parseRange(search: string, now: CalendarDate): DayRange {
  const params = new URLSearchParams(search)
  try {
    const start = parseDate(params.get('start') ?? '')
    const end = parseDate(params.get('end') ?? '')
    const days = end.compare(start)
    if (days >= 0 && days <= MAX_RANGE_DAYS) return { start, end }
  } catch {
    // A missing or mistyped date is the default range, not an error page.
  }
  return presetRange(DEFAULT_PRESET, now)
}

export function formatRange(range: DayRange): string {
  return new URLSearchParams({
    start: range.start.toString(),
    end: range.end.toString(),
  }).toString()
}

export interface Delta {
  /** "+25%", "−3 pts", "No change", or "New" when there was nothing before. */
  text: string
  direction: 'up' | 'down' | 'same'
  /** Whether the change is good news (a rise in no-shows is not). */
  tone: 'good' | 'bad' | 'neutral'
}

/**
 * How a figure moved since the previous period: counts and money as a percentage of what they
 * were, rates in percentage points. `higherIsBetter` is false for no-shows and late
 * cancellations. Null when either side has nothing to compare (a rate of nothing).
 */
export function deltaOf(
  current: number | null,
  previous: number | null,
  { kind, higherIsBetter = true }: { kind: 'count' | 'rate'; higherIsBetter?: boolean },
): Delta | null {
  if (current === null || previous === null) return null
  const change = current - previous
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same'
  const tone =
    direction === 'same' ? 'neutral' : (direction === 'up') === higherIsBetter ? 'good' : 'bad'
  const sign = change > 0 ? '+' : change < 0 ? '−' : ''
  if (direction === 'same') return { text: 'No change', direction, tone }
  if (kind === 'rate') {
    const points = Math.abs(Math.round(change * 1000) / 10)
    return { text: `${sign}${points} pts`, direction, tone }
  }
  if (previous === 0) return { text: 'New', direction, tone }
  const percent = Math.abs(Math.round((change / Math.abs(previous)) * 100))
  return { text: `${sign}${percent}%`, direction, tone }
}
