/*
 * The booking page's month of free times: calendar days (`YYYY-MM-DD`) and months (`YYYY-MM`)
 * as the visitor reads them in their zone, the date grid's keyboard moves, and the parts of the
 * day a time falls in. Calendar arithmetic runs on UTC dates, so no zone or summer time shifts
 * a day; instants are read in a zone only through Intl.
 */

/** The keys the date grid answers (WAI-ARIA date picker grid). */
export type GridKey =
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'ArrowUp'
  | 'ArrowDown'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown'

export type DayPeriod = 'morning' | 'afternoon' | 'evening'

const utc = (date: string) => new Date(`${date}T00:00:00Z`)
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** `YYYY-MM-DD` plus whole days. */
export function plusDays(date: string, days: number): string {
  const next = utc(date)
  next.setUTCDate(next.getUTCDate() + days)
  return isoDay(next)
}

/** The month (`YYYY-MM`) a day is in. */
export function monthOf(date: string): string {
  return date.slice(0, 7)
}

/** `YYYY-MM` plus whole months. */
export function plusMonths(month: string, months: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, index - 1 + months, 1)).toISOString().slice(0, 7)
}

/** The number of days in a month. */
export function daysInMonth(month: string): number {
  const [year = 0, index = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(year, index, 0)).getUTCDate()
}

/** The same day of another month, kept inside that month (31 January + 1 month → 28 February). */
export function sameDayIn(date: string, months: number): string {
  const month = plusMonths(monthOf(date), months)
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month))
  return `${month}-${String(day).padStart(2, '0')}`
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return utc(date).getUTCDay()
}

/**
 * The month as weeks of seven days for the grid, from the week holding the 1st to the one
 * holding the last day; days of the neighbouring months are null (blank cells).
 */
export function monthWeeks(month: string, weekStartsOn: number): (string | null)[][] {
  const first = `${month}-01`
  const lead = (weekdayOf(first) - weekStartsOn + 7) % 7
  const count = daysInMonth(month)
  const cells: (string | null)[] = Array.from({ length: lead }, () => null)
  for (let day = 0; day < count; day++) cells.push(plusDays(first, day))
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7))
  return weeks
}

/** Where a key moves the grid's focus from `date` (it may leave the month: the grid follows). */
export function gridMove(date: string, key: GridKey, weekStartsOn: number): string {
  switch (key) {
    case 'ArrowLeft':
      return plusDays(date, -1)
    case 'ArrowRight':
      return plusDays(date, 1)
    case 'ArrowUp':
      return plusDays(date, -7)
    case 'ArrowDown':
      return plusDays(date, 7)
    case 'Home':
      return plusDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7))
    case 'End':
      return plusDays(date, 6 - ((weekdayOf(date) - weekStartsOn + 7) % 7))
    case 'PageUp':
      return sameDayIn(date, -1)
    case 'PageDown':
      return sameDayIn(date, 1)
  }
}

/** The calendar day an instant falls on in `timeZone`, `YYYY-MM-DD`. */
export function dayIn(instant: string, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant))
}

/** Morning before noon, afternoon before 17:00, evening after, on the clock in `timeZone`. */
export function dayPeriodOf(instant: string, timeZone: string): DayPeriod {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(instant),
    ),
  )
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening'
}

/** The days that have at least one of `starts` (instants), in `timeZone`, ascending. */
export function freeDays(starts: readonly string[], timeZone: string): string[] {
  return [...new Set(starts.map((start) => dayIn(start, timeZone)))].sort()
}

/** One day's starts grouped into morning, afternoon and evening (empty groups left out). */
export function byDayPeriod<T extends { starts_at: string }>(
  slots: readonly T[],
  date: string,
  timeZone: string,
): { period: DayPeriod; slots: T[] }[] {
  const groups: Record<DayPeriod, T[]> = { morning: [], afternoon: [], evening: [] }
  for (const slot of slots) {
    if (dayIn(slot.starts_at, timeZone) === date) {
      groups[dayPeriodOf(slot.starts_at, timeZone)].push(slot)
    }
  }
  return (['morning', 'afternoon', 'evening'] as const)
    .map((period) => ({ period, slots: groups[period] }))
    .filter((group) => group.slots.length > 0)
}

/** The first day of the week in the visitor's locale (0 = Sunday), Monday when Intl cannot say. */
export function localeWeekStart(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number }
      weekInfo?: { firstDay: number }
    }
    const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay
    return firstDay === undefined ? 1 : firstDay % 7
  } catch {
    return 1
  }
}

/** Whether the visitor's locale reads the clock in 12 hours (with AM/PM). */
export function localeUses12Hours(locale?: string): boolean {
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle
  return cycle === 'h11' || cycle === 'h12'
}
