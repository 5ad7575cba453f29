/*
 * What the sync engine asks of a calendar provider, and nothing more. One connector per kind
 * of connection (CalDAV, a secret iCal address, Google Calendar), each built from the
 * connection's credentials; the engine never sees a URL scheme, an XML body or a JSON shape.
 */

import type { ExternalEvent } from '../domain/calendar-sync/external-event.ts'

/** A calendar the connection can see. */
export interface RemoteCalendar {
  /** Stable within the connection: a CalDAV collection's URL, a Google calendar id. */
  id: string
  name: string
  /** `#rrggbb` when the provider has one. */
  colour?: string | undefined
  /** Whether Slotwise may add its bookings to it. */
  writable: boolean
}

/** One stored object of a calendar: a CalDAV resource, a Google event with its overrides. */
export interface RemoteObject {
  /** Stable within the calendar: a CalDAV href, a Google event id. */
  ref: string
  etag: string | null
  /** A series' master and its overrides share a UID and come together. */
  events: ExternalEvent[]
}

/**
 * Where a calendar's sync got to, opaque to the engine (a sync token, a ctag with the etags,
 * an HTTP validator): stored as JSON and handed back on the next sync.
 */
export type SyncCursor = { readonly [key: string]: unknown }

export interface ChangeBatch {
  /** 'full': the calendar's whole content within the window (replaces what is stored). */
  kind: 'full' | 'delta'
  changed: RemoteObject[]
  /** Refs of objects that are gone. */
  removed: string[]
  cursor: SyncCursor
}

/** The window of time busy times are kept for: from a little before now to the booking window's end. */
export interface SyncWindow {
  start: Date
  end: Date
}

/** The one event Slotwise keeps in a member's calendar for an appointment. */
export interface WrittenEvent {
  /** Derived from the appointment; the same on every write. */
  uid: string
  /** Raised on each change. */
  sequence: number
  start: Date
  end: Date
  summary: string
  description: string
  location: string
}

/** Where a written event is, to update or remove it with `If-Match`. */
export interface WrittenRef {
  ref: string
  etag: string | null
}

export interface CalendarConnector {
  listCalendars(): Promise<RemoteCalendar[]>
  /**
   * What changed since `cursor`, or everything when it is null or the provider refused it (an
   * expired sync token comes back as a 'full' batch, not an error).
   */
  changesSince(
    calendarId: string,
    cursor: SyncCursor | null,
    window: SyncWindow,
  ): Promise<ChangeBatch>
  /**
   * Creates the event (when `previous` is null, with `If-None-Match: *`: an event already
   * there under the same UID is updated, never duplicated) or replaces it (`If-Match`; on a
   * 412 the connector re-reads and writes again).
   */
  putEvent(
    calendarId: string,
    event: WrittenEvent,
    previous: WrittenRef | null,
  ): Promise<WrittenRef>
  /** Removes it; one already gone is not an error. */
  deleteEvent(calendarId: string, previous: WrittenRef): Promise<void>
}

export type ConnectorFailureKind =
  /** 401/403 or `invalid_grant`: the member must connect again. */
  | 'needs_reconnect'
  /** DNS, refused connection, timeout, 5xx. */
  | 'unreachable'
  /** 429 or a provider's quota error. */
  | 'rate_limited'
  /** The calendar itself is gone (404/410 on the collection). */
  | 'calendar_gone'
  /** Anything the provider answered that we cannot read. */
  | 'protocol'

/** How a connector fails: the engine turns the kind into the connection's health. */
export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorFailureKind,
    message: string,
    /** From `Retry-After`, when the provider gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.name = 'ConnectorError'
  }
}

/** What a connection holds to reach its provider; stored encrypted, never returned by the API. */
export type ConnectionCredentials =
  | { kind: 'caldav'; serverUrl: string; username: string; password: string }
  | { kind: 'ical_url'; url: string }
  | { kind: 'google'; refreshToken: string; accessToken?: string; accessTokenExpiresAt?: number }
