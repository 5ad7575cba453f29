import type { CalendarConnector, ConnectionCredentials } from './connector.ts'
import { GoogleConnector } from './google/google-connector.ts'
import type { GoogleCredentials } from './google/google-oauth.ts'
import type { GoogleSettings } from './google/google-settings.ts'

/** What the connectors need beside a connection's credentials. */
export interface ConnectorOptions {
  /** The app's Google OAuth client; Google connections fail without it. */
  google?: GoogleSettings | undefined
  /** A Google connection's new access token, for the engine to keep with its credentials. */
  onGoogleCredentialsRefreshed?: (credentials: GoogleCredentials) => void | Promise<void>
  /** Per request to a provider. */
  timeoutMs?: number
}

/** The connector for a connection, by the kind of its credentials. */
export function connectorFor(
  credentials: ConnectionCredentials,
  options: ConnectorOptions,
): CalendarConnector {
  switch (credentials.kind) {
    case 'google': {
      if (!options.google) throw new Error('Google Calendar is not configured (GOOGLE_CLIENT_ID).')
      return new GoogleConnector(credentials, {
        settings: options.google,
        ...(options.onGoogleCredentialsRefreshed
          ? { onCredentialsRefreshed: options.onGoogleCredentialsRefreshed }
          : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      })
    }
    case 'caldav':
    case 'ical_url':
      throw new Error(`The ${credentials.kind} connector is not wired in yet.`)
  }
}
