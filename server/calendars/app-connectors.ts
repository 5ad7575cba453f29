/*
 * The connectors the app's sync jobs use: every connection's calendars read with the one
 * iCalendar reader, Google through the deployment's OAuth client, each request on a short
 * timeout, and private addresses refused unless the deployment allows them (a CalDAV server on
 * the same network, the tests' Radicale).
 */

import { readCalendarText } from '../domain/calendar-sync/ics-events.ts'
import type { CalendarConnector, ConnectionCredentials } from './connector.ts'
import { connectorFor } from './connector-for.ts'
import type { GoogleSettings } from './google/google-settings.ts'

export interface AppConnectorSettings {
  google: GoogleSettings | undefined
  allowPrivateAddresses: boolean
}

/**
 * The addresses a calendar's invitations name its owner by: the member's own, and the CalDAV
 * account's name when it is an e-mail address (iCloud, Fastmail, most Nextclouds). Google marks
 * the owner itself.
 */
function ownerEmails(credentials: ConnectionCredentials, owner: { emails: string[] }): string[] {
  return credentials.kind === 'caldav' && credentials.username.includes('@')
    ? [...owner.emails, credentials.username]
    : owner.emails
}

export function appConnectorFor(
  settings: AppConnectorSettings,
): (
  credentials: ConnectionCredentials,
  owner?: { emails: string[] },
  keep?: (credentials: ConnectionCredentials) => Promise<void>,
) => CalendarConnector {
  return (credentials, owner = { emails: [] }, keep) =>
    connectorFor(credentials, {
      parse: (text) =>
        readCalendarText(text, { ownerEmails: ownerEmails(credentials, owner) }).events,
      google: settings.google,
      allowPrivateAddresses: settings.allowPrivateAddresses,
      ...(keep ? { onGoogleCredentialsRefreshed: keep } : {}),
    })
}
