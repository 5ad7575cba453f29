import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import type { ExternalEvent } from '../../domain/calendar-sync/external-event.ts'
import type { Database, Db } from '../database.ts'
import {
  type ConnectionHealth,
  calendarConnections,
  connectedCalendars,
  externalBusyTimes,
  externalEvents,
  teamMembers,
} from '../schema.ts'

/*
 * What the sync job reads and writes: members' connections and chosen calendars, the objects
 * each calendar holds, and the busy times expanded from them (read by external-busy-reads.ts).
 */

export type ConnectionRow = typeof calendarConnections.$inferSelect
export type NewConnection = typeof calendarConnections.$inferInsert
export type CalendarRow = typeof connectedCalendars.$inferSelect
export type NewCalendar = typeof connectedCalendars.$inferInsert

/** One stored object as a connector hands it back (a RemoteObject). */
export interface StoredObject {
  ref: string
  etag: string | null
  events: ExternalEvent[]
}

/** A busy time expanded from the stored events, ready to store. */
export interface BusyTimeRow {
  startsAt: number
  endsAt: number
  summary: string
}

/** A calendar claimed for a sync, with its connection and its member's time zone. */
export interface ClaimedCalendar {
  calendar: CalendarRow
  connection: ConnectionRow
  timeZone: string
  /** The member's e-mail: the calendar's invitations name its owner by it. */
  memberEmail: string | null
}

export function createCalendarSyncRepository(db: Db) {
  return {
    async addConnection(row: NewConnection): Promise<ConnectionRow> {
      const [added] = await db.insert(calendarConnections).values(row).returning()
      if (!added) throw new Error('The connection was not added.')
      return added
    },

    async addCalendar(row: NewCalendar): Promise<CalendarRow> {
      const [added] = await db.insert(connectedCalendars).values(row).returning()
      if (!added) throw new Error('The calendar was not added.')
      return added
    },

    /** The connection's credentials sealed anew (a renewed access token), for the next sync. */
    async storeCredentials(
      connectionId: string,
      sealed: { credentialsSealed: string; credentialsKeyId: string },
    ): Promise<void> {
      await db
        .update(calendarConnections)
        .set(sealed)
        .where(eq(calendarConnections.id, connectionId))
    },

    /**
     * Takes the calendar back from a sync that holds it with `claimedUntil`; false when that
     * claim is no longer held (it expired and another runner took the calendar), and nothing
     * of this sync may be stored. Call first in the transaction that stores the sync.
     */
    async holdsClaim(calendarId: string, claimedUntil: Date): Promise<boolean> {
      const rows = await db
        .update(connectedCalendars)
        .set({ claimedUntil: null })
        .where(
          and(
            eq(connectedCalendars.id, calendarId),
            eq(connectedCalendars.claimedUntil, claimedUntil),
          ),
        )
        .returning({ id: connectedCalendars.id })
      return rows.length === 1
    },

    /**
     * Stores a batch of changed objects: a 'full' batch replaces everything stored for the
     * calendar, a 'delta' one updates the changed and deletes the removed.
     */
    async storeObjects(
      calendar: { tenantId: string; id: string },
      batch: {
        kind: 'full' | 'delta'
        changed: readonly StoredObject[]
        removed: readonly string[]
      },
    ): Promise<void> {
      const ofCalendar = and(
        eq(externalEvents.tenantId, calendar.tenantId),
        eq(externalEvents.calendarId, calendar.id),
      )
      if (batch.kind === 'full') {
        const kept = batch.changed.map((object) => object.ref)
        await db
          .delete(externalEvents)
          .where(
            kept.length > 0 ? and(ofCalendar, notInArray(externalEvents.ref, kept)) : ofCalendar,
          )
      } else if (batch.removed.length > 0) {
        await db
          .delete(externalEvents)
          .where(and(ofCalendar, inArray(externalEvents.ref, [...batch.removed])))
      }
      if (batch.changed.length === 0) return
      await db
        .insert(externalEvents)
        .values(
          batch.changed.map((object) => ({
            tenantId: calendar.tenantId,
            calendarId: calendar.id,
            ref: object.ref,
            etag: object.etag,
            events: object.events,
          })),
        )
        .onConflictDoUpdate({
          target: [externalEvents.calendarId, externalEvents.ref],
          set: {
            etag: sql`excluded.etag`,
            events: sql`excluded.events`,
            updatedAt: sql`now()`,
          },
        })
    },

    /** Every event stored for the calendar, objects in ref order. */
    async storedEvents(tenantId: string, calendarId: string): Promise<ExternalEvent[]> {
      const rows = await db
        .select({ events: externalEvents.events })
        .from(externalEvents)
        .where(
          and(eq(externalEvents.tenantId, tenantId), eq(externalEvents.calendarId, calendarId)),
        )
        .orderBy(asc(externalEvents.ref))
      return rows.flatMap((row) => row.events)
    },

    /** Replaces the calendar's busy times with `busy` (the whole window's expansion). */
    async replaceBusyTimes(
      calendar: { tenantId: string; id: string; teamMemberId: string },
      busy: readonly BusyTimeRow[],
    ): Promise<void> {
      await db
        .delete(externalBusyTimes)
        .where(
          and(
            eq(externalBusyTimes.tenantId, calendar.tenantId),
            eq(externalBusyTimes.calendarId, calendar.id),
          ),
        )
      // In chunks: one statement's parameters are limited (65,535 in PostgreSQL's protocol).
      for (let i = 0; i < busy.length; i += 1000) {
        await db.insert(externalBusyTimes).values(
          busy.slice(i, i + 1000).map((time) => ({
            tenantId: calendar.tenantId,
            calendarId: calendar.id,
            teamMemberId: calendar.teamMemberId,
            startsAt: new Date(time.startsAt),
            endsAt: new Date(time.endsAt),
            summary: time.summary,
          })),
        )
      }
    },

    /** A sync that succeeded: its cursor, when the next is due, and the connection healthy. */
    async markSynced(
      calendar: { id: string; connectionId: string },
      sync: {
        cursor: { readonly [key: string]: unknown }
        at: Date
        nextSyncAt: Date
        busyExpandedAt: Date | null
      },
    ): Promise<void> {
      await db
        .update(connectedCalendars)
        .set({
          syncCursor: sync.cursor,
          lastSyncedAt: sync.at,
          nextSyncAt: sync.nextSyncAt,
          ...(sync.busyExpandedAt ? { busyExpandedAt: sync.busyExpandedAt } : {}),
        })
        .where(eq(connectedCalendars.id, calendar.id))
      await db
        .update(calendarConnections)
        .set({
          health: 'ok',
          lastError: null,
          lastSyncedAt: sync.at,
          failureCount: 0,
          brokenNoticeSentAt: null,
          updatedAt: sync.at,
        })
        .where(eq(calendarConnections.id, calendar.connectionId))
    },

    /**
     * A sync that failed: the connection's state and when any of its calendars is tried next.
     * The calendar's stored events and busy times stay as they were.
     */
    async markFailed(
      calendar: { id: string; connectionId: string; claimedUntil: Date | null },
      failure: {
        health: Exclude<ConnectionHealth, 'ok' | 'syncing'>
        error: string
        at: Date
        nextSyncAt: Date
      },
    ): Promise<void> {
      await db
        .update(connectedCalendars)
        .set({ claimedUntil: null })
        .where(
          and(
            eq(connectedCalendars.id, calendar.id),
            // Not another runner's claim, taken over after this one lapsed.
            calendar.claimedUntil
              ? eq(connectedCalendars.claimedUntil, calendar.claimedUntil)
              : isNull(connectedCalendars.claimedUntil),
          ),
        )
      await db
        .update(calendarConnections)
        .set({
          health: failure.health,
          lastError: failure.error,
          nextSyncAt: failure.nextSyncAt,
          failureCount: sql`${calendarConnections.failureCount} + 1`,
          updatedAt: failure.at,
        })
        .where(eq(calendarConnections.id, calendar.connectionId))
    },
  }
}

/**
 * Takes up to `limit` calendars due for a sync (their own time and their connection's backoff
 * both passed, and no live claim on them), in a short transaction of its own with
 * `FOR UPDATE SKIP LOCKED`: runners in several processes each take different calendars and
 * none waits. The claim lasts until `claimedUntil`; a runner that dies lets go when it passes.
 */
export function claimDueCalendars(
  database: Database,
  claim: {
    now: Date
    limit: number
    claimedUntil: Date
    /**
     * Instead of those due: this member's calendars checked for conflicts whose last sync is
     * older than `syncedBefore` (the re-check before a booking), backoff still respected.
     */
    staleOf?: { tenantId: string; teamMemberId: string; syncedBefore: Date }
  },
): Promise<ClaimedCalendar[]> {
  const stale = claim.staleOf
  const which = stale
    ? and(
        eq(connectedCalendars.tenantId, stale.tenantId),
        eq(connectedCalendars.teamMemberId, stale.teamMemberId),
        eq(connectedCalendars.checkConflicts, true),
        or(
          isNull(connectedCalendars.lastSyncedAt),
          lt(connectedCalendars.lastSyncedAt, stale.syncedBefore),
        ),
      )
    : lte(connectedCalendars.nextSyncAt, claim.now)
  return database.transaction(async (tx) => {
    const due = await tx
      .select({
        calendar: connectedCalendars,
        connection: calendarConnections,
        timeZone: teamMembers.timeZone,
        memberEmail: teamMembers.email,
      })
      .from(connectedCalendars)
      .innerJoin(
        calendarConnections,
        and(
          eq(calendarConnections.tenantId, connectedCalendars.tenantId),
          eq(calendarConnections.id, connectedCalendars.connectionId),
        ),
      )
      .innerJoin(
        teamMembers,
        and(
          eq(teamMembers.tenantId, connectedCalendars.tenantId),
          eq(teamMembers.id, connectedCalendars.teamMemberId),
        ),
      )
      .where(
        and(
          which,
          isNull(calendarConnections.disconnectedAt),
          lte(calendarConnections.nextSyncAt, claim.now),
          or(
            isNull(connectedCalendars.claimedUntil),
            lte(connectedCalendars.claimedUntil, claim.now),
          ),
        ),
      )
      .orderBy(asc(connectedCalendars.nextSyncAt))
      .limit(claim.limit)
      .for('update', { of: connectedCalendars, skipLocked: true })
    const claimed: ClaimedCalendar[] = []
    for (const row of due) {
      await tx
        .update(connectedCalendars)
        .set({ claimedUntil: claim.claimedUntil })
        .where(eq(connectedCalendars.id, row.calendar.id))
      claimed.push({
        calendar: { ...row.calendar, claimedUntil: claim.claimedUntil },
        connection: row.connection,
        timeZone: row.timeZone,
        memberEmail: row.memberEmail,
      })
    }
    return claimed
  })
}
