/*
 * What the CalDAV tests do to a server behind the connector's back, as another calendar app
 * would: make a calendar, store, change, read and remove objects. Plain fetch and hand-written
 * requests, so the connector is checked against the server, not against itself. Also a
 * minimal reader of DTSTART, DTEND and UID, standing in for the real iCalendar parser
 * (server/domain/calendar-sync/), which the connector takes as a parameter.
 */

import type {
  EventTime,
  ExternalEvent,
} from '../../../server/domain/calendar-sync/external-event.ts'
import type { CalDavServer } from './caldav-servers.ts'

function authorization(server: CalDavServer): string {
  return `Basic ${Buffer.from(`${server.username}:${server.password}`, 'utf8').toString('base64')}`
}

async function send(
  server: CalDavServer,
  url: string,
  method: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(url, {
    method,
    body: init.body,
    headers: { authorization: authorization(server), ...init.headers },
  })
}

/** MKCALENDAR under the user's home; the calendar's URL. */
export async function makeCalendar(
  server: CalDavServer,
  slug: string,
  options: { name: string; colour?: string; components?: string[] },
): Promise<string> {
  const url = `${server.home}${slug}/`
  const components = (options.components ?? ['VEVENT'])
    .map((name) => `<c:comp name="${name}"/>`)
    .join('')
  const colour = options.colour ? `<ca:calendar-color>${options.colour}</ca:calendar-color>` : ''
  const response = await send(server, url, 'MKCALENDAR', {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:ca="http://apple.com/ns/ical/">
  <d:set><d:prop>
    <d:displayname>${options.name}</d:displayname>${colour}
    <c:supported-calendar-component-set>${components}</c:supported-calendar-component-set>
  </d:prop></d:set>
</c:mkcalendar>`,
  })
  if (response.status !== 201) {
    throw new Error(`MKCALENDAR ${url}: ${response.status} ${await response.text()}`)
  }
  return url
}

/** Stores (or replaces) an object; its URL. */
export async function putObject(
  server: CalDavServer,
  calendarUrl: string,
  name: string,
  text: string,
): Promise<string> {
  const url = new URL(name, calendarUrl).href
  const response = await send(server, url, 'PUT', {
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
    body: text,
  })
  if (!response.ok) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`)
  return url
}

export async function deleteObject(server: CalDavServer, url: string): Promise<void> {
  const response = await send(server, url, 'DELETE')
  if (!response.ok) throw new Error(`DELETE ${url}: ${response.status}`)
}

/** The object's text and etag; null when it is not there. */
export async function getObject(
  server: CalDavServer,
  url: string,
): Promise<{ text: string; etag: string | null } | null> {
  const response = await send(server, url, 'GET')
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
  return { text: await response.text(), etag: response.headers.get('etag') }
}

/** The hrefs of the objects in a calendar (PROPFIND, depth 1). */
export async function objectHrefs(server: CalDavServer, calendarUrl: string): Promise<string[]> {
  const response = await send(server, calendarUrl, 'PROPFIND', {
    headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
  })
  const body = await response.text()
  const hrefs = [...body.matchAll(/<(?:\w+:)?href>([^<]*)<\/(?:\w+:)?href>/g)].map(
    (match) => new URL(match[1] ?? '', calendarUrl).href,
  )
  return hrefs.filter((href) => href !== calendarUrl)
}

/** One VEVENT in a VCALENDAR, times in UTC. */
export function eventText(event: {
  uid: string
  start: string
  end: string
  summary?: string
}): string {
  const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise tests//EN',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${event.summary ?? 'Busy'}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

/** Reads UID, DTSTART, DTEND and SUMMARY of each VEVENT; nothing else. */
export function minimalParse(text: string): ExternalEvent[] {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
  const events: ExternalEvent[] = []
  let current: Record<string, string> | null = null
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {}
    else if (line === 'END:VEVENT' && current) {
      events.push({
        uid: current.UID ?? '',
        start: eventTime(current.DTSTART ?? ''),
        end: eventTime(current.DTEND ?? current.DTSTART ?? ''),
        rdates: [],
        exdates: [],
        transparent: false,
        cancelled: false,
        declinedByOwner: false,
        summary: current.SUMMARY ?? '',
      })
      current = null
    } else if (current) {
      const match = /^([A-Z-]+)(?:;[^:]*)?:(.*)$/.exec(line)
      if (match?.[1]) current[match[1]] = match[2] ?? ''
    }
  }
  return events
}

function eventTime(value: string): EventTime {
  const [, y, mo, d, h, mi, s, zulu] =
    /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value) ?? []
  if (h === undefined) return { kind: 'date', date: `${y}-${mo}-${d}` }
  const wallClock = `${y}-${mo}-${d}T${h}:${mi}:${s}`
  return zulu
    ? { kind: 'utc', instant: Date.parse(`${wallClock}Z`) }
    : { kind: 'floating', dateTime: wallClock }
}

/** Where an event's start falls, as an ISO instant (UTC events only). */
export function startOf(event: ExternalEvent | undefined): string | undefined {
  return event?.start.kind === 'utc' ? new Date(event.start.instant).toISOString() : undefined
}
