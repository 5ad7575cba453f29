import ICAL from 'ical.js'
import { DAY_MS, temporalToInstant } from '../availability/local-time.ts'
import { isTimeZone } from '../time-zones.ts'
import type { EventTime } from './external-event.ts'
import { dateText, localMilliseconds, wallClockText } from './wall-clock.ts'
import { ianaZoneOfWindowsName } from './windows-zones.ts'

/*
 * iCalendar date and time values (as ical.js hands them over in jCal: `2026-03-29`,
 * `2026-03-29T09:00:00`, `…Z`) read into `EventTime`s, with their TZIDs resolved:
 *
 * 1. an IANA name is used as it is, whatever VTIMEZONE comes with it (the zone database knows
 *    future rule changes better than a copy);
 * 2. a Windows name (Outlook, Exchange) through CLDR's table;
 * 3. a name ending in an IANA name ("/mozilla.org/20050126_1/Europe/Berlin",
 *    "/citadel.org/20190914_1/Europe/Berlin") as that name;
 * 4. any other name with its VTIMEZONE: each time becomes the instant that definition gives
 *    (exact for single events; a series keeps that offset's wall clock only as far as the
 *    definition's changes agree with the expansion's, which for a home-made zone is the best
 *    there is);
 * 5. an unknown name without a VTIMEZONE: a floating time, i.e. the member's zone. Whoever
 *    wrote it meant a wall clock somewhere, and the member's own calendar is most likely in
 *    the member's zone; UTC would be off by the whole offset.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/
const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/

type ZoneReading =
  | { kind: 'iana'; timeZone: string }
  | { kind: 'definition'; timezone: ICAL.Timezone }
  | { kind: 'floating' }

/** Resolves TZIDs against a calendar's VTIMEZONEs, each name once. */
export class ZoneLookup {
  private readonly resolved = new Map<string, ZoneReading>()

  constructor(private readonly definitions: ReadonlyMap<string, ICAL.Component>) {}

  resolve(tzid: string): ZoneReading {
    let reading = this.resolved.get(tzid)
    if (!reading) {
      reading = this.read(tzid)
      this.resolved.set(tzid, reading)
    }
    return reading
  }

  private read(tzid: string): ZoneReading {
    const name = tzid.trim()
    const iana = ianaName(name)
    if (iana) return { kind: 'iana', timeZone: iana }
    const definition = this.definitions.get(tzid)
    if (definition) {
      try {
        return { kind: 'definition', timezone: new ICAL.Timezone(definition) }
      } catch {
        return { kind: 'floating' }
      }
    }
    return { kind: 'floating' }
  }
}

function ianaName(name: string): string | undefined {
  if (isTimeZone(name)) return name
  const windows = ianaZoneOfWindowsName(name)
  if (windows) return windows
  const segments = name.split('/').filter((segment) => segment !== '')
  for (let take = Math.min(3, segments.length - 1); take >= 2; take--) {
    const tail = segments.slice(-take).join('/')
    if (isTimeZone(tail)) return tail
  }
  return undefined
}

/**
 * A DATE or DATE-TIME value (jCal text) as an event time, or null when it is no real date.
 * `tzid` is the property's TZID parameter; a `Z` time ignores it, as RFC 5545 says.
 */
export function eventTime(
  value: unknown,
  tzid: string | undefined,
  zones: ZoneLookup,
): EventTime | null {
  if (typeof value !== 'string') return null
  const date = DATE.exec(value)
  if (date) return isRealDate(date) ? { kind: 'date', date: value } : null
  const dateTime = DATE_TIME.exec(value)
  if (!dateTime || !isRealDate(dateTime) || !isRealClock(dateTime)) return null
  const wallClock = value.slice(0, 19)
  if (dateTime[7] === 'Z') return { kind: 'utc', instant: localMilliseconds(wallClock) }
  if (tzid === undefined) return { kind: 'floating', dateTime: wallClock }
  const zone = zones.resolve(tzid)
  if (zone.kind === 'iana') return { kind: 'zoned', dateTime: wallClock, timeZone: zone.timeZone }
  if (zone.kind === 'floating') return { kind: 'floating', dateTime: wallClock }
  const time = ICAL.Time.fromDateTimeString(wallClock)
  const offsetSeconds = zone.timezone.utcOffset(time)
  return { kind: 'utc', instant: localMilliseconds(wallClock) - offsetSeconds * 1000 }
}

/**
 * DTSTART + DURATION: weeks and days on the calendar (a day is a local day), hours, minutes
 * and seconds exact (RFC 5545 §3.3.6). Null for a value that is no duration or is negative.
 */
export function endAfter(start: EventTime, duration: unknown): EventTime | null {
  if (typeof duration !== 'string') return null
  const match = DURATION.exec(duration)
  if (!match || match[0] === 'P' || match[0].endsWith('T') || match[1] === '-') return null
  const days = Number(match[2] ?? 0) * 7 + Number(match[3] ?? 0)
  const exact =
    ((Number(match[4] ?? 0) * 60 + Number(match[5] ?? 0)) * 60 + Number(match[6] ?? 0)) * 1000
  switch (start.kind) {
    case 'date': {
      // An all-day event lasts whole days: a part of a day counts as one.
      const wholeDays = Math.max(1, days + Math.ceil(exact / DAY_MS))
      return { kind: 'date', date: dateText(localMilliseconds(start.date) + wholeDays * DAY_MS) }
    }
    case 'utc':
      return { kind: 'utc', instant: start.instant + days * DAY_MS + exact }
    case 'floating':
      return {
        kind: 'floating',
        dateTime: wallClockText(localMilliseconds(start.dateTime) + days * DAY_MS + exact),
      }
    case 'zoned': {
      const afterDays = localMilliseconds(start.dateTime) + days * DAY_MS
      if (exact === 0)
        return { kind: 'zoned', dateTime: wallClockText(afterDays), timeZone: start.timeZone }
      return { kind: 'utc', instant: temporalToInstant(afterDays, start.timeZone) + exact }
    }
  }
}

/** The end of an event that has neither DTEND nor DURATION: a date lasts the day, a time no time. */
export function endOfInstantaneous(start: EventTime): EventTime {
  if (start.kind !== 'date') return start
  return { kind: 'date', date: dateText(localMilliseconds(start.date) + DAY_MS) }
}

function isRealDate(match: RegExpExecArray): boolean {
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function isRealClock(match: RegExpExecArray): boolean {
  return Number(match[4]) <= 23 && Number(match[5]) <= 59 && Number(match[6]) <= 60
}
