import { randomUUID } from 'node:crypto'
import {
  type CalendarConnector,
  type ConnectionCredentials,
  ConnectorError,
  type RemoteCalendar,
} from '../../calendars/connector.ts'
import { PrivateAddressError } from '../../calendars/provider-fetch.ts'
import type { Db } from '../../db/database.ts'
import type { FeedHolder } from '../../db/read-models/calendar-feed-holders.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  type ConnectionWithCalendars,
  createCalendarConnectionRepository,
} from '../../db/repositories/calendar-connection-repository.ts'
import { createCalendarSyncRepository } from '../../db/repositories/calendar-sync-repository.ts'
import type { Member } from '../../domain/member.ts'
import { invalidField, Refusal, unavailable } from '../../domain/refusal.ts'
import { sealCredentials } from '../../jobs/calendar-connections.ts'
import type { CredentialCipher } from '../../security/credential-cipher.ts'

/*
 * Connecting a calendar account: asking the provider for its calendars with the credentials
 * the member gave (a wrong password or address becomes a refusal naming the field, never a
 * 500), then storing the connection, its sealed credentials and its calendars at once.
 */

/** The request's fields a provider's failure is about. */
export interface ConnectFields {
  /** The address typed: `body.server_url`, `body.url`. */
  address: string
  /** Where a refused sign-in is shown: `body.password`; absent when there is none. */
  password?: string
}

export const CALENDAR_UNREACHABLE = '/problems/calendar-unreachable'

/** The calendars the credentials reach, or a refusal naming the field to fix. */
export async function discoverCalendars(
  connector: CalendarConnector,
  fields: ConnectFields,
): Promise<RemoteCalendar[]> {
  let calendars: RemoteCalendar[]
  try {
    calendars = await connector.listCalendars()
  } catch (error) {
    throw refusalOfProvider(error, fields)
  }
  if (calendars.length === 0) {
    throw fieldRefusal(fields.address, 'holds no calendars with events for this account')
  }
  return calendars
}

function fieldRefusal(path: string, message: string, type?: string): Refusal {
  return new Refusal('unprocessable', `${path} ${message}.`, {
    type,
    errors: [{ path, message }],
  })
}

/** What a provider's failure while connecting means for the form. */
export function refusalOfProvider(error: unknown, fields: ConnectFields): Refusal {
  if (error instanceof PrivateAddressError) {
    return invalidField(
      fields.address,
      'leads to a local or private network address, which calendar connections may not reach',
    )
  }
  if (!(error instanceof ConnectorError)) throw error
  switch (error.kind) {
    case 'needs_reconnect':
      return fields.password
        ? fieldRefusal(fields.password, 'was refused by the server for this username')
        : fieldRefusal(fields.address, 'refused access (is it the secret address?)')
    case 'unreachable':
      return fieldRefusal(
        fields.address,
        `could not be reached: ${error.message}`,
        CALENDAR_UNREACHABLE,
      )
    case 'rate_limited':
      return unavailable('The calendar server asks us to slow down; try again in a moment.', {
        type: '/problems/calendar-rate-limited',
        retryAfterSeconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000)),
      })
    default:
      return fieldRefusal(fields.address, `is not a calendar's address: ${error.message}`)
  }
}

/** `#rrggbb` of a provider's colour (Apple adds an alpha: `#rrggbbaa`); null for anything else. */
function hexColour(colour: string | undefined): string | null {
  const match = colour && /^#[0-9a-f]{6}(?:[0-9a-f]{2})?$/i.exec(colour.trim())
  return match ? match[0].slice(0, 7).toLowerCase() : null
}

/**
 * Stores the connection with its calendars and records it. A calendar is checked for conflicts
 * when it is the member's own (writable) or the only one: subscribed calendars (holidays,
 * colleagues') would block whole days unasked. None receives bookings until the member chooses.
 */
export async function storeConnection(
  tx: Db,
  cipher: CredentialCipher,
  member: Member,
  holder: FeedHolder,
  input: {
    credentials: ConnectionCredentials
    displayName: string
    calendars: readonly RemoteCalendar[]
  },
): Promise<ConnectionWithCalendars> {
  const repository = createCalendarSyncRepository(tx)
  const id = randomUUID()
  await repository.addConnection({
    id,
    tenantId: member.tenantId,
    teamMemberId: holder.id,
    kind: input.credentials.kind,
    displayName: input.displayName,
    ...sealCredentials(cipher, id, input.credentials),
  })
  const only = input.calendars.length === 1
  for (const calendar of input.calendars) {
    await repository.addCalendar({
      tenantId: member.tenantId,
      connectionId: id,
      teamMemberId: holder.id,
      remoteId: calendar.id,
      name: calendar.name.trim() || 'Calendar',
      colour: hexColour(calendar.colour),
      writable: calendar.writable,
      checkConflicts: calendar.writable || only,
    })
  }
  await createActivityRepository(tx).record({
    tenantId: member.tenantId,
    actor: member.actor,
    entityType: 'team_member',
    entityId: holder.id,
    action: 'updated',
    summary: `Connected the calendar account “${input.displayName}” for ${holder.name}.`,
  })
  const stored = await createCalendarConnectionRepository(tx).find(member.tenantId, holder.id, id)
  if (!stored) throw new Error('The connection just stored was not found.')
  return stored
}
