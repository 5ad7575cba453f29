/**
 * The calendar years the API accepts in any date or instant. Wide enough for any birthday or
 * booking, narrow enough that date arithmetic, the availability engine and PostgreSQL never
 * meet year 0 or 10000 (the edges where they fail, or disagree on the year).
 */
export const EARLIEST_YEAR = 1900
export const LATEST_YEAR = 2200

/** Whether a date or instant written as ISO 8601 (`YYYY-MM-DD…`) falls in those years. */
export function isInCalendarRange(isoText: string): boolean {
  const year = Number(isoText.slice(0, 4))
  return /^\d{4}-/.test(isoText) && year >= EARLIEST_YEAR && year <= LATEST_YEAR
}
