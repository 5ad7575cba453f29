import { type CalendarDate, toZoned } from '@internationalized/date'

/** A range of calendar days a list is filtered by (the activity log, the payments list). */
export interface DayRange {
  start: CalendarDate
  end: CalendarDate
}

/**
 * A picked range of calendar days → the `from`/`to` instants the API filters by, read in the
 * business's zone: from the start of the first day up to (not including) the start of the day
 * after the last one, so "1 to 3 March" includes all of 3 March.
 */
export function dayRangeToInstants(
  range: DayRange,
  timeZone: string,
): { from: string; to: string } {
  return {
    from: toZoned(range.start, timeZone).toAbsoluteString(),
    to: toZoned(range.end.add({ days: 1 }), timeZone).toAbsoluteString(),
  }
}
