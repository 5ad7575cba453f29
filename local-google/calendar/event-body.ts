import type { calendar_v3 } from '@googleapis/calendar'
import { badRequest } from '../errors.ts'
import type { StoredCalendar } from '../state.ts'
import { instantOf, normaliseTime } from './event-times.ts'

type Event = calendar_v3.Schema$Event

/** The fields a client writes; everything else (ids, etag, times of change, creator) is ours. */
const writableFields = [
  'summary',
  'description',
  'location',
  'start',
  'end',
  'recurrence',
  'transparency',
  'status',
  'attendees',
  'sequence',
  'colorId',
  'visibility',
  'reminders',
  'extendedProperties',
] as const

/** A request body's writable fields over `base` (nothing for an insert, the event for a patch). */
export function writtenFields(body: Event, base: Event): Event {
  const merged: Event = {}
  for (const field of writableFields) {
    const value = field in body ? body[field] : base[field]
    if (value !== undefined && value !== null) Object.assign(merged, { [field]: value })
  }
  return merged
}

/**
 * Checks what a client wrote as Google does and gives it back in Google's form: times with
 * offsets, `self` on the calendar owner's attendee, the sequence never going backwards.
 */
export function validated(fields: Event, calendar: StoredCalendar, previous?: Event): Event {
  const start = normaliseTime(fields.start, 'start')
  const end = normaliseTime(fields.end, 'end')
  if (Boolean(start.date) !== Boolean(end.date)) throw badRequest('Invalid start time.')
  if (instantOf(end, calendar.timeZone) < instantOf(start, calendar.timeZone)) {
    throw badRequest('The specified time range is empty.', 'timeRangeEmpty')
  }
  const recurrence = fields.recurrence ?? undefined
  if (recurrence) {
    if (!start.date && !start.timeZone) {
      throw badRequest('Missing time zone definition for start time.', 'required')
    }
    if (!recurrence.every((line) => /^(RRULE|EXRULE|RDATE|EXDATE)[:;]/.test(line))) {
      throw badRequest('Invalid recurrence rule.')
    }
  }
  if (fields.status && !['confirmed', 'tentative', 'cancelled'].includes(fields.status)) {
    throw badRequest('Invalid value for: status')
  }
  if (fields.transparency && !['opaque', 'transparent'].includes(fields.transparency)) {
    throw badRequest('Invalid value for: transparency')
  }
  const sequence = fields.sequence ?? previous?.sequence ?? 0
  if (previous && sequence < (previous.sequence ?? 0)) {
    throw badRequest(
      'Invalid sequence value. The specified sequence number is below the current sequence number of the resource.',
    )
  }
  const attendees = fields.attendees?.map((attendee) => ({
    ...attendee,
    responseStatus: attendee.responseStatus ?? 'needsAction',
    ...(attendee.email === calendar.owner ? { self: true } : {}),
  }))
  return {
    ...fields,
    start,
    end,
    status: fields.status ?? 'confirmed',
    sequence,
    ...(attendees ? { attendees } : {}),
  }
}
