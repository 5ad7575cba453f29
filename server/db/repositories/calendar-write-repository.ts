import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database, Db } from '../database.ts'
import {
  appointments,
  type CalendarPrivacy,
  calendarConnections,
  calendarWrites,
  connectedCalendars,
  customers,
  services,
} from '../schema.ts'
import type { ConnectionRow } from './calendar-sync-repository.ts'

/*
 * The write-back outbox (issue 25, item 4): which appointments are to be written into, or
 * removed from, their member's calendar for bookings. A row per appointment and calendar,
 * queued in the booking's own transaction; the job reads what to write from the appointment
 * when it delivers, so the last state always wins however many changes came first.
 */

export type CalendarWriteRow = typeof calendarWrites.$inferSelect

/** A claimed write with what it takes to carry it out. */
export interface ClaimedWrite {
  write: CalendarWriteRow
  calendar: { remoteId: string; privacy: CalendarPrivacy }
  connection: ConnectionRow
  /** The appointment as it is now; null when it was deleted (only a delete is left to do). */
  appointment: {
    startsAt: Date
    endsAt: Date
    serviceName: string
    customerName: string
    notes: string
  } | null
}

/** Appointments in these statuses are in the member's calendar; any other is removed from it. */
const WRITTEN_STATUSES = sql`('confirmed', 'completed', 'no_show')`

/**
 * Queues the write-back of an appointment after a booking, move, cancellation or confirmation,
 * in the caller's transaction: a `put` into its member's calendar for bookings (if they chose
 * one), and a `delete` from any other calendar it was written to (moved to another member,
 * the member chose another calendar, cancelled). A queued row is raised to the next sequence
 * and made due again; one never sent and now to be deleted is simply dropped. One statement.
 */
export async function queueCalendarWrite(
  db: Db,
  tenantId: string,
  appointmentId: string,
): Promise<void> {
  await db.execute(sql`
    with target as (
      select ${connectedCalendars.id} as calendar_id
        from ${appointments}
        join ${connectedCalendars}
          on ${connectedCalendars.tenantId} = ${appointments.tenantId}
         and ${connectedCalendars.teamMemberId} = ${appointments.teamMemberId}
         and ${connectedCalendars.addBookings}
       where ${appointments.tenantId} = ${tenantId} and ${appointments.id} = ${appointmentId}
         and ${appointments.status} in ${WRITTEN_STATUSES}
    ),
    put as (
      insert into calendar_writes (tenant_id, appointment_id, calendar_id, action, sequence)
      select ${tenantId}::uuid, ${appointmentId}::uuid, calendar_id, 'put', 1 from target
      on conflict (appointment_id, calendar_id) do update
        set action = 'put', sequence = calendar_writes.sequence + 1, state = 'pending',
            next_attempt_at = now(), last_error = null, updated_at = now()
    ),
    dropped as (
      delete from calendar_writes
       where tenant_id = ${tenantId} and appointment_id = ${appointmentId}
         and calendar_id not in (select calendar_id from target)
         and written_ref is null and attempts = 0
    )
    update calendar_writes
       set action = 'delete', sequence = sequence + 1, state = 'pending',
           next_attempt_at = now(), last_error = null, updated_at = now()
     where tenant_id = ${tenantId} and appointment_id = ${appointmentId}
       and calendar_id not in (select calendar_id from target)
       and not (written_ref is null and attempts = 0)
       and action <> 'delete'
  `)
}

export function createCalendarWriteRepository(db: Db) {
  return {
    /**
     * A delivered write: where the event is now (null after a delete), and done unless the
     * appointment changed meanwhile (`sequence` moved on), when it stays due for the next.
     */
    async markWritten(
      write: Pick<CalendarWriteRow, 'id' | 'sequence'>,
      written: { ref: string; etag: string | null } | null,
    ): Promise<void> {
      await db
        .update(calendarWrites)
        .set({
          writtenRef: written?.ref ?? null,
          writtenEtag: written?.etag ?? null,
          state: sql`case when ${calendarWrites.sequence} = ${write.sequence} then 'done' else 'pending' end`,
          attempts: 0,
          claimedUntil: null,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(eq(calendarWrites.id, write.id))
    },

    /** The write's event exists under `written` (a put landed before the delete failed). */
    async markFound(id: string, written: { ref: string; etag: string | null }): Promise<void> {
      await db
        .update(calendarWrites)
        .set({ writtenRef: written.ref, writtenEtag: written.etag })
        .where(eq(calendarWrites.id, id))
    },

    /** A failed attempt: tried again at `nextAttemptAt`, or never again when `final`. */
    async markUnwritten(
      id: string,
      failure: { final: boolean; error: string; nextAttemptAt: Date },
    ): Promise<void> {
      await db
        .update(calendarWrites)
        .set({
          state: failure.final ? 'failed' : 'pending',
          lastError: failure.error,
          nextAttemptAt: failure.nextAttemptAt,
          claimedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(eq(calendarWrites.id, id))
    },

    async writesOf(tenantId: string, appointmentId: string): Promise<CalendarWriteRow[]> {
      return db
        .select()
        .from(calendarWrites)
        .where(
          and(
            eq(calendarWrites.tenantId, tenantId),
            eq(calendarWrites.appointmentId, appointmentId),
          ),
        )
        .orderBy(asc(calendarWrites.calendarId))
    },
  }
}

/**
 * Takes up to `limit` due writes for this runner in a short transaction of its own with
 * `FOR UPDATE SKIP LOCKED` (any number of processes share the work, none waits), each held
 * until `claimedUntil`: a runner killed mid-write lets go then, and the next one writes the
 * same event again under the same UID, which updates rather than duplicates it.
 */
export function claimDueCalendarWrites(
  database: Database,
  claim: { now: Date; limit: number; claimedUntil: Date },
): Promise<ClaimedWrite[]> {
  return database.transaction(async (tx) => {
    const due = await tx
      .select({
        write: calendarWrites,
        remoteId: connectedCalendars.remoteId,
        privacy: connectedCalendars.privacy,
        connection: calendarConnections,
      })
      .from(calendarWrites)
      .innerJoin(
        connectedCalendars,
        and(
          eq(connectedCalendars.tenantId, calendarWrites.tenantId),
          eq(connectedCalendars.id, calendarWrites.calendarId),
        ),
      )
      .innerJoin(
        calendarConnections,
        and(
          eq(calendarConnections.tenantId, connectedCalendars.tenantId),
          eq(calendarConnections.id, connectedCalendars.connectionId),
        ),
      )
      .where(
        and(
          eq(calendarWrites.state, 'pending'),
          lte(calendarWrites.nextAttemptAt, claim.now),
          or(isNull(calendarWrites.claimedUntil), lte(calendarWrites.claimedUntil, claim.now)),
        ),
      )
      .orderBy(asc(calendarWrites.nextAttemptAt))
      .limit(claim.limit)
      .for('update', { of: calendarWrites, skipLocked: true })
    const claimed: ClaimedWrite[] = []
    for (const row of due) {
      const attempts = row.write.attempts + 1
      await tx
        .update(calendarWrites)
        .set({ attempts, claimedUntil: claim.claimedUntil })
        .where(eq(calendarWrites.id, row.write.id))
      claimed.push({
        write: { ...row.write, attempts, claimedUntil: claim.claimedUntil },
        calendar: { remoteId: row.remoteId, privacy: row.privacy },
        connection: row.connection,
        appointment: await appointmentToWrite(tx, row.write),
      })
    }
    return claimed
  })
}

async function appointmentToWrite(
  tx: Db,
  write: Pick<CalendarWriteRow, 'tenantId' | 'appointmentId'>,
): Promise<ClaimedWrite['appointment']> {
  const [row] = await tx
    .select({
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      serviceName: services.name,
      customerName: customers.name,
      notes: appointments.notes,
    })
    .from(appointments)
    .innerJoin(
      services,
      and(eq(services.tenantId, appointments.tenantId), eq(services.id, appointments.serviceId)),
    )
    .innerJoin(
      customers,
      and(eq(customers.tenantId, appointments.tenantId), eq(customers.id, appointments.customerId)),
    )
    .where(and(eq(appointments.tenantId, write.tenantId), eq(appointments.id, write.appointmentId)))
  return row ?? null
}
