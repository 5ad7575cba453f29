/*
 * Reading a calendar collection's objects: by time range (RFC 4791 calendar-query, filtered on
 * the server; never expanded there, which Radicale cannot do: recurrences are ours to expand)
 * and by href (calendar-multiget), and the collection's change markers (sync-token, ctag).
 *
 * A server's time-range filter is not trusted with recurrences: xandikos 0.2.8 leaves out a
 * weekly series that started before the range. Every series (an RRULE or RDATE) is asked for
 * apart, without a range, and our own expansion decides which occurrences fall in the window.
 */

import type { DAVResponse } from 'tsdav'
import type { ExternalEvent } from '../../domain/calendar-sync/external-event.ts'
import { ConnectorError, type RemoteObject } from '../connector.ts'
import { absoluteUrl, type DavClient, plainAnswer, propText, resourcesOf } from './dav-client.ts'

export type ParseCalendar = (text: string) => ExternalEvent[]

/** A stretch of time in epoch milliseconds. */
export interface TimeRange {
  from: number
  until: number
}

/** The calendar's objects with an event in the range, with their text, or only their etags. */
export async function objectsInRange(
  client: DavClient,
  calendarId: string,
  range: TimeRange,
  parse: ParseCalendar,
): Promise<RemoteObject[]> {
  const found = await queryWindow(client, calendarId, range, true)
  return found.map((resource) => remoteObject(resource, calendarId, parse))
}

/** ref → etag of every object with an event in the range. */
export async function etagsInRange(
  client: DavClient,
  calendarId: string,
  range: TimeRange,
): Promise<Record<string, string>> {
  const found = await queryWindow(client, calendarId, range, false)
  return Object.fromEntries(
    found.map((resource) => [
      absoluteUrl(resource.href, calendarId),
      propText(resource.props?.getetag) ?? '',
    ]),
  )
}

/** The objects at these hrefs; those the server no longer has come back as `missing` refs. */
export async function objectsAt(
  client: DavClient,
  calendarId: string,
  hrefs: string[],
  parse: ParseCalendar,
): Promise<{ objects: RemoteObject[]; missing: string[] }> {
  if (hrefs.length === 0) return { objects: [], missing: [] }
  const answer = await client.report(
    calendarId,
    {
      'c:calendar-multiget': {
        'd:prop': { 'd:getetag': {}, 'c:calendar-data': {} },
        'd:href': hrefs.map((href) => new URL(href, calendarId).pathname),
      },
    },
    '1',
  )
  refuseCollectionAnswer(answer, calendarId)
  const resources = resourcesOf(answer)
  return {
    objects: resources
      .filter((resource) => resource.ok && resource.props?.calendarData !== undefined)
      .map((resource) => remoteObject(resource, calendarId, parse)),
    missing: resources
      .filter((resource) => resource.status === 404 || resource.status === 410)
      .map((resource) => absoluteUrl(resource.href, calendarId)),
  }
}

export interface CollectionState {
  /** Present when the collection can report its changes (RFC 6578 sync-collection). */
  syncToken: string | undefined
  /** Changes whenever anything in the collection does (calendarserver.org getctag). */
  ctag: string | null
}

export async function collectionState(
  client: DavClient,
  calendarId: string,
): Promise<CollectionState> {
  const answer = await client.propfind(
    calendarId,
    { 'd:sync-token': {}, 'cs:getctag': {}, 'd:supported-report-set': {} },
    '0',
  )
  refuseCollectionAnswer(answer, calendarId)
  const props = resourcesOf(answer)[0]?.props ?? {}
  const syncToken = propText(props.syncToken)
  return {
    syncToken: syncToken && reportsSupported(props.supportedReportSet) ? syncToken : undefined,
    ctag: propText(props.getctag) ?? null,
  }
}

/**
 * A server that lists its reports must list sync-collection; one that does not list them may
 * have it. RFC 3253 wraps each in `report`; xandikos leaves that out.
 */
function reportsSupported(supportedReportSet: unknown): boolean {
  if (!supportedReportSet || typeof supportedReportSet !== 'object') return true
  const reports = (supportedReportSet as { supportedReport?: unknown }).supportedReport
  const listed = (Array.isArray(reports) ? reports : [reports]) as ({ report?: unknown } | null)[]
  return listed.some((one) => {
    const report = one?.report ?? one
    return Boolean(report && typeof report === 'object' && 'syncCollection' in report)
  })
}

/**
 * Refuses a non-multistatus answer to a request on the collection itself, by what it means:
 * the calendar gone (404, 410), access withdrawn (403), or an answer we cannot use.
 */
function refuseCollectionAnswer(answer: DAVResponse[], calendarId: string): void {
  const plain = plainAnswer(answer)
  if (!plain) return
  const host = new URL(calendarId).host
  if (plain.status === 404 || plain.status === 410) {
    throw new ConnectorError('calendar_gone', `The calendar is no longer on ${host}`)
  }
  if (plain.status === 403) {
    throw new ConnectorError('needs_reconnect', `${host} refused access to the calendar (403)`)
  }
  throw new ConnectorError('protocol', `${host} answered ${plain.status} for the calendar`)
}

type FoundResource = DAVResponse & { href: string }

/** The objects with an event in the range, and every series whatever its dates, once each. */
async function queryWindow(
  client: DavClient,
  calendarId: string,
  range: TimeRange,
  withData: boolean,
): Promise<FoundResource[]> {
  const timeRange = {
    'c:time-range': {
      _attributes: { start: caldavTime(range.from), end: caldavTime(range.until) },
    },
  }
  const series = (property: string) => ({ 'c:prop-filter': { _attributes: { name: property } } })
  const answers = await Promise.all(
    [timeRange, series('RRULE'), series('RDATE')].map((test) =>
      queryEvents(client, calendarId, test, withData),
    ),
  )
  const byHref = new Map<string, FoundResource>()
  for (const resource of answers.flat())
    byHref.set(absoluteUrl(resource.href, calendarId), resource)
  return [...byHref.values()]
}

async function queryEvents(
  client: DavClient,
  calendarId: string,
  eventTest: Record<string, unknown>,
  withData: boolean,
): Promise<FoundResource[]> {
  const answer = await client.report(
    calendarId,
    {
      'c:calendar-query': {
        'd:prop': withData ? { 'd:getetag': {}, 'c:calendar-data': {} } : { 'd:getetag': {} },
        'c:filter': {
          'c:comp-filter': {
            _attributes: { name: 'VCALENDAR' },
            'c:comp-filter': { _attributes: { name: 'VEVENT' }, ...eventTest },
          },
        },
      },
    },
    '1',
  )
  refuseCollectionAnswer(answer, calendarId)
  return resourcesOf(answer).filter(
    (resource) => resource.ok && absoluteUrl(resource.href, calendarId) !== calendarId,
  )
}

function remoteObject(
  resource: DAVResponse & { href: string },
  calendarId: string,
  parse: ParseCalendar,
): RemoteObject {
  const ref = absoluteUrl(resource.href, calendarId)
  const text = propText(resource.props?.calendarData) ?? ''
  try {
    return { ref, etag: propText(resource.props?.getetag) ?? null, events: parse(text) }
  } catch (error) {
    // A calendar we cannot read whole fails loudly: a busy time silently left out would let
    // someone book over it.
    const detail = error instanceof Error ? error.message : String(error)
    throw new ConnectorError('protocol', `${new URL(ref).pathname} could not be read: ${detail}`)
  }
}

/** `YYYYMMDDTHHMMSSZ`, the form time-range takes. */
function caldavTime(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}
