import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import {
  appointments,
  type CalendarPrivacy,
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  externalBusyTimes,
  externalEvents,
} from '../schema.ts'
import type { CalendarRow, ConnectionRow } from './calendar-sync-repository.ts'
import { queueCalendarWrite } from './calendar-write-repository.ts'

/*
 * A member's calendar connections as staff manage them (the connect, choose and disconnect
 * screens): every read is held to the business and the member, and a disconnected connection
 * (kept only while its written events are removed) is never seen.
 */

export interface ConnectionWithCalendars {
  connection: ConnectionRow
  calendars: CalendarRow[]
}

/** A connection still connected, of this member of this business. */
function ofMember(tenantId: string, teamMemberId: string) {
  return and(
    eq(calendarConnections.tenantId, tenantId),
    eq(calendarConnections.teamMemberId, teamMemberId),
    isNull(calendarConnections.disconnectedAt),
  )
}

export function createCalendarConnectionRepository(db: Db) {
  /** The member's connections, oldest first, each with its calendars by name. */
  async function listOfMember(
    tenantId: string,
    teamMemberId: string,
    connectionId?: string,
  ): Promise<ConnectionWithCalendars[]> {
    const connections = await db
      .select()
      .from(calendarConnections)
      .where(
        and(
          ofMember(tenantId, teamMemberId),
          connectionId ? eq(calendarConnections.id, connectionId) : undefined,
        ),
      )
      .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id))
    if (connections.length === 0) return []
    const calendars = await db
      .select()
      .from(connectedCalendars)
      .where(
        and(
          eq(connectedCalendars.tenantId, tenantId),
          inArray(
            connectedCalendars.connectionId,
            connections.map((connection) => connection.id),
          ),
        ),
      )
      .orderBy(asc(connectedCalendars.name), asc(connectedCalendars.id))
    return connections.map((connection) => ({
      connection,
      calendars: calendars.filter((calendar) => calendar.connectionId === connection.id),
    }))
  }

  return {
    listOfMember,

    async find(
      tenantId: string,
      teamMemberId: string,
      connectionId: string,
    ): Promise<ConnectionWithCalendars | undefined> {
      return (await listOfMember(tenantId, teamMemberId, connectionId))[0]
    },

    async rename(connection: ConnectionRow, displayName: string): Promise<void> {
      await db
        .update(calendarConnections)
        .set({ displayName, updatedAt: sql`now()` })
        .where(eq(calendarConnections.id, connection.id))
    },

    /** Privacy is kept per calendar (the write-back reads it there); a connection's are alike. */
    async setPrivacy(connection: ConnectionRow, privacy: CalendarPrivacy): Promise<void> {
      await db
        .update(connectedCalendars)
        .set({ privacy })
        .where(
          and(
            eq(connectedCalendars.tenantId, connection.tenantId),
            eq(connectedCalendars.connectionId, connection.id),
          ),
        )
    },

    async setCheckConflicts(calendar: CalendarRow, checkConflicts: boolean): Promise<void> {
      await db
        .update(connectedCalendars)
        .set({ checkConflicts })
        .where(eq(connectedCalendars.id, calendar.id))
    },

    /**
     * Makes `calendarId` the member's one calendar for bookings, or none (null): the old one
     * lets go first, as the unique index on (member) where add_bookings wants.
     */
    async setBookingsCalendar(
      tenantId: string,
      teamMemberId: string,
      calendarId: string | null,
    ): Promise<void> {
      await db
        .update(connectedCalendars)
        .set({ addBookings: false })
        .where(
          and(
            eq(connectedCalendars.tenantId, tenantId),
            eq(connectedCalendars.teamMemberId, teamMemberId),
            eq(connectedCalendars.addBookings, true),
            calendarId ? ne(connectedCalendars.id, calendarId) : undefined,
          ),
        )
      if (calendarId) {
        await db
          .update(connectedCalendars)
          .set({ addBookings: true })
          .where(
            and(eq(connectedCalendars.tenantId, tenantId), eq(connectedCalendars.id, calendarId)),
          )
      }
    },

    /**
     * Queues the write-back of each of the member's appointments that has not ended (or was
     * written to one of their calendars), so they follow the member's current choice: put into
     * the calendar for bookings, removed from any other (queueCalendarWrite, idempotent).
     */
    async requeueFutureWrites(tenantId: string, teamMemberId: string, now: Date): Promise<number> {
      const rows = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.teamMemberId, teamMemberId),
            gt(appointments.endsAt, now),
          ),
        )
      for (const row of rows) await queueCalendarWrite(db, tenantId, row.id)
      return rows.length
    },

    /** Makes every calendar of the connection due now, cutting a failure's backoff short. */
    async makeDue(connection: ConnectionRow, now: Date): Promise<void> {
      await db
        .update(calendarConnections)
        .set({ nextSyncAt: now })
        .where(eq(calendarConnections.id, connection.id))
      await db
        .update(connectedCalendars)
        .set({ nextSyncAt: now })
        .where(
          and(
            eq(connectedCalendars.tenantId, connection.tenantId),
            eq(connectedCalendars.connectionId, connection.id),
          ),
        )
    },

    /**
     * Disconnects: the connection's busy times and stored events go at once, its calendars
     * stop counting and taking bookings, and the events written into them are queued for
     * removal when `removeWrittenEvents`. Answers whether any removal is queued: if none, the
     * caller deletes the connection now; otherwise the write-back job does once they are done.
     */
    async disconnect(
      connection: ConnectionRow,
      options: { at: Date; removeWrittenEvents: boolean },
    ): Promise<boolean> {
      const calendarIds = db
        .select({ id: connectedCalendars.id })
        .from(connectedCalendars)
        .where(
          and(
            eq(connectedCalendars.tenantId, connection.tenantId),
            eq(connectedCalendars.connectionId, connection.id),
          ),
        )
      await db
        .update(calendarConnections)
        .set({ disconnectedAt: options.at, updatedAt: options.at })
        .where(eq(calendarConnections.id, connection.id))
      await db
        .delete(externalBusyTimes)
        .where(
          and(
            eq(externalBusyTimes.tenantId, connection.tenantId),
            inArray(externalBusyTimes.calendarId, calendarIds),
          ),
        )
      await db
        .delete(externalEvents)
        .where(
          and(
            eq(externalEvents.tenantId, connection.tenantId),
            inArray(externalEvents.calendarId, calendarIds),
          ),
        )
      await db
        .update(connectedCalendars)
        .set({ checkConflicts: false, addBookings: false })
        .where(
          and(
            eq(connectedCalendars.tenantId, connection.tenantId),
            eq(connectedCalendars.connectionId, connection.id),
          ),
        )
      if (!options.removeWrittenEvents) return false
      const written = await db
        .selectDistinct({ appointmentId: calendarWrites.appointmentId })
        .from(calendarWrites)
        .where(
          and(
            eq(calendarWrites.tenantId, connection.tenantId),
            inArray(calendarWrites.calendarId, calendarIds),
            or(isNotNull(calendarWrites.writtenRef), gt(calendarWrites.attempts, 0)),
          ),
        )
      for (const row of written)
        await queueCalendarWrite(db, connection.tenantId, row.appointmentId)
      return written.length > 0
    },

    /** Deletes the connection with its calendars, events, busy times and writes (cascade). */
    async remove(connection: ConnectionRow): Promise<void> {
      await db
        .delete(calendarConnections)
        .where(
          and(
            eq(calendarConnections.tenantId, connection.tenantId),
            eq(calendarConnections.id, connection.id),
          ),
        )
    },
  }
}

/**
 * Deletes the disconnected connections none of whose written events is still to be removed
 * (every write done or given up): what the write-back job calls after each run.
 */
export async function removeDisconnectedConnections(db: Db): Promise<number> {
  const removed = await db
    .delete(calendarConnections)
    .where(
      and(
        isNotNull(calendarConnections.disconnectedAt),
        sql`not exists (select 1 from ${calendarWrites}
          join ${connectedCalendars} on ${connectedCalendars.id} = ${calendarWrites.calendarId}
          where ${connectedCalendars.connectionId} = ${calendarConnections.id}
            and ${calendarWrites.state} = 'pending')`,
      ),
    )
    .returning({ id: calendarConnections.id })
  return removed.length
}
