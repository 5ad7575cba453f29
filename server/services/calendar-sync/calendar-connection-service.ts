import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import type { FeedHolder } from '../../db/read-models/calendar-feed-holders.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  type ConnectionWithCalendars,
  createCalendarConnectionRepository,
} from '../../db/repositories/calendar-connection-repository.ts'
import type { Member } from '../../domain/member.ts'
import { invalidField, notFound, Refusal, unavailable } from '../../domain/refusal.ts'
import { type CalendarSyncParts, openCredentials } from '../../jobs/calendar-connections.ts'
import { calendarsHolder } from './calendar-access.ts'
import { discoverCalendars, storeConnection } from './calendar-connect.ts'
import { connectionListView, connectionView } from './connection-views.ts'
import type { GoogleCalendarOAuth } from './google-calendar-connect.ts'

type Body<K extends keyof components['schemas']> = components['schemas'][K]
type CalendarConnection = components['schemas']['CalendarConnection']
type CalendarConnectionList = components['schemas']['CalendarConnectionList']

export interface CalendarConnectionDeps {
  database: Database
  /** The connectors and the cipher; without them (no credentials key) nothing connects. */
  sync: Pick<CalendarSyncParts, 'connectorFor' | 'cipher'> | undefined
  /** Syncs the member's calendars now, waiting at most a few seconds ("sync now"). */
  syncMember?: ((tenantId: string, teamMemberId: string) => Promise<unknown>) | undefined
  /** Ends a Google grant on disconnect (best effort). */
  google?: Pick<GoogleCalendarOAuth, 'revoke'> | undefined
  now?: () => number
}

export const CALENDAR_SYNC_OFF = '/problems/calendar-sync-off'

export function calendarSyncOff(): Refusal {
  return unavailable(
    'Calendar connections are off on this server (no CALENDAR_CREDENTIALS_KEY is set).',
    { type: CALENDAR_SYNC_OFF },
  )
}

function connectionNotFound(): Refusal {
  return notFound('There is no calendar connection with this id for this team member.')
}

/** An https address as typed, `webcal://` taken as https; a refusal naming the field otherwise. */
function providerAddress(value: string, path: string, schemes: readonly string[]): string {
  const trimmed = value.trim()
  try {
    const url = new URL(trimmed)
    if (schemes.includes(url.protocol) && url.hostname) return trimmed
  } catch {}
  throw invalidField(
    path,
    `must be an address starting with ${schemes.map((one) => `${one}//`).join(' or ')}`,
  )
}

/**
 * A member's calendar connections (issue 25): list them with their health, connect CalDAV
 * and secret iCal addresses (Google: google-calendar-connect.ts), rename, choose privacy,
 * which calendars count and which takes bookings, sync now, and disconnect.
 */
export function createCalendarConnectionService(deps: CalendarConnectionDeps) {
  const { database } = deps
  const now = deps.now ?? Date.now
  const requireSync = () => {
    if (!deps.sync) throw calendarSyncOff()
    return deps.sync
  }
  const list = async (db: Db, member: Member, holder: FeedHolder) =>
    connectionListView(
      await createCalendarConnectionRepository(db).listOfMember(member.tenantId, holder.id),
      now(),
    )

  /** The connection in the caller's reach, for `work` inside one transaction. */
  async function withConnection<T>(
    member: Member,
    teamMemberId: string,
    connectionId: string,
    work: (tx: Db, found: ConnectionWithCalendars, holder: FeedHolder) => Promise<T>,
  ): Promise<T> {
    return database.transaction(async (tx) => {
      const holder = await calendarsHolder(tx, member, teamMemberId)
      const found = await createCalendarConnectionRepository(tx).find(
        member.tenantId,
        holder.id,
        connectionId,
      )
      if (!found) throw connectionNotFound()
      return work(tx, found, holder)
    })
  }

  const reread = async (tx: Db, found: ConnectionWithCalendars) => {
    const again = await createCalendarConnectionRepository(tx).find(
      found.connection.tenantId,
      found.connection.teamMemberId,
      found.connection.id,
    )
    if (!again) throw connectionNotFound()
    return connectionView(again, now())
  }

  const record = (tx: Db, member: Member, holder: FeedHolder, summary: string) =>
    createActivityRepository(tx).record({
      tenantId: member.tenantId,
      actor: member.actor,
      entityType: 'team_member',
      entityId: holder.id,
      action: 'updated',
      summary,
    })

  return {
    async list(member: Member, teamMemberId: string): Promise<CalendarConnectionList> {
      const holder = await calendarsHolder(database.db, member, teamMemberId)
      return list(database.db, member, holder)
    },

    async connectCalDav(
      member: Member,
      teamMemberId: string,
      body: Body<'CalDavConnectionInput'>,
    ): Promise<CalendarConnection> {
      const holder = await calendarsHolder(database.db, member, teamMemberId)
      const sync = requireSync()
      const serverUrl = providerAddress(body.server_url, 'body.server_url', ['https:', 'http:'])
      const credentials = {
        kind: 'caldav' as const,
        serverUrl,
        username: body.username,
        password: body.password,
      }
      const calendars = await discoverCalendars(sync.connectorFor(credentials), {
        address: 'body.server_url',
        password: 'body.password',
      })
      const displayName =
        body.display_name?.trim() || `${body.username} on ${new URL(serverUrl).host}`
      const stored = await database.transaction((tx) =>
        storeConnection(tx, sync.cipher, member, holder, { credentials, displayName, calendars }),
      )
      return connectionView(stored, now())
    },

    async connectICalAddress(
      member: Member,
      teamMemberId: string,
      body: Body<'ICalAddressConnectionInput'>,
    ): Promise<CalendarConnection> {
      const holder = await calendarsHolder(database.db, member, teamMemberId)
      const sync = requireSync()
      const url = providerAddress(body.url, 'body.url', ['https:', 'http:', 'webcal:'])
      const credentials = { kind: 'ical_url' as const, url }
      const calendars = await discoverCalendars(sync.connectorFor(credentials), {
        address: 'body.url',
      })
      // The address's path is the secret: only its host may be shown.
      const displayName =
        body.display_name?.trim() || calendars[0]?.name.trim() || new URL(url).host
      const stored = await database.transaction((tx) =>
        storeConnection(tx, sync.cipher, member, holder, { credentials, displayName, calendars }),
      )
      return connectionView(stored, now())
    },

    async update(
      member: Member,
      teamMemberId: string,
      connectionId: string,
      body: Body<'CalendarConnectionPatch'>,
    ): Promise<CalendarConnection> {
      return withConnection(member, teamMemberId, connectionId, async (tx, found, holder) => {
        const repository = createCalendarConnectionRepository(tx)
        const displayName = body.display_name?.trim()
        if (body.display_name !== undefined && !displayName) {
          throw invalidField('body.display_name', 'must not be blank')
        }
        if (displayName) await repository.rename(found.connection, displayName)
        if (body.privacy) {
          await repository.setPrivacy(found.connection, body.privacy)
          // The events already written show the new choice once written again.
          await repository.requeueFutureWrites(member.tenantId, holder.id, new Date(now()))
        }
        await record(
          tx,
          member,
          holder,
          `Changed the calendar account “${displayName ?? found.connection.displayName}” of ${holder.name}.`,
        )
        return reread(tx, found)
      })
    },

    /**
     * A calendar counted for conflicts or not, and the one bookings are added to: a change of
     * that one moves the member's future appointments' events from the old calendar to the
     * new one through the write-back outbox (same UIDs: updated there, never duplicated).
     */
    async updateCalendar(
      member: Member,
      teamMemberId: string,
      connectionId: string,
      calendarId: string,
      body: Body<'ConnectedCalendarPatch'>,
    ): Promise<CalendarConnectionList> {
      return withConnection(member, teamMemberId, connectionId, async (tx, found, holder) => {
        const calendar = found.calendars.find((one) => one.id === calendarId)
        if (!calendar) throw notFound('There is no calendar with this id in this connection.')
        const repository = createCalendarConnectionRepository(tx)
        if (body.check_conflicts !== undefined) {
          await repository.setCheckConflicts(calendar, body.check_conflicts)
        }
        if (body.add_bookings !== undefined && body.add_bookings !== calendar.addBookings) {
          if (body.add_bookings && !calendar.writable) {
            throw new Refusal('unprocessable', 'body.add_bookings: this calendar is read-only.', {
              errors: [
                {
                  path: 'body.add_bookings',
                  message: 'is not possible: this calendar is read-only',
                },
              ],
            })
          }
          await repository.setBookingsCalendar(
            member.tenantId,
            holder.id,
            body.add_bookings ? calendar.id : null,
          )
          await repository.requeueFutureWrites(member.tenantId, holder.id, new Date(now()))
        }
        await record(
          tx,
          member,
          holder,
          `Changed how ${holder.name}'s calendar “${calendar.name}” is used: ${usageSentence(body)}.`,
        )
        return list(tx, member, holder)
      })
    },

    /** Makes the connection due, syncs the member's calendars for a few seconds at most. */
    async syncNow(
      member: Member,
      teamMemberId: string,
      connectionId: string,
    ): Promise<CalendarConnection> {
      const found = await withConnection(member, teamMemberId, connectionId, async (tx, found) => {
        await createCalendarConnectionRepository(tx).makeDue(found.connection, new Date(now()))
        return found
      })
      if (deps.sync && deps.syncMember) {
        await deps.syncMember(member.tenantId, found.connection.teamMemberId)
      }
      return reread(database.db, found)
    },

    /**
     * Disconnects at once (busy times gone, times free again); the events written into its
     * calendars are removed afterwards by the write-back job while the connection still works,
     * which then deletes it. A connection that no longer works goes at once.
     */
    async disconnect(member: Member, teamMemberId: string, connectionId: string): Promise<void> {
      const revoke = await withConnection(
        member,
        teamMemberId,
        connectionId,
        async (tx, found, holder) => {
          const repository = createCalendarConnectionRepository(tx)
          const works = found.connection.health !== 'needs_reconnect'
          const removing = await repository.disconnect(found.connection, {
            at: new Date(now()),
            removeWrittenEvents: works && Boolean(deps.sync),
          })
          if (!removing) await repository.remove(found.connection)
          await record(
            tx,
            member,
            holder,
            `Disconnected the calendar account “${found.connection.displayName}” of ${holder.name}.`,
          )
          return !removing && found.connection.kind === 'google' && works ? found.connection : null
        },
      )
      const { google, sync } = deps
      if (revoke && google && sync) {
        // After the commit, and never in the way of the disconnect: Google forgets the grant.
        await Promise.resolve()
          .then(() => openCredentials(sync.cipher, revoke))
          .then((credentials) =>
            credentials.kind === 'google' ? google.revoke(credentials) : undefined,
          )
          .catch(() => {})
      }
    },
  }
}

function usageSentence(body: Body<'ConnectedCalendarPatch'>): string {
  const parts: string[] = []
  if (body.check_conflicts !== undefined) {
    parts.push(body.check_conflicts ? 'checked for conflicts' : 'not checked for conflicts')
  }
  if (body.add_bookings !== undefined) {
    parts.push(body.add_bookings ? 'bookings added to it' : 'no bookings added to it')
  }
  return parts.join(', ')
}
