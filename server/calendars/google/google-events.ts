import type { calendar_v3 } from '@googleapis/calendar'
import { Temporal } from 'temporal-polyfill'
import type { EventTime, ExternalEvent } from '../../domain/calendar-sync/external-event.ts'
import { type Recurrence, readRecurrenceLines } from '../../domain/calendar-sync/ics-events.ts'
import type { RemoteObject } from '../connector.ts'

/*
 * Google events as the engine reads them. A recurring event's changed or cancelled instances
 * are events of their own in Google (`recurringEventId`, `originalStartTime`); here they
 * become overrides and travel with their series' master in one RemoteObject, as a CalDAV
 * resource carries them.
 */

type GoogleEvent = calendar_v3.Schema$Event
type EventDateTime = calendar_v3.Schema$EventDateTime

/** `date` → the member's day; `dateTime` with a `timeZone` → that zone's wall clock; else the instant. */
export function eventTimeOf(value: EventDateTime): EventTime {
  if (value.date) return { kind: 'date', date: value.date }
  const instant = Temporal.Instant.from(value.dateTime ?? '')
  if (!value.timeZone) return { kind: 'utc', instant: instant.epochMilliseconds }
  const wallClock = instant.toZonedDateTimeISO(value.timeZone).toPlainDateTime()
  return {
    kind: 'zoned',
    dateTime: wallClock.toString({ smallestUnit: 'second' }),
    timeZone: value.timeZone,
  }
}

/**
 * A series' `recurrence` lines, read as in a VEVENT; a time without a zone there is in the
 * series' own zone (Google's `start.timeZone`), not floating. Lines that cannot be read leave
 * the master as one event.
 */
function recurrenceOf(lines: string[], seriesZone: string | undefined): Recurrence {
  const read = readRecurrenceLines(lines) ?? { rrule: undefined, rdates: [], exdates: [] }
  const inSeriesZone = (time: EventTime): EventTime =>
    time.kind === 'floating' && seriesZone
      ? { kind: 'zoned', dateTime: time.dateTime, timeZone: seriesZone }
      : time
  return {
    rrule: read.rrule,
    rdates: read.rdates.map(inSeriesZone),
    exdates: read.exdates.map(inSeriesZone),
  }
}

/** One Google event; an override takes its series' UID (Google gives it the same iCalUID). */
export function toExternalEvent(event: GoogleEvent, seriesUid?: string): ExternalEvent {
  const original = event.originalStartTime ? eventTimeOf(event.originalStartTime) : undefined
  // A cancelled instance comes back with little more than its original start.
  const start = event.start ? eventTimeOf(event.start) : original
  const end = event.end ? eventTimeOf(event.end) : start
  if (!start || !end) throw new Error(`Google event ${event.id} has no start`)
  const recurrence = recurrenceOf(event.recurrence ?? [], event.start?.timeZone ?? undefined)
  return {
    uid: seriesUid ?? event.iCalUID ?? event.id ?? '',
    recurrenceId: original,
    start,
    end,
    rrule: recurrence.rrule,
    rdates: recurrence.rdates,
    exdates: recurrence.exdates,
    transparent: event.transparency === 'transparent',
    cancelled: event.status === 'cancelled',
    declinedByOwner: (event.attendees ?? []).some(
      (attendee) => attendee.self === true && attendee.responseStatus === 'declined',
    ),
    summary: event.summary ?? '',
  }
}

/** The id of the series an event belongs to: its master's, or its own. */
export function seriesIdOf(event: GoogleEvent): string {
  return event.recurringEventId ?? event.id ?? ''
}

/**
 * Groups events into objects, one per series: the master first, then its overrides. A series
 * whose master is not among `events` is left out and named in `incomplete`, for the caller to
 * fetch whole.
 */
export function groupIntoObjects(events: GoogleEvent[]): {
  objects: RemoteObject[]
  incomplete: GoogleEvent[]
} {
  const bySeries = new Map<string, GoogleEvent[]>()
  for (const event of events) {
    const id = seriesIdOf(event)
    bySeries.set(id, [...(bySeries.get(id) ?? []), event])
  }
  const objects: RemoteObject[] = []
  const incomplete: GoogleEvent[] = []
  for (const [id, members] of bySeries) {
    const master = members.find((event) => event.id === id)
    if (!master) {
      incomplete.push(members[0] as GoogleEvent)
      continue
    }
    const uid = master.iCalUID ?? master.id ?? ''
    const overrides = members.filter((event) => event !== master)
    objects.push({
      ref: id,
      etag: master.etag ?? null,
      events: [toExternalEvent(master), ...overrides.map((event) => toExternalEvent(event, uid))],
    })
  }
  return { objects, incomplete }
}
