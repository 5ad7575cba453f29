/*
 * Slotwise's own events in a member's CalDAV calendar: one resource per appointment, at a name
 * derived from its UID, so a write repeated after a crash finds the first one instead of adding
 * a second. A create says `If-None-Match: *` (a 412 means it is there already: we read its
 * etag and update it); an update or a removal says `If-Match` with the etag we last saw (a 412
 * means someone changed it since: we read the new etag and write again, a few times at most).
 * Slotwise is the source of an appointment's event, so our version wins; a change the member
 * made outside is noticed by the sync before the next write.
 */

import { publishedEventCalendar } from '../../notifications/ics.ts'
import { ConnectorError, type WrittenEvent, type WrittenRef } from '../connector.ts'
import { type DavClient, propText, resourcesOf, type WriteCondition } from './dav-client.ts'

/** Writes after the first that a 412 may cost before we give up until the next attempt. */
const RETRIES_AFTER_CONFLICT = 2

export async function putEvent(
  client: DavClient,
  calendarId: string,
  event: WrittenEvent,
  previous: WrittenRef | null,
  now: () => Date,
): Promise<WrittenRef> {
  const ref = previous?.ref ?? eventUrl(calendarId, event.uid)
  const text = publishedEventCalendar({ ...event, stamp: now() })
  let condition: WriteCondition = previous
    ? previous.etag
      ? { ifMatch: previous.etag }
      : null
    : { ifNoneMatch: '*' }
  for (let attempt = 0; attempt <= RETRIES_AFTER_CONFLICT; attempt++) {
    const response = await client.put(ref, text, condition)
    await response.body?.cancel()
    if (response.ok) {
      return { ref, etag: response.headers.get('etag') ?? (await currentEtag(client, ref)) }
    }
    if (response.status !== 412) throw writeFailure(response.status, ref)
    // Created already (If-None-Match), changed since (If-Match), or gone: a resource that is
    // no longer there is created again, since the appointment it stands for still is.
    const etag = await currentEtag(client, ref)
    condition = etag ? { ifMatch: etag } : { ifNoneMatch: '*' }
  }
  throw conflictFailure(ref)
}

/** Removes the event; one that is already gone is fine. */
export async function deleteEvent(client: DavClient, previous: WrittenRef): Promise<void> {
  let etag = previous.etag
  for (let attempt = 0; attempt <= RETRIES_AFTER_CONFLICT; attempt++) {
    const response = await client.remove(previous.ref, etag)
    await response.body?.cancel()
    if (response.ok || response.status === 404 || response.status === 410) return
    if (response.status !== 412) throw writeFailure(response.status, previous.ref)
    etag = await currentEtag(client, previous.ref)
    if (etag === null) return
  }
  throw conflictFailure(previous.ref)
}

/**
 * Where the event of this UID lives in the calendar: the UID with every character outside
 * letters, digits, `-` and `.` written `_` and its UTF-8 bytes in hex, so that the name is the
 * same on every write, different for every UID, and never needs percent-encoding.
 */
function eventUrl(calendarId: string, uid: string): string {
  const safe = [...uid]
    .map((character) =>
      /^[A-Za-z0-9.-]$/.test(character)
        ? character
        : [...Buffer.from(character, 'utf8')]
            .map((byte) => `_${byte.toString(16).padStart(2, '0')}`)
            .join(''),
    )
    .join('')
  return new URL(`${safe}.ics`, calendarId).href
}

/** The resource's etag now, or null when it is not there. */
async function currentEtag(client: DavClient, ref: string): Promise<string | null> {
  const answer = await client.propfind(ref, { 'd:getetag': {} }, '0')
  const [resource] = resourcesOf(answer)
  if (!resource) {
    const status = answer[0]?.status ?? 0
    if (status === 404 || status === 410) return null
    throw writeFailure(status, ref)
  }
  return propText(resource.props?.getetag) ?? null
}

function writeFailure(status: number, ref: string): ConnectorError {
  const host = new URL(ref).host
  // A PUT into a collection that is not there is a 409 (RFC 4918) or a 404.
  if (status === 404 || status === 409 || status === 410) {
    return new ConnectorError('calendar_gone', `The calendar is no longer on ${host}`)
  }
  if (status === 403) {
    return new ConnectorError('needs_reconnect', `${host} refused to store the event (403)`)
  }
  return new ConnectorError('protocol', `${host} answered ${status} when we wrote the event`)
}

function conflictFailure(ref: string): ConnectorError {
  return new ConnectorError(
    'protocol',
    `The event at ${new URL(ref).host} kept changing while we wrote it; we try again later`,
  )
}
