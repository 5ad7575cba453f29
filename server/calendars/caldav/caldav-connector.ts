/*
 * A CalDAV account (iCloud with an app-specific password, Fastmail, Nextcloud, any RFC 4791
 * server) as a CalendarConnector: basic auth on every request, calendars found from the
 * address the member typed, changes read by sync-collection or ctag and etags, Slotwise's
 * events written one resource per appointment. Every failure leaves as a ConnectorError.
 */

import type { CalendarConnector, ConnectionCredentials } from '../connector.ts'
import { asConnectorOperation, providerFetch } from '../provider-fetch.ts'
import { calendarChanges } from './calendar-changes.ts'
import type { ParseCalendar } from './calendar-objects.ts'
import { davClient } from './dav-client.ts'
import { discoverCalendars } from './discovery.ts'
import { deleteEvent, putEvent } from './event-writer.ts'

export interface CalDavOptions {
  /** Reads a calendar object's iCalendar text into events. */
  parse: ParseCalendar
  timeoutMs: number
  allowPrivateAddresses: boolean
  /** False compares ctags and etags even where the server has sync-collection. */
  useSyncCollection?: boolean
  /** How far past the sync window's end a full load reaches (28 days unless told). */
  reloadMarginMs?: number
  now?: () => Date
}

const DEFAULT_RELOAD_MARGIN_MS = 28 * 24 * 60 * 60 * 1000

export function calDavConnector(
  credentials: Extract<ConnectionCredentials, { kind: 'caldav' }>,
  options: CalDavOptions,
): CalendarConnector {
  const client = davClient(providerFetch(options), credentials.username, credentials.password)
  const changeOptions = {
    parse: options.parse,
    useSyncCollection: options.useSyncCollection ?? true,
    reloadMarginMs: options.reloadMarginMs ?? DEFAULT_RELOAD_MARGIN_MS,
  }
  const now = options.now ?? (() => new Date())
  return {
    listCalendars: () =>
      asConnectorOperation(() => discoverCalendars(client, credentials.serverUrl)),
    changesSince: (calendarId, cursor, window) =>
      asConnectorOperation(() =>
        calendarChanges(client, calendarId, cursor, window, changeOptions),
      ),
    putEvent: (calendarId, event, previous) =>
      asConnectorOperation(() => putEvent(client, calendarId, event, previous, now)),
    deleteEvent: (_calendarId, previous) =>
      asConnectorOperation(() => deleteEvent(client, previous)),
  }
}
