import type { calendar_v3 } from '@googleapis/calendar'

/*
 * Everything the local Google service remembers: the accounts a person can sign in as, their
 * calendars and events, the OAuth grants and tokens issued to the app, and the push channels.
 * Plain JSON, so it can be kept in a file across restarts.
 */

export type AccessRole = 'owner' | 'writer' | 'reader'

export interface StoredCalendar {
  id: string
  /** The account whose calendar it is ('' for a public one such as the holidays). */
  owner: string
  summary: string
  timeZone: string
  backgroundColor: string
  accessRole: AccessRole
  primary: boolean
  /** Raised by every change of one of its events: what sync tokens count. */
  changeCount: number
  /** Raised when a test makes Google forget the sync tokens it gave out: older ones get 410. */
  syncGeneration: number
  events: Record<string, StoredEvent>
}

export interface StoredEvent {
  event: calendar_v3.Schema$Event
  /** The calendar's `changeCount` when it last changed. */
  changedAt: number
}

/** What a person allowed the app: one consent, one refresh token. */
export interface Grant {
  id: string
  clientId: string
  email: string
  scopes: string[]
  refreshToken: string | null
  revoked: boolean
}

export interface AccessToken {
  grantId: string
  expiresAt: number
}

export interface AuthorizationCode {
  grantId: string
  redirectUri: string
  expiresAt: number
  used: boolean
}

export interface Channel {
  id: string
  resourceId: string
  calendarId: string
  address: string
  token: string | null
  /** Epoch milliseconds. */
  expiration: number
  messageNumber: number
}

/** A failure the next calendar API requests answer with, set by a test (`/_local/failures`). */
export interface InjectedFailure {
  status: number
  remaining: number
  retryAfterSeconds: number | null
}

export interface ServiceState {
  /** Every e-mail that signed in, and the ids of its calendars. */
  accounts: Record<string, { calendarIds: string[] }>
  calendars: Record<string, StoredCalendar>
  grants: Record<string, Grant>
  accessTokens: Record<string, AccessToken>
  codes: Record<string, AuthorizationCode>
  channels: Record<string, Channel>
  failure: InjectedFailure | null
  /** Makes every ETag unique across the service. */
  etagCount: number
}

export function emptyState(): ServiceState {
  return {
    accounts: {},
    calendars: {},
    grants: {},
    accessTokens: {},
    codes: {},
    channels: {},
    failure: null,
    etagCount: 0,
  }
}

export function nextEtag(state: ServiceState): string {
  state.etagCount += 1
  return `"${3_180_000_000_000_000 + state.etagCount}"`
}
