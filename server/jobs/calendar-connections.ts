import type {
  CalendarConnector,
  ConnectionCredentials,
  SyncWindow,
} from '../calendars/connector.ts'
import type { Database } from '../db/database.ts'
import { createCalendarSyncRepository } from '../db/repositories/calendar-sync-repository.ts'
import type { ExternalEvent } from '../domain/calendar-sync/external-event.ts'
import type { CredentialCipher, SealedSecret } from '../security/credential-cipher.ts'

/*
 * What calendar sync's two jobs share: the parts the composition root hands them (connectors,
 * the expansion, the cipher), the credentials sealed and opened, and the backoff.
 */

/** A busy time of an expanded event, in epoch milliseconds. */
export interface ExpandedBusyTime {
  startsAt: number
  endsAt: number
  /** The event's title, '' when it has none. */
  summary: string
}

/** Turns a calendar's stored events into busy times within the window, in the member's zone. */
export type ExpandBusyTimes = (
  events: readonly ExternalEvent[],
  window: SyncWindow,
  timeZone: string,
) => ExpandedBusyTime[]

export interface CalendarOwner {
  emails: string[]
}

/**
 * Where the calendar jobs say what they did and why something failed (the server's pino
 * logger, or a child of it). Only ids, kinds and the connector's sentence go in: never
 * credentials, event titles or addresses.
 */
export interface CalendarJobLog {
  info(fields: object, message: string): void
  warn(fields: object, message: string): void
}

/** Keeps a connection's credentials the provider renewed (a Google access token). */
export type KeepRefreshedCredentials = (credentials: ConnectionCredentials) => Promise<void>

export interface CalendarSyncParts {
  /**
   * The connector for a connection's kind (CalDAV, a secret iCal address, Google); `owner`'s
   * addresses tell the member's own declined invitations (no busy time) from others' events;
   * `keep` is handed credentials the provider renewed, to store them for the next sync.
   */
  connectorFor(
    credentials: ConnectionCredentials,
    owner?: CalendarOwner,
    keep?: KeepRefreshedCredentials,
  ): CalendarConnector
  expandBusyTimes: ExpandBusyTimes
  cipher: CredentialCipher
}

/** Seals a connection's credentials for its row (the id is bound in, see credential-cipher.ts). */
export function sealCredentials(
  cipher: CredentialCipher,
  connectionId: string,
  credentials: ConnectionCredentials,
): { credentialsSealed: string; credentialsKeyId: string } {
  const { sealed, keyId } = cipher.seal(JSON.stringify(credentials), connectionId)
  return { credentialsSealed: sealed, credentialsKeyId: keyId }
}

/** Opens a connection row's credentials; throws CredentialKeyError when they do not open. */
export function openCredentials(
  cipher: CredentialCipher,
  connection: { id: string; credentialsSealed: string; credentialsKeyId: string },
): ConnectionCredentials {
  const secret: SealedSecret = {
    sealed: connection.credentialsSealed,
    keyId: connection.credentialsKeyId,
  }
  return JSON.parse(cipher.open(secret, connection.id)) as ConnectionCredentials
}

/**
 * The connector for a connection's row: its credentials opened, and any the provider renews
 * sealed and stored at once, so the next sync (in any process) does not renew them again.
 */
export function connectorOfConnection(
  database: Database,
  parts: Pick<CalendarSyncParts, 'connectorFor' | 'cipher'>,
  connection: { id: string; credentialsSealed: string; credentialsKeyId: string },
  owner?: CalendarOwner,
): CalendarConnector {
  return parts.connectorFor(openCredentials(parts.cipher, connection), owner, (fresh) =>
    createCalendarSyncRepository(database.db).storeCredentials(
      connection.id,
      sealCredentials(parts.cipher, connection.id, fresh),
    ),
  )
}

const MINUTE_MS = 60_000

/**
 * How long to wait after the `failures`-th failure in a row: a minute, doubling up to six
 * hours, spread by ±20 % jitter (`random` in [0, 1)) so that connections that failed together
 * (a provider's outage) do not all come back in the same second; never sooner than the
 * provider's Retry-After.
 */
export function backoffMs(failures: number, random: number, retryAfterMs?: number): number {
  const base = Math.min(MINUTE_MS * 2 ** Math.max(0, failures - 1), 360 * MINUTE_MS)
  const jittered = Math.round(base * (0.8 + 0.4 * random))
  return Math.max(jittered, retryAfterMs ?? 0)
}
