/*
 * The connector for a connection's credentials: the one place that knows which provider each
 * kind of connection is, so the sync engine asks for a connector and never names one.
 */

import type { ExternalEvent } from '../domain/calendar-sync/external-event.ts'
import { calDavConnector } from './caldav/caldav-connector.ts'
import type { CalendarConnector, ConnectionCredentials } from './connector.ts'
import { GoogleConnector } from './google/google-connector.ts'
import type { GoogleCredentials } from './google/google-oauth.ts'
import type { GoogleSettings } from './google/google-settings.ts'
import { icalUrlConnector } from './ical-url/ical-url-connector.ts'

export interface ConnectorOptions {
  /** Reads iCalendar text into events (CalDAV objects, iCal addresses). */
  parse: (text: string) => ExternalEvent[]
  /** Each request to a provider is abandoned after this long (10 s unless told). */
  timeoutMs?: number
  /** Lets connections reach loopback and private addresses: tests, a server on the same network. */
  allowPrivateAddresses?: boolean
  /** The app's Google OAuth client; Google connections fail without it. */
  google?: GoogleSettings | undefined
  /** A Google connection's new access token, for the engine to keep with its credentials. */
  onGoogleCredentialsRefreshed?: (credentials: GoogleCredentials) => void | Promise<void>
}

const DEFAULT_TIMEOUT_MS = 10_000

export function connectorFor(
  credentials: ConnectionCredentials,
  options: ConnectorOptions,
): CalendarConnector {
  const shared = {
    parse: options.parse,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
  }
  switch (credentials.kind) {
    case 'caldav':
      return calDavConnector(credentials, shared)
    case 'ical_url':
      return icalUrlConnector(credentials, shared)
    case 'google': {
      if (!options.google) throw new Error('Google Calendar is not configured (GOOGLE_CLIENT_ID).')
      return new GoogleConnector(credentials, {
        settings: options.google,
        ...(options.onGoogleCredentialsRefreshed
          ? { onCredentialsRefreshed: options.onGoogleCredentialsRefreshed }
          : {}),
        timeoutMs: shared.timeoutMs,
      })
    }
  }
}
