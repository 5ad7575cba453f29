/*
 * An event in a calendar outside Slotwise, as the sync engine reads it, whatever it came from:
 * a VEVENT of a CalDAV server or a secret iCal address, or an event of Google Calendar. Every
 * connector hands back this shape; one expansion turns it into busy times.
 *
 * Times stay as the calendar wrote them (a date, a floating wall-clock time, a wall-clock time
 * in a zone, or an instant) until expansion: a floating time and an all-day date only mean
 * something in the member's zone, and a recurrence keeps its wall-clock time across
 * daylight-saving changes.
 */

/** `YYYY-MM-DD`. */
export type CalendarDate = string
/** `YYYY-MM-DDTHH:mm:ss`, no offset. */
export type WallClock = string

export type EventTime =
  /** An all-day event's day: the member's whole local day. */
  | { kind: 'date'; date: CalendarDate }
  /** A time with no zone (RFC 5545 "floating"): read in the member's zone. */
  | { kind: 'floating'; dateTime: WallClock }
  /** A wall-clock time in an IANA zone (Windows names already mapped by the parser). */
  | { kind: 'zoned'; dateTime: WallClock; timeZone: string }
  /** An exact instant (a `Z` time), epoch milliseconds. */
  | { kind: 'utc'; instant: number }

/** One event: a series' master (with `rrule`/`rdates`), a single event, or one override. */
export interface ExternalEvent {
  uid: string
  /** Set on an override: the original start of the occurrence it replaces (RECURRENCE-ID). */
  recurrenceId?: EventTime | undefined
  start: EventTime
  /** From DTEND, or DTSTART + DURATION; for an all-day event the day after its last day. */
  end: EventTime
  /** The RRULE value as written, e.g. `FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270101T000000Z`. */
  rrule?: string | undefined
  rdates: EventTime[]
  exdates: EventTime[]
  /** TRANSP:TRANSPARENT (Google: transparency "transparent"): shown as free. */
  transparent: boolean
  /** STATUS:CANCELLED: the event, or this occurrence when it is an override, is gone. */
  cancelled: boolean
  /** The calendar's owner was invited and declined (their ATTENDEE's PARTSTAT=DECLINED). */
  declinedByOwner: boolean
  /** SUMMARY, shown only to the member and admins; '' when it has none. */
  summary: string
}

/** The UID every event Slotwise writes into a member's calendar carries, so it never counts as busy. */
export function isSlotwiseUid(uid: string): boolean {
  return uid.endsWith('@slotwise')
}
