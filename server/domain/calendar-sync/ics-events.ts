import ICAL from 'ical.js'
import type { EventTime, ExternalEvent } from './external-event.ts'
import { endAfter, endOfInstantaneous, eventTime, ZoneLookup } from './ics-times.ts'
import { readRecurrenceRule } from './recurrence-rule.ts'

/*
 * iCalendar text (a CalDAV resource, a whole secret-address feed) read into `ExternalEvent`s:
 * every VEVENT, a series' master and its RECURRENCE-ID overrides alike. Nothing in the text
 * is trusted: a VEVENT that cannot be read is left out and counted, the others are read, and
 * nothing throws. Text ical.js refuses as a whole is cut into its VEVENTs, each read alone.
 */

export interface CalendarTextReading {
  events: ExternalEvent[]
  /** VEVENTs left out: unreadable, or past the cap. */
  skipped: number
}

export interface CalendarTextOptions {
  /** The calendar owner's addresses (`mailto:` optional), for their own ATTENDEE's PARTSTAT. */
  ownerEmails: readonly string[]
}

/** Events read from one text at most; a secret-address feed holds a whole calendar. */
export const MAX_EVENTS_PER_TEXT = 20_000
/** RDATE and EXDATE values read per event at most (each). */
export const MAX_DATES_PER_EVENT = 5_000
const MAX_SUMMARY_LENGTH = 500

export function readCalendarText(text: string, options: CalendarTextOptions): CalendarTextReading {
  const owners = new Set(options.ownerEmails.map(addressOf))
  const { vevents, vtimezones, skipped: unparsed } = components(text)
  const zones = new ZoneLookup(vtimezones)
  const events: ExternalEvent[] = []
  let skipped = unparsed + Math.max(0, vevents.length - MAX_EVENTS_PER_TEXT)
  for (const vevent of vevents.slice(0, MAX_EVENTS_PER_TEXT)) {
    const event = safely(() => readEvent(vevent, zones, owners))
    if (event) events.push(event)
    else skipped++
  }
  return { events, skipped }
}

interface Components {
  vevents: ICAL.Component[]
  vtimezones: Map<string, ICAL.Component>
  /** Pieces that could not be parsed at all. */
  skipped: number
}

function components(text: string): Components {
  const whole = safely(() => parseComponents(text))
  if (whole) return collect(whole, 0)
  // ical.js stops at the first line it cannot read: read each VEVENT and VTIMEZONE on its own.
  const pieces = topLevelBlocks(text)
  const parsed: ICAL.Component[] = []
  let skipped = pieces.length === 0 && text.trim() !== '' ? 1 : 0
  for (const piece of pieces) {
    const calendar = safely(() => parseComponents(`BEGIN:VCALENDAR\r\n${piece}\r\nEND:VCALENDAR`))
    if (calendar) parsed.push(...calendar)
    else if (/^BEGIN:VEVENT/i.test(piece)) skipped++
  }
  return collect(parsed, skipped)
}

function parseComponents(text: string): ICAL.Component[] {
  const jCal = ICAL.parse(text) as unknown[]
  const list = typeof jCal[0] === 'string' ? [jCal] : jCal
  return list.map((item) => new ICAL.Component(item as unknown[]))
}

function collect(calendars: ICAL.Component[], skipped: number): Components {
  const vevents: ICAL.Component[] = []
  const vtimezones = new Map<string, ICAL.Component>()
  for (const calendar of calendars) {
    const all = calendar.name === 'vcalendar' ? calendar.getAllSubcomponents() : [calendar]
    for (const component of all) {
      if (component.name === 'vevent') vevents.push(component)
      if (component.name === 'vtimezone') {
        const tzid = component.getFirstPropertyValue('tzid')
        if (typeof tzid === 'string') vtimezones.set(tzid, component)
      }
    }
  }
  return { vevents, vtimezones, skipped }
}

/** The VEVENT and VTIMEZONE blocks of unfolded text, each from BEGIN to its END. */
function topLevelBlocks(text: string): string[] {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
  const blocks: string[] = []
  let current: string[] | null = null
  let kind = ''
  for (const line of lines) {
    const upper = line.trim().toUpperCase()
    if (current === null) {
      if (upper === 'BEGIN:VEVENT' || upper === 'BEGIN:VTIMEZONE') {
        current = [line.trim()]
        kind = upper.slice(6)
      }
      continue
    }
    current.push(line)
    if (upper === `END:${kind}`) {
      blocks.push(current.join('\r\n'))
      current = null
    }
  }
  return blocks
}

/** The event a VEVENT describes, or null when it cannot be read. */
function readEvent(
  vevent: ICAL.Component,
  zones: ZoneLookup,
  owners: ReadonlySet<string>,
): ExternalEvent | null {
  const uid = textValue(vevent, 'uid')
  const start = timeOf(vevent.getFirstProperty('dtstart'), zones)
  if (!uid || !start) return null
  const end = endOf(vevent, start, zones)
  if (!end) return null

  const recurrence = recurrenceOf(vevent, zones)
  const recurrenceProperty = vevent.getFirstProperty('recurrence-id')
  const recurrenceId = recurrenceProperty ? timeOf(recurrenceProperty, zones) : undefined
  if (!recurrence || recurrenceId === null) return null

  const transparency = textValue(vevent, 'transp')?.toUpperCase()
  const busyStatus = textValue(vevent, 'x-microsoft-cdo-busystatus')?.toUpperCase()
  const status = textValue(vevent, 'status')?.toUpperCase()
  return {
    uid,
    recurrenceId,
    start,
    end,
    ...recurrence,
    transparent: transparency === 'TRANSPARENT' || busyStatus === 'FREE',
    cancelled: status === 'CANCELLED',
    declinedByOwner: declinedByOwner(vevent, owners),
    summary: (textValue(vevent, 'summary') ?? '').slice(0, MAX_SUMMARY_LENGTH),
  }
}

/** What makes a series: its RRULE (as written), RDATEs and EXDATEs. */
export interface Recurrence {
  rrule: string | undefined
  rdates: EventTime[]
  exdates: EventTime[]
}

/**
 * A series' recurrence lines as Google Calendar hands them over (`RRULE:…`,
 * `EXDATE;TZID=Europe/Berlin:20260330T090000`, `RDATE;VALUE=DATE:20260401`), read as they are in
 * a VEVENT; null when one cannot be read. A TZID is resolved without VTIMEZONEs.
 */
export function readRecurrenceLines(lines: readonly string[]): Recurrence | null {
  return safely(() => {
    const vevent = new ICAL.Component('vevent')
    for (const line of lines) vevent.addProperty(ICAL.Property.fromString(line))
    return recurrenceOf(vevent, new ZoneLookup(new Map()))
  })
}

function recurrenceOf(vevent: ICAL.Component, zones: ZoneLookup): Recurrence | null {
  let rrule: string | undefined
  const ruleProperty = vevent.getFirstProperty('rrule')
  if (ruleProperty) {
    const text = ruleText(ruleProperty.jCal[3])
    if (text === null || readRecurrenceRule(text).kind === 'malformed') return null
    rrule = text
  }
  const rdates = timesOf(vevent, 'rdate', zones)
  const exdates = timesOf(vevent, 'exdate', zones)
  return rdates && exdates ? { rrule, rdates, exdates } : null
}

function endOf(vevent: ICAL.Component, start: EventTime, zones: ZoneLookup): EventTime | null {
  const dtend = vevent.getFirstProperty('dtend')
  if (dtend) {
    const end = timeOf(dtend, zones)
    if (!end) return null
    // An all-day start with a timed end, or the reverse, is read as the start's kind.
    if (start.kind === 'date' && end.kind !== 'date') return endOfInstantaneous(start)
    if (start.kind !== 'date' && end.kind === 'date') {
      return start.kind === 'zoned' || start.kind === 'floating'
        ? { ...start, dateTime: `${end.date}T00:00:00` }
        : { kind: 'utc', instant: Date.parse(`${end.date}T00:00:00Z`) }
    }
    return end
  }
  const duration = vevent.getFirstProperty('duration')
  if (duration) return endAfter(start, duration.jCal[3])
  return endOfInstantaneous(start)
}

/** A DATE or DATE-TIME property, or null when it holds no real time. */
function timeOf(property: ICAL.Property | null, zones: ZoneLookup): EventTime | null {
  if (!property) return null
  return eventTime(property.jCal[3], tzidOf(property), zones)
}

/** Every value of every RDATE or EXDATE line (a PERIOD counts by its start); null if one is broken. */
function timesOf(vevent: ICAL.Component, name: string, zones: ZoneLookup): EventTime[] | null {
  const times: EventTime[] = []
  for (const property of vevent.getAllProperties(name)) {
    const tzid = tzidOf(property)
    for (const value of (property.jCal as unknown[]).slice(3)) {
      if (times.length >= MAX_DATES_PER_EVENT) return times
      const time = eventTime(Array.isArray(value) ? value[0] : value, tzid, zones)
      if (!time) return null
      times.push(time)
    }
  }
  return times
}

function tzidOf(property: ICAL.Property): string | undefined {
  const tzid = property.getFirstParameter('tzid')
  return typeof tzid === 'string' && tzid !== '' ? tzid : undefined
}

function textValue(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstProperty(name)?.jCal[3]
  return typeof value === 'string' ? value : undefined
}

/**
 * The RRULE in RFC 5545 text from ical.js's jCal object (its parts in the order written), or
 * null when it is not one. ical.js holds UNTIL in jCal form and WKST as a number.
 */
function ruleText(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null
  return Object.entries(value)
    .map(([name, part]) => {
      let text = Array.isArray(part) ? part.join(',') : String(part)
      if (name === 'until') text = text.replace(/[-:]/g, '')
      if (name === 'wkst' && typeof part === 'number') text = ICAL.Recur.numericDayToIcalDay(part)
      return `${name.toUpperCase()}=${text}`
    })
    .join(';')
}

function declinedByOwner(vevent: ICAL.Component, owners: ReadonlySet<string>): boolean {
  return vevent.getAllProperties('attendee').some((attendee) => {
    const address = attendee.jCal[3]
    return (
      typeof address === 'string' &&
      owners.has(addressOf(address)) &&
      String(attendee.getFirstParameter('partstat') ?? '').toUpperCase() === 'DECLINED'
    )
  })
}

/** An e-mail address as compared: without `mailto:`, in lower case. */
function addressOf(address: string): string {
  return address
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase()
}

function safely<T>(read: () => T): T | null {
  try {
    return read()
  } catch {
    return null
  }
}
