/** What a calendar invitation for one appointment says. */
export interface InvitationDetails {
  appointmentId: string
  /** appointments.ics_sequence: rises with every change, so calendars take the newest. */
  sequence: number
  cancelled: boolean
  startsAt: Date
  endsAt: Date
  /** When this version of the event was written (DTSTAMP). */
  stampedAt: Date
  summary: string
  description: string
  location: string
  organizer: { name: string; email: string } | null
  attendee: { name: string; email: string } | null
}

/**
 * The appointment as an RFC 5545 VCALENDAR with one VEVENT: a stable UID per appointment,
 * times in UTC, METHOD:REQUEST while it stands and METHOD:CANCEL (STATUS:CANCELLED) once
 * cancelled. Lines end in CRLF and are folded at 75 octets as the RFC requires.
 */
export function appointmentInvitation(details: InvitationDetails): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${details.cancelled ? 'CANCEL' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${details.appointmentId}@slotwise`,
    `SEQUENCE:${details.sequence}`,
    `DTSTAMP:${utc(details.stampedAt)}`,
    `DTSTART:${utc(details.startsAt)}`,
    `DTEND:${utc(details.endsAt)}`,
    `SUMMARY:${text(details.summary)}`,
    ...(details.description ? [`DESCRIPTION:${text(details.description)}`] : []),
    ...(details.location ? [`LOCATION:${text(details.location)}`] : []),
    ...(details.organizer
      ? [`ORGANIZER;CN=${parameter(details.organizer.name)}:mailto:${details.organizer.email}`]
      : []),
    ...(details.attendee
      ? [
          `ATTENDEE;CN=${parameter(details.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${details.attendee.email}`,
        ]
      : []),
    `STATUS:${details.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** 20261126T093000Z */
function utc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
function text(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replaceAll(/\r\n|\r|\n/g, '\\n')
}

/** A parameter value: quoted, with the characters a quoted value cannot hold left out. */
function parameter(value: string): string {
  return `"${value.replaceAll(/["\r\n]/g, '')}"`
}

/** Splits a content line into 75-octet pieces, continuation lines starting with a space. */
function fold(line: string): string {
  const pieces: string[] = []
  let piece = ''
  let octets = 0
  for (const character of line) {
    const size = Buffer.byteLength(character)
    const limit = pieces.length === 0 ? 75 : 74
    if (octets + size > limit) {
      pieces.push(piece)
      piece = ''
      octets = 0
    }
    piece += character
    octets += size
  }
  pieces.push(piece)
  return pieces.join('\r\n ')
}
