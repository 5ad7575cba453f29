/*
 * RFC 5545 calendar text, built by hand: invitations attached to e-mails (METHOD:REQUEST or
 * CANCEL, RFC 5546), a team member's subscribable feed, and the event written into a member's
 * own calendar for each of their appointments (calendar sync's write-back).
 *
 * Times are written in UTC (`20260329T080000Z`). That is exact for any instant, needs no
 * VTIMEZONE block that could drift from the tz database, and every calendar app shows it in
 * the reader's own zone; the e-mail text names the wall-clock time in the customer's zone.
 *
 * Every value is encoded for its place, whatever it holds: TEXT escaped, parameter values
 * quoted, addresses and URLs checked and written in their URI form, or left out when they are
 * none. No value can end its line and start a property, parameter or component of its own.
 */

import { singleAddress } from './mail-headers.ts'

const PRODID = '-//Slotwise//Appointments//EN'
const MAX_LINE_OCTETS = 75

export interface CalendarPerson {
  name: string
  email: string
}

/** What every event we write holds, whoever reads it. */
export interface PublishedEvent {
  /** Stable across every change of the appointment, so calendars update one event. */
  uid: string
  /** Rises with every change the attendee is told of; calendars ignore lower ones. */
  sequence: number
  /** When this version of the event was written. */
  stamp: Date
  start: Date
  end: Date
  summary: string
  description: string
  location: string
}

export interface CalendarEvent extends PublishedEvent {
  url?: string | undefined
  organizer: CalendarPerson
  attendee?: CalendarPerson | undefined
  status: 'CONFIRMED' | 'CANCELLED'
}

/** The calendar attached to one e-mail: the event to add or update, or to remove. */
export function invitationCalendar(method: 'REQUEST' | 'CANCEL', event: CalendarEvent): string {
  return calendar([`METHOD:${method}`], [eventLines(event)])
}

/** A feed to subscribe to: no METHOD (it is published, not sent), one event per appointment. */
export function feedCalendar(name: string, events: readonly CalendarEvent[]): string {
  return calendar([`X-WR-CALNAME:${escapeText(name)}`], events.map(eventLines))
}

/**
 * One event stored in a member's own calendar (a CalDAV resource): no METHOD, as it is
 * published rather than sent, and no organizer or attendees, so that no calendar server takes
 * it for an invitation and mails anyone (RFC 6638 scheduling).
 */
export function publishedEventCalendar(event: PublishedEvent): string {
  return calendar([], [['BEGIN:VEVENT', ...eventProperties(event, 'CONFIRMED'), 'END:VEVENT']])
}

/** The uid of an appointment's event in every calendar we send or publish. */
export function appointmentUid(appointmentId: string): string {
  return `${appointmentId}@slotwise`
}

function calendar(header: string[], events: readonly string[][]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    ...header,
    ...events.flat(),
    'END:VCALENDAR',
  ]
  return lines.map(fold).join('\r\n').concat('\r\n')
}

function eventLines(event: CalendarEvent): string[] {
  const lines = ['BEGIN:VEVENT', ...eventProperties(event, event.status)]
  const organizer = calAddress(event.organizer.email)
  if (organizer) lines.push(`ORGANIZER;CN=${parameterValue(event.organizer.name)}:${organizer}`)
  const url = event.url ? webUri(event.url) : null
  if (url) lines.push(`URL:${url}`)
  const attendee = event.attendee ? calAddress(event.attendee.email) : null
  if (event.attendee && attendee) {
    const partstat = event.status === 'CANCELLED' ? 'DECLINED' : 'ACCEPTED'
    lines.push(
      `ATTENDEE;CN=${parameterValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat}:${attendee}`,
    )
  }
  lines.push('END:VEVENT')
  return lines
}

function eventProperties(event: PublishedEvent, status: CalendarEvent['status']): string[] {
  return [
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${Number.isSafeInteger(event.sequence) && event.sequence > 0 ? event.sequence : 0}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `STATUS:${status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED'}`,
  ]
}

/** `YYYYMMDDTHHMMSSZ`, the UTC form of DATE-TIME. */
function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

// Control characters other than HTAB, CR and LF (which become an escaped line break).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/**
 * TEXT values: backslash, semicolon, comma and line breaks are escaped (RFC 5545 3.3.11), and
 * the control characters TEXT may not hold (all but HTAB) are dropped.
 */
function escapeText(value: string): string {
  return value
    .replace(TEXT_CONTROLS, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const PARAMETER_CONTROLS = /[\u0000-\u001f\u007f]+/g

/**
 * A parameter value such as CN: quoted, since names hold commas, colons and semicolons. A
 * double quote cannot appear in one at all (RFC 5545 3.2) and is dropped; a run of control
 * characters, line breaks included, becomes one space. A backslash is dropped too: RFC 5545
 * gives it no meaning here, but some readers (ical.js, in Thunderbird) take `\n` or `\,` in a
 * parameter as TEXT escapes, and a name should read the same everywhere. A caret is written
 * `^^` (RFC 6868), so readers that decode `^n` and `^'` give back the name as it was.
 */
function parameterValue(value: string): string {
  const safe = value.replace(/["\\]/g, '').replace(PARAMETER_CONTROLS, ' ')
  return `"${safe.replace(/\^/g, '^^')}"`
}

// Characters of an addr-spec that a mailto: URI must percent-encode: outside RFC 6068's
// `unreserved` and `some-delims`. The domain of an address we accept needs none.
const MAILTO_ENCODED = /[#%&/=?^`{|}]/g

/**
 * A CAL-ADDRESS: `mailto:` and the address as RFC 6068 writes it; null when the text is not
 * exactly one e-mail address, as a property that names nobody is better left out.
 */
function calAddress(email: string): string | null {
  const address = singleAddress(email)
  if (!address) return null
  const at = address.lastIndexOf('@')
  const local = address
    .slice(0, at)
    .replace(
      MAILTO_ENCODED,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    )
  return `mailto:${local}${address.slice(at)}`
}

/**
 * An http(s) URI in its serialised form, which percent-encodes spaces, quotes, controls and
 * anything outside ASCII; null for anything else.
 */
function webUri(value: string): string | null {
  if (!URL.canParse(value)) return null
  const url = new URL(value)
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
}

/**
 * Splits a content line into lines of at most 75 octets, continuation lines starting with a
 * space (RFC 5545 3.1), never inside a UTF-8 character: a fold may sit between any two
 * characters, and splitting a multi-byte one corrupts the text for strict parsers.
 */
export function fold(line: string): string {
  // Most lines are short ASCII: no character takes more than 3 octets per UTF-16 unit.
  if (line.length * 3 <= MAX_LINE_OCTETS) return line
  let total = 0
  for (const character of line) total += utf8Octets(character)
  if (total <= MAX_LINE_OCTETS) return line
  const parts: string[] = []
  let current = ''
  let octets = 0
  // The first line holds 75 octets; the others 74 after their leading space.
  let limit = MAX_LINE_OCTETS
  for (const character of line) {
    const size = utf8Octets(character)
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = MAX_LINE_OCTETS - 1
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/**
 * The UTF-8 length of one character as `for … of` yields it (a code point, or a lone
 * surrogate, which UTF-8 encoders write as U+FFFD: 3 octets), as TextEncoder would count it
 * without encoding it.
 */
function utf8Octets(character: string): number {
  const code = character.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}
