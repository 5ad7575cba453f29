import { randomBytes, randomUUID } from 'node:crypto'
import type { ConnectionCredentials } from '../../../server/calendars/connector.ts'
import type { Db } from '../../../server/db/database.ts'
import {
  type BusyTimeRow,
  type CalendarRow,
  type ConnectionRow,
  createCalendarSyncRepository,
} from '../../../server/db/repositories/calendar-sync-repository.ts'
import type { CalendarPrivacy } from '../../../server/db/schema.ts'
import { sealCredentials } from '../../../server/jobs/calendar-connections.ts'
import {
  type CredentialCipher,
  createCredentialCipher,
} from '../../../server/security/credential-cipher.ts'

/** A cipher under a fresh random key, as CALENDAR_CREDENTIALS_KEY would give. */
export function testCipher(): CredentialCipher {
  return createCredentialCipher(randomBytes(32))
}

/**
 * A member's connection with one chosen calendar, stored as the connect screen will store it
 * (credentials sealed): what the sync job then finds due.
 */
export async function connectCalendar(
  db: Db,
  cipher: CredentialCipher,
  input: {
    tenantId: string
    teamMemberId: string
    remoteId?: string
    checkConflicts?: boolean
    addBookings?: boolean
    privacy?: CalendarPrivacy
    credentials?: ConnectionCredentials
  },
): Promise<{ connection: ConnectionRow; calendar: CalendarRow }> {
  const repository = createCalendarSyncRepository(db)
  const id = randomUUID()
  const credentials = input.credentials ?? {
    kind: 'caldav',
    serverUrl: 'https://caldav.example/',
    username: 'member',
    password: 'app-specific-password',
  }
  const connection = await repository.addConnection({
    id,
    tenantId: input.tenantId,
    teamMemberId: input.teamMemberId,
    kind: credentials.kind,
    displayName: 'Test calendar account',
    ...sealCredentials(cipher, id, credentials),
  })
  const calendar = await repository.addCalendar({
    tenantId: input.tenantId,
    connectionId: connection.id,
    teamMemberId: input.teamMemberId,
    remoteId: input.remoteId ?? `calendar-${id}`,
    name: 'Personal',
    checkConflicts: input.checkConflicts ?? true,
    addBookings: input.addBookings ?? false,
    privacy: input.privacy ?? 'busy',
  })
  return { connection, calendar }
}

/** Stores busy times for the calendar as a sync would after expanding its events. */
export function storeBusyTimes(
  db: Db,
  calendar: CalendarRow,
  busy: { startsAt: string; endsAt: string; summary?: string }[],
): Promise<void> {
  const rows: BusyTimeRow[] = busy.map((time) => ({
    startsAt: Date.parse(time.startsAt),
    endsAt: Date.parse(time.endsAt),
    summary: time.summary ?? 'Dentist',
  }))
  return createCalendarSyncRepository(db).replaceBusyTimes(calendar, rows)
}
