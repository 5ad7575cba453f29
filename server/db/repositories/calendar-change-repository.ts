import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { OutsideChange } from '../../domain/calendar-sync/outside-change.ts'
import type { Db } from '../database.ts'
import { appointments, calendarOutsideChanges, calendarWrites } from '../schema.ts'

/*
 * Changes made outside Slotwise to the events it wrote (issue 25, item 5): which appointments'
 * events a sync compares, the changes it raises or clears, and the one staff decide on.
 */

export type CalendarChangeRow = typeof calendarOutsideChanges.$inferSelect

/** An appointment whose event Slotwise wrote into the calendar, and where it is now. */
export interface WrittenAppointment {
  appointmentId: string
  startsAt: Date
  endsAt: Date
}

export function createCalendarChangeRepository(db: Db) {
  return {
    /**
     * The calendar's confirmed appointments within [from, to) (what a sync reads) whose
     * current time was written (done) before `writtenBefore`: an event written later may not
     * be in what the sync read.
     */
    async writtenAppointments(
      calendar: { tenantId: string; id: string },
      at: { from: Date; to: Date; writtenBefore: Date },
    ): Promise<WrittenAppointment[]> {
      return db
        .select({
          appointmentId: calendarWrites.appointmentId,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
        })
        .from(calendarWrites)
        .innerJoin(
          appointments,
          and(
            eq(appointments.tenantId, calendarWrites.tenantId),
            eq(appointments.id, calendarWrites.appointmentId),
          ),
        )
        .where(
          and(
            eq(calendarWrites.tenantId, calendar.tenantId),
            eq(calendarWrites.calendarId, calendar.id),
            eq(calendarWrites.action, 'put'),
            eq(calendarWrites.state, 'done'),
            isNotNull(calendarWrites.writtenRef),
            lt(calendarWrites.updatedAt, at.writtenBefore),
            eq(appointments.status, 'confirmed'),
            gt(appointments.endsAt, at.from),
            lt(appointments.startsAt, at.to),
          ),
        )
    },

    /**
     * Raises the change for the appointment; the same change already raised stays as it was
     * (found again on every sync, it is raised once), another replaces it.
     */
    async raise(
      calendar: { tenantId: string; id: string },
      appointmentId: string,
      change: OutsideChange,
      calendarName: string,
    ): Promise<void> {
      const moved = change.kind === 'moved'
      await db
        .insert(calendarOutsideChanges)
        .values({
          tenantId: calendar.tenantId,
          appointmentId,
          calendarId: calendar.id,
          kind: change.kind,
          startsAt: moved ? new Date(change.start) : null,
          endsAt: moved ? new Date(change.end) : null,
          calendarName,
          // From the clock here, in milliseconds: `take` compares it as a JavaScript Date.
          detectedAt: new Date(),
        })
        .onConflictDoUpdate({
          target: [calendarOutsideChanges.tenantId, calendarOutsideChanges.appointmentId],
          set: {
            calendarId: sql`excluded.calendar_id`,
            kind: sql`excluded.kind`,
            startsAt: sql`excluded.starts_at`,
            endsAt: sql`excluded.ends_at`,
            calendarName: sql`excluded.calendar_name`,
            detectedAt: sql`excluded.detected_at`,
          },
          setWhere: sql`(${calendarOutsideChanges.kind}, ${calendarOutsideChanges.startsAt}, ${calendarOutsideChanges.endsAt})
            is distinct from (excluded.kind, excluded.starts_at, excluded.ends_at)`,
        })
    },

    /** Clears the changes of these appointments (their events are as Slotwise wrote them). */
    async clear(tenantId: string, appointmentIds: readonly string[]): Promise<void> {
      if (appointmentIds.length === 0) return
      await db
        .delete(calendarOutsideChanges)
        .where(
          and(
            eq(calendarOutsideChanges.tenantId, tenantId),
            inArray(calendarOutsideChanges.appointmentId, [...appointmentIds]),
          ),
        )
    },

    /**
     * The change waiting for staff on the appointment: only while its event's write is done
     * (a change Slotwise is writing over anyway, the appointment moved or cancelled since,
     * waits for nobody). The same condition as the appointment view's `calendar_change`.
     */
    async waiting(tenantId: string, appointmentId: string): Promise<CalendarChangeRow | null> {
      const [row] = await db
        .select({ change: calendarOutsideChanges })
        .from(calendarOutsideChanges)
        .innerJoin(
          calendarWrites,
          and(
            eq(calendarWrites.appointmentId, calendarOutsideChanges.appointmentId),
            eq(calendarWrites.calendarId, calendarOutsideChanges.calendarId),
          ),
        )
        .where(
          and(
            eq(calendarOutsideChanges.tenantId, tenantId),
            eq(calendarOutsideChanges.appointmentId, appointmentId),
            eq(calendarWrites.state, 'done'),
            eq(calendarWrites.action, 'put'),
          ),
        )
      return row?.change ?? null
    },

    /**
     * Removes the change once decided; false when it is no longer there as it was (decided
     * at the same moment by someone else, or replaced by a newer change), and the decision
     * must not stand.
     */
    async take(change: Pick<CalendarChangeRow, 'id' | 'detectedAt'>): Promise<boolean> {
      const rows = await db
        .delete(calendarOutsideChanges)
        .where(
          and(
            eq(calendarOutsideChanges.id, change.id),
            // To the millisecond a Date holds: PostgreSQL keeps microseconds (`defaultNow()`).
            sql`date_trunc('milliseconds', ${calendarOutsideChanges.detectedAt}) = ${change.detectedAt.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: calendarOutsideChanges.id })
      return rows.length === 1
    },
  }
}
