import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { appointments, tenantSettings } from '../schema.ts'

/**
 * The columns of an appointment that its e-mails keep: `reminder_queued_at` (whether the
 * reminder is still to come) and `ics_sequence` (the calendar invitation's SEQUENCE).
 * Call inside the transaction that queues the e-mails.
 */
export function createAppointmentNoticeRepository(tx: Db) {
  const inTenant = (tenantId: string, appointmentId: string) =>
    and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId))

  return {
    /**
     * Locks, with `FOR UPDATE SKIP LOCKED`, up to `limit` appointments whose reminder is due at
     * `at`: confirmed, still in the future, start minus the business's reminder lead passed,
     * reminders on in the business, and not yet reminded. A row another process holds is
     * skipped, not waited for; the lock lasts until the caller's transaction ends.
     */
    lockDueReminders(at: Date, limit: number): Promise<{ id: string; tenantId: string }[]> {
      return tx
        .select({ id: appointments.id, tenantId: appointments.tenantId })
        .from(appointments)
        .innerJoin(tenantSettings, eq(tenantSettings.tenantId, appointments.tenantId))
        .where(
          and(
            eq(appointments.status, 'confirmed'),
            isNull(appointments.reminderQueuedAt),
            gt(appointments.startsAt, at),
            eq(tenantSettings.reminderEmail, true),
            sql`${appointments.startsAt} - make_interval(mins => ${tenantSettings.reminderLeadMinutes}) <= ${at}`,
          ),
        )
        .orderBy(asc(appointments.startsAt))
        .limit(limit)
        .for('update', { of: appointments, skipLocked: true })
    },

    /**
     * Sets `reminder_queued_at` (null: a reminder is due) and, with `revise`, raises the
     * invitation's SEQUENCE. Returns the SEQUENCE after the change, or null when the
     * appointment is gone.
     */
    async update(
      tenantId: string,
      appointmentId: string,
      change: { reminderQueuedAt?: Date | null; revise?: boolean },
    ): Promise<number | null> {
      const [updated] = await tx
        .update(appointments)
        .set({
          ...(change.reminderQueuedAt !== undefined && {
            reminderQueuedAt: change.reminderQueuedAt,
          }),
          ...(change.revise && { icsSequence: sql`${appointments.icsSequence} + 1` }),
        })
        .where(inTenant(tenantId, appointmentId))
        .returning({ icsSequence: appointments.icsSequence })
      return updated?.icsSequence ?? null
    },
  }
}
