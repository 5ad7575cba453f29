import type { FastifyBaseLogger } from 'fastify'
import {
  exchangeGoogleCode,
  googleConsentUrl,
  revokeGoogleAccess,
} from './calendars/google/google-oauth.ts'
import type { GoogleSettings } from './calendars/google/google-settings.ts'
import type { Database } from './db/database.ts'
import type { CalendarSyncParts, ExpandBusyTimes } from './jobs/calendar-connections.ts'
import { refreshStaleBusyTimes } from './jobs/calendar-sync.ts'
import { createCredentialCipher } from './security/credential-cipher.ts'
import { createOAuthStates } from './security/oauth-state.ts'
import { createCalendarConnectionService } from './services/calendar-sync/calendar-connection-service.ts'
import {
  createGoogleCalendarConnect,
  type GoogleCalendarOAuth,
} from './services/calendar-sync/google-calendar-connect.ts'

/*
 * Calendar sync's part of the composition root (composition-root.ts): its jobs' parts, the
 * services members connect and manage their calendars through, and the re-check before a
 * booking. Everything here is off when the deployment runs no calendar sync.
 */

/** What calendar sync's jobs are built from (plugins/background-jobs.ts runs them). */
export interface CalendarSyncSetup {
  /** Seals the credentials (CALENDAR_CREDENTIALS_KEY); the keys it replaced still open old rows. */
  credentialsKey: Buffer
  previousCredentialsKeys?: readonly Buffer[] | undefined
  /** The connectors and the expansion; the jobs stay off until both are given. */
  connectorFor?: CalendarSyncParts['connectorFor'] | undefined
  expandBusyTimes?: ExpandBusyTimes | undefined
  /** The deployment's Google OAuth client; connecting Google Calendars is off without it. */
  google?: GoogleSettings | undefined
}

/** The jobs' parts, when the setup names connectors and an expansion. */
export function calendarSyncParts(
  setup: CalendarSyncSetup | undefined,
): CalendarSyncParts | undefined {
  if (!setup?.connectorFor || !setup.expandBusyTimes) return undefined
  return {
    cipher: createCredentialCipher(setup.credentialsKey, setup.previousCredentialsKeys),
    connectorFor: setup.connectorFor,
    expandBusyTimes: setup.expandBusyTimes,
  }
}

/** "Sync now" answers after this long at the latest; the sync goes on and stores what it finds. */
const SYNC_NOW_TIMEOUT_MS = 10_000

/** Connect, choose, sync now, disconnect (issue 25), and Google's consent and callback. */
export function calendarSyncServices(options: {
  database: Database
  calendarSync: CalendarSyncParts | undefined
  google: GoogleSettings | undefined
  /** Signs the OAuth consent's state (the deployment's shared secret). */
  secret: string
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const { database, calendarSync, publicUrl, log } = options
  const google = googleCalendarOAuth(options.google)
  return {
    calendarConnections: createCalendarConnectionService({
      database,
      sync: calendarSync,
      google,
      syncMember: calendarSync
        ? (tenantId, teamMemberId) =>
            refreshStaleBusyTimes(
              database,
              calendarSync,
              { tenantId, teamMemberId },
              { maxAgeMs: 0, timeoutMs: SYNC_NOW_TIMEOUT_MS },
            )
        : undefined,
    }),
    googleCalendarConnect: createGoogleCalendarConnect({
      database,
      sync: calendarSync,
      google,
      states: createOAuthStates(options.secret, 'google-calendar'),
      publicUrl,
      onFailure: (reason) => log.warn(reason),
    }),
  }
}

/** The OAuth steps of connecting a Google Calendar, bound to the deployment's client. */
function googleCalendarOAuth(
  settings: GoogleSettings | undefined,
): GoogleCalendarOAuth | undefined {
  if (!settings) return undefined
  return {
    consentUrl: (request) => googleConsentUrl(settings, request),
    exchange: (request) => exchangeGoogleCode(settings, request),
    revoke: (credentials) => revokeGoogleAccess(settings, credentials),
  }
}

/** Busy times older than this are synced again just before a booking of the member… */
const RECHECK_AFTER_MS = 2 * 60_000
/** …waiting no longer than this for the member's calendars to answer. */
const RECHECK_TIMEOUT_MS = 1500

/**
 * The re-check before a booking (issue 25, item 3), when calendar sync is on: a calendar that
 * does not answer in time leaves the booking to the stored busy times, and the log says so.
 */
export function busyTimesRecheck(
  database: Database,
  calendarSync: CalendarSyncParts | undefined,
  log: FastifyBaseLogger,
) {
  if (!calendarSync) return undefined
  return async (tenantId: string, teamMemberId: string): Promise<void> => {
    const outcome = await refreshStaleBusyTimes(
      database,
      calendarSync,
      { tenantId, teamMemberId },
      { maxAgeMs: RECHECK_AFTER_MS, timeoutMs: RECHECK_TIMEOUT_MS, log },
    ).catch((error: unknown) => {
      log.warn(
        { err: error, tenantId, teamMemberId },
        'the calendar re-check before a booking failed',
      )
      return 'stale' as const
    })
    if (outcome === 'stale') {
      log.warn(
        { tenantId, teamMemberId },
        'calendar busy times could not be refreshed before a booking; the stored ones were used',
      )
    }
  }
}
