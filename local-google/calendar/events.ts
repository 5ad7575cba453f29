import type { calendar_v3 } from '@googleapis/calendar'
import type { ServiceContext } from '../context.ts'
import { badRequest, deleted, duplicate, notFound, preconditionFailed } from '../errors.ts'
import { isValidEventId, newEventId } from '../ids.ts'
import { nextEtag, type StoredCalendar, type StoredEvent } from '../state.ts'
import { validated, writtenFields } from './event-body.ts'
import { instantOf, originalStartFromSuffix, shifted } from './event-times.ts'

/*
 * events.get/insert/update/patch/delete on one calendar. A deleted event stays as a
 * `cancelled` tombstone (sync tokens report it; its id cannot be inserted again). An instance
 * of a recurring event is addressed as `<event id>_<original start>` and becomes an exception
 * (`recurringEventId`, `originalStartTime`) when it is changed or deleted.
 */

type Event = calendar_v3.Schema$Event

export function getEvent(calendar: StoredCalendar, eventId: string): Event {
  const stored = calendar.events[eventId]
  if (stored) return stored.event
  const instance = virtualInstance(calendar, eventId)
  if (!instance) throw notFound()
  return instance
}

export function insertEvent(context: ServiceContext, calendar: StoredCalendar, body: Event): Event {
  const id = body.id ?? newEventId()
  if (!isValidEventId(id)) throw badRequest('Invalid resource id value.')
  if (calendar.events[id]) throw duplicate()
  const iCalUID = body.iCalUID ?? `${id}@google.com`
  const clash = Object.values(calendar.events).some(
    ({ event }) => event.iCalUID === iCalUID && !event.recurringEventId,
  )
  if (clash) throw duplicate()
  const now = new Date().toISOString()
  const event: Event = {
    kind: 'calendar#event',
    id,
    htmlLink: htmlLink(context, calendar, id),
    created: now,
    creator: { email: calendar.owner, self: true },
    organizer: { email: calendar.owner, self: true },
    iCalUID,
    reminders: { useDefault: true },
    eventType: 'default',
    ...validated(writtenFields(body, {}), calendar),
  }
  return save(context, calendar, event)
}

/** events.update replaces every writable field; events.patch only those in the body. */
export function changeEvent(
  context: ServiceContext,
  calendar: StoredCalendar,
  eventId: string,
  body: Event,
  ifMatch: string | undefined,
  mode: 'update' | 'patch',
): Event {
  const current = getEvent(calendar, eventId)
  checkIfMatch(current, ifMatch)
  const fields = writtenFields(body, mode === 'patch' ? current : {})
  const event: Event = { ...serverFields(current), ...validated(fields, calendar, current) }
  if (event.status === 'cancelled') cancelExceptions(context, calendar, event)
  return save(context, calendar, event)
}

export function deleteEvent(
  context: ServiceContext,
  calendar: StoredCalendar,
  eventId: string,
  ifMatch: string | undefined,
): void {
  const current = getEvent(calendar, eventId)
  if (current.status === 'cancelled') throw deleted()
  checkIfMatch(current, ifMatch)
  save(context, calendar, { ...current, status: 'cancelled' })
  cancelExceptions(context, calendar, current)
}

function checkIfMatch(current: Event, ifMatch: string | undefined): void {
  if (ifMatch !== undefined && ifMatch !== '*' && ifMatch !== current.etag) {
    throw preconditionFailed()
  }
}

/** What a write keeps of the stored event whatever the body says. */
const serverFieldNames = [
  'kind',
  'etag',
  'id',
  'htmlLink',
  'created',
  'creator',
  'organizer',
  'iCalUID',
  'recurringEventId',
  'originalStartTime',
  'reminders',
  'eventType',
] as const

function serverFields(event: Event): Event {
  return Object.fromEntries(
    serverFieldNames.flatMap((name) => (event[name] === undefined ? [] : [[name, event[name]]])),
  )
}

/** Stores the event as changed now: a new etag, `updated`, and a place in the sync order. */
function save(context: ServiceContext, calendar: StoredCalendar, event: Event): Event {
  calendar.changeCount += 1
  const stored: StoredEvent = {
    event: { ...event, etag: nextEtag(context.state), updated: new Date().toISOString() },
    changedAt: calendar.changeCount,
  }
  calendar.events[event.id as string] = stored
  context.calendarChanged(calendar.id)
  return stored.event
}

/** Deleting a recurring event deletes its exceptions too. */
function cancelExceptions(context: ServiceContext, calendar: StoredCalendar, master: Event): void {
  for (const { event } of Object.values(calendar.events)) {
    if (event.recurringEventId === master.id && event.status !== 'cancelled') {
      save(context, calendar, { ...event, status: 'cancelled' })
    }
  }
}

/** `<id>_<start>` of a recurring event not changed yet: its series' fields at that start. */
function virtualInstance(calendar: StoredCalendar, eventId: string): Event | undefined {
  const match = eventId.match(/^(.+)_(\d{8}(?:T\d{6}Z)?)$/)
  const master = match ? calendar.events[match[1] as string]?.event : undefined
  if (!match || !master?.recurrence || master.status === 'cancelled') return undefined
  const masterStart = master.start ?? {}
  const originalStart = originalStartFromSuffix(match[2] as string, masterStart)
  if (!originalStart) return undefined
  const by = instantOf(originalStart, calendar.timeZone) - instantOf(masterStart, calendar.timeZone)
  const { recurrence: _series, ...fields } = master
  return {
    ...fields,
    id: eventId,
    recurringEventId: master.id,
    originalStartTime: originalStart,
    start: originalStart,
    end: shifted(master.end ?? {}, by, calendar.timeZone),
  }
}

function htmlLink(context: ServiceContext, calendar: StoredCalendar, id: string): string {
  const eid = Buffer.from(`${id} ${calendar.id}`).toString('base64url')
  return `${context.url}/calendar/event?eid=${eid}`
}
