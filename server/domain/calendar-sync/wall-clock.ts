/*
 * Dates and wall-clock readings as "local milliseconds" (see availability/local-time.ts): the
 * epoch milliseconds the same reading would have in UTC, so a day is DAY_MS and a date is a
 * division.
 */

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm:ss` as local milliseconds. */
export function localMilliseconds(text: string): number {
  return Date.UTC(
    Number(text.slice(0, 4)),
    Number(text.slice(5, 7)) - 1,
    Number(text.slice(8, 10)),
    Number(text.slice(11, 13) || 0),
    Number(text.slice(14, 16) || 0),
    Number(text.slice(17, 19) || 0),
  )
}

/** Local milliseconds as `YYYY-MM-DD`. */
export function dateText(local: number): string {
  return new Date(local).toISOString().slice(0, 10)
}

/** Local milliseconds as `YYYY-MM-DDTHH:mm:ss`. */
export function wallClockText(local: number): string {
  return new Date(local).toISOString().slice(0, 19)
}
