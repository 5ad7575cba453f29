import type { calendar_v3 } from '@googleapis/calendar'
import { Temporal } from 'temporal-polyfill'
import { badRequest } from '../errors.ts'

/*
 * An event's `start`/`end` as Google keeps them: an all-day `date`, or a `dateTime` that always
 * carries its offset in answers (a request may leave it out when it names a `timeZone`).
 */

type EventDateTime = calendar_v3.Schema$EventDateTime

/** Checks one of `start`/`end` and gives it back as Google would answer it. */
export function normaliseTime(
  value: EventDateTime | null | undefined,
  which: 'start' | 'end',
): EventDateTime {
  if (!value || (!value.date && !value.dateTime))
    throw badRequest(`Missing ${which} time.`, 'required')
  if (value.date && value.dateTime) throw badRequest(`Invalid ${which} time.`)
  if (value.timeZone && !isTimeZone(value.timeZone)) {
    throw badRequest(`Invalid time zone definition for ${which} time.`)
  }
  if (value.date) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value.date)) throw badRequest(`Invalid ${which} time.`)
    return { date: value.date }
  }
  const dateTime = value.dateTime ?? ''
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(dateTime)
  if (!hasOffset && !value.timeZone) {
    throw badRequest(`Missing time zone definition for ${which} time.`)
  }
  try {
    if (hasOffset) {
      Temporal.Instant.from(dateTime)
      return { dateTime, ...(value.timeZone ? { timeZone: value.timeZone } : {}) }
    }
    const zone = value.timeZone ?? 'UTC'
    const zoned = Temporal.PlainDateTime.from(dateTime).toZonedDateTime(zone)
    return { dateTime: zoned.toString({ timeZoneName: 'never' }), timeZone: zone }
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(`Invalid ${which} time.`)
    throw error
  }
}

/** Epoch milliseconds of a time; an all-day date starts at midnight in the calendar's zone. */
export function instantOf(value: EventDateTime, calendarTimeZone: string): number {
  if (value.date) {
    return Temporal.PlainDate.from(value.date).toZonedDateTime({ timeZone: calendarTimeZone })
      .epochMilliseconds
  }
  return Temporal.Instant.from(value.dateTime ?? '').epochMilliseconds
}

/**
 * The time an instance id names (`<event>_20270105T080000Z`, `<event>_20270105`), in the
 * master's terms: an instance keeps the zone of its series.
 */
export function originalStartFromSuffix(
  suffix: string,
  master: EventDateTime,
): EventDateTime | undefined {
  const day = suffix.match(/^(\d{4})(\d{2})(\d{2})$/)
  if (day) return master.date ? { date: `${day[1]}-${day[2]}-${day[3]}` } : undefined
  const utc = suffix.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/)
  if (!utc || master.date) return undefined
  const instant = Temporal.Instant.from(
    `${utc[1]}-${utc[2]}-${utc[3]}T${utc[4]}:${utc[5]}:${utc[6]}Z`,
  )
  const zone = master.timeZone ?? 'UTC'
  return {
    dateTime: instant.toZonedDateTimeISO(zone).toString({ timeZoneName: 'never' }),
    timeZone: zone,
  }
}

/** Moves `end` by as much as `start` moved from `from`: an instance keeps its series' length. */
export function shifted(value: EventDateTime, by: number, calendarTimeZone: string): EventDateTime {
  if (value.date) {
    const days = Math.round(by / 86_400_000)
    return { date: Temporal.PlainDate.from(value.date).add({ days }).toString() }
  }
  const zone = value.timeZone ?? calendarTimeZone
  const moved = Temporal.Instant.fromEpochMilliseconds(instantOf(value, zone) + by)
  return {
    dateTime: moved.toZonedDateTimeISO(zone).toString({ timeZoneName: 'never' }),
    ...(value.timeZone ? { timeZone: value.timeZone } : {}),
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
