/*
 * A calendar's secret iCal address (what Google Calendar, Outlook and most others publish per
 * calendar) as a read-only CalendarConnector: one calendar, read whole. Each sync asks with the
 * validators of the last answer (If-None-Match, If-Modified-Since): a 304, or the same content
 * again from a server that ignores them, is an empty delta; new content is a full batch. A
 * `webcal://` address is fetched over https, and an answer over the size cap is refused.
 */

import { createHash } from 'node:crypto'
import type { ExternalEvent } from '../../domain/calendar-sync/external-event.ts'
import {
  type CalendarConnector,
  type ChangeBatch,
  type ConnectionCredentials,
  ConnectorError,
  type RemoteObject,
  type SyncCursor,
} from '../connector.ts'
import { asConnectorOperation, type ProviderFetch, providerFetch } from '../provider-fetch.ts'

export interface ICalUrlOptions {
  parse: (text: string) => ExternalEvent[]
  timeoutMs: number
  allowPrivateAddresses: boolean
  /** The largest calendar read, in bytes (10 MB unless told). */
  maxBytes?: number
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024

/** What the last answer said about its content, to ask again conditionally. */
type Validators = { etag: string | null; lastModified: string | null; hash: string }

export function icalUrlConnector(
  credentials: Extract<ConnectionCredentials, { kind: 'ical_url' }>,
  options: ICalUrlOptions,
): CalendarConnector {
  const fetchFor = providerFetch(options)
  const address = httpAddress(credentials.url)
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const readOnly = () =>
    Promise.reject(new Error('A calendar read from its iCal address is read-only'))
  return {
    listCalendars: () =>
      asConnectorOperation(async () => {
        const answer = await download(fetchFor, address, null, maxBytes)
        if (!answer) throw new ConnectorError('protocol', 'The calendar answered 304 unasked')
        requireCalendar(answer.text)
        const name = calendarName(answer.text) ?? new URL(address).hostname
        return [{ id: address, name, writable: false }]
      }),
    changesSince: (_calendarId, cursor) =>
      asConnectorOperation(async (): Promise<ChangeBatch> => {
        const last = readCursor(cursor)
        const answer = await download(fetchFor, address, last, maxBytes)
        const unchanged = (next: Validators): ChangeBatch => ({
          kind: 'delta',
          changed: [],
          removed: [],
          cursor: next,
        })
        if (!answer) {
          if (!last) throw new ConnectorError('protocol', 'The calendar answered 304 unasked')
          return unchanged(last)
        }
        if (last && answer.validators.hash === last.hash) return unchanged(answer.validators)
        return {
          kind: 'full',
          changed: objectsByUid(readEvents(answer.text, options.parse)),
          removed: [],
          cursor: answer.validators,
        }
      }),
    putEvent: readOnly,
    deleteEvent: readOnly,
  }
}

/** `webcal://` (and `webcals://`) is how calendar apps spell https for a subscription. */
export function httpAddress(url: string): string {
  return url.trim().replace(/^webcals?:\/\//i, 'https://')
}

/** The calendar's text and its validators; null for a 304. */
async function download(
  fetchFor: ProviderFetch,
  address: string,
  last: Validators | null,
  maxBytes: number,
): Promise<{ text: string; validators: Validators } | null> {
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' }
  if (last?.etag) headers['if-none-match'] = last.etag
  if (last?.lastModified) headers['if-modified-since'] = last.lastModified
  const response = await fetchFor(address, { headers })
  const host = new URL(address).host
  if (response.status === 304) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok) {
    await response.body?.cancel()
    if (response.status === 404 || response.status === 410) {
      throw new ConnectorError('calendar_gone', `${host} no longer publishes this calendar`)
    }
    if (response.status === 403) {
      throw new ConnectorError('needs_reconnect', `${host} refused the address (403)`)
    }
    throw new ConnectorError('protocol', `${host} answered ${response.status}`)
  }
  const text = await cappedText(response, maxBytes, host)
  return {
    text,
    validators: {
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      hash: createHash('sha256').update(text).digest('hex'),
    },
  }
}

async function cappedText(response: Response, maxBytes: number, host: string): Promise<string> {
  const tooLarge = () =>
    new ConnectorError('protocol', `The calendar at ${host} is larger than ${maxBytes} bytes`)
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel()
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  if (!reader) return ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A login page or an error page answered with 200 is not a calendar with no events. */
function requireCalendar(text: string): void {
  if (!/^BEGIN:VCALENDAR/im.test(text)) {
    throw new ConnectorError('protocol', 'The address does not hold an iCalendar file')
  }
}

function readEvents(text: string, parse: ICalUrlOptions['parse']): ExternalEvent[] {
  requireCalendar(text)
  try {
    return parse(text)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new ConnectorError('protocol', `The calendar could not be read: ${detail}`)
  }
}

/** One object per UID: a series' master travels with its overrides. */
function objectsByUid(events: ExternalEvent[]): RemoteObject[] {
  const byUid = new Map<string, ExternalEvent[]>()
  for (const event of events) byUid.set(event.uid, [...(byUid.get(event.uid) ?? []), event])
  return [...byUid].map(([uid, group]) => ({ ref: uid, etag: null, events: group }))
}

/** X-WR-CALNAME, unfolded and unescaped (RFC 5545 TEXT). */
export function calendarName(text: string): string | undefined {
  const unfolded = text.replace(/\r?\n[ \t]/g, '')
  const value = /^X-WR-CALNAME(?:;[^:\r\n]*)?:(.*)$/im.exec(unfolded)?.[1]
  const name = value
    ?.replace(/\\([\\;,nN])/g, (_, escaped: string) =>
      escaped.toLowerCase() === 'n' ? ' ' : escaped,
    )
    .trim()
  return name ? name.slice(0, 200) : undefined
}

function readCursor(cursor: SyncCursor | null): Validators | null {
  if (!cursor || typeof cursor.hash !== 'string') return null
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return { etag: text(cursor.etag), lastModified: text(cursor.lastModified), hash: cursor.hash }
}
