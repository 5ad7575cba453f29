import type { operations } from '../../../shared/contract/schema.d.ts'
import {
  type ConnectionCredentials,
  ConnectorError,
  type RemoteCalendar,
} from '../../calendars/connector.ts'
import type { Database } from '../../db/database.ts'
import type { Member } from '../../domain/member.ts'
import type { CalendarSyncParts } from '../../jobs/calendar-connections.ts'
import type { OAuthStates } from '../../security/oauth-state.ts'
import { calendarsHolder, memberOfState } from './calendar-access.ts'
import { storeConnection } from './calendar-connect.ts'
import { calendarSyncOff } from './calendar-connection-service.ts'

/*
 * Connecting a Google Calendar (OAuth 2.0, the web server flow): the member's browser is sent
 * to Google's consent screen with a signed `state`, and comes back to the callback without a
 * bearer token. Everything the callback does ends in a redirect to the Calendars screen with an
 * outcome the screen shows; a failure is an outcome too, never an error page.
 */

type GoogleCredentials = Extract<ConnectionCredentials, { kind: 'google' }>

/** The OAuth steps, bound to the deployment's Google client (server/calendars/google/). */
export interface GoogleCalendarOAuth {
  consentUrl(request: { redirectUri: string; state: string }): string
  exchange(request: { code: string; redirectUri: string }): Promise<GoogleCredentials>
  revoke(credentials: GoogleCredentials): Promise<void>
}

export interface GoogleCalendarConnectDeps {
  database: Database
  sync: Pick<CalendarSyncParts, 'connectorFor' | 'cipher'> | undefined
  google: GoogleCalendarOAuth | undefined
  states: OAuthStates
  /** The address people open, without a trailing slash: the redirect URI is under it. */
  publicUrl: string
  /**
   * Told why a callback failed, in words only: the client library's errors carry the request,
   * code and client secret included, so they are never handed on.
   */
  onFailure?: (reason: string) => void
}

export const GOOGLE_CALLBACK_PATH = '/api/v1/calendar-connections/google/callback'

export type GoogleCallbackQuery = NonNullable<
  operations['googleCalendarCallback']['parameters']['query']
>

/** The account's address as Google names its primary calendar; its group calendars are not it. */
function accountName(calendars: readonly RemoteCalendar[]): string {
  const primary = calendars.find(
    (calendar) =>
      calendar.writable && calendar.id.includes('@') && !calendar.id.endsWith('.google.com'),
  )
  return primary ? `Google Calendar (${primary.id})` : 'Google Calendar'
}

export function createGoogleCalendarConnect(deps: GoogleCalendarConnectDeps) {
  const redirectUri = `${deps.publicUrl}${GOOGLE_CALLBACK_PATH}`
  const screen = (teamMemberId: string, outcome: string, extra = '') =>
    `/team/${encodeURIComponent(teamMemberId)}/calendars?google=${outcome}${extra}`

  return {
    async start(member: Member, teamMemberId: string): Promise<{ consent_url: string }> {
      const holder = await calendarsHolder(deps.database.db, member, teamMemberId)
      if (!deps.google || !deps.sync) throw calendarSyncOff()
      const state = deps.states.sign({
        tenantId: member.tenantId,
        teamMemberId: holder.id,
        uid: member.uid,
      })
      return { consent_url: deps.google.consentUrl({ redirectUri, state }) }
    },

    /** Where the browser goes next: the member's Calendars screen with the outcome. */
    async callback(query: GoogleCallbackQuery): Promise<string> {
      const claims = query.state ? deps.states.verify(query.state) : null
      if (!claims) return '/team?google=expired'
      const { teamMemberId } = claims
      if (query.error || !query.code) {
        return screen(teamMemberId, query.error === 'access_denied' ? 'denied' : 'failed')
      }
      const { google, sync } = deps
      if (!google || !sync) return screen(teamMemberId, 'failed')
      const member = await memberOfState(deps.database.db, claims)
      if (!member) return '/team?google=expired'
      try {
        const credentials = await google.exchange({ code: query.code, redirectUri })
        const calendars = await sync.connectorFor(credentials).listCalendars()
        const stored = await deps.database.transaction(async (tx) => {
          const holder = await calendarsHolder(tx, member, teamMemberId)
          return storeConnection(tx, sync.cipher, member, holder, {
            credentials,
            displayName: accountName(calendars),
            calendars,
          })
        })
        return screen(teamMemberId, 'connected', `&connection_id=${stored.connection.id}`)
      } catch (error) {
        deps.onFailure?.(
          error instanceof ConnectorError
            ? `connecting a Google Calendar failed (${error.kind}): ${error.message}`
            : `connecting a Google Calendar failed (${error instanceof Error ? error.name : 'unknown'})`,
        )
        return screen(teamMemberId, 'failed')
      }
    },
  }
}
