import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { appointments, tenantSettings } from '../db/schema.ts'
import { loadAppointmentDetails } from '../notifications/appointment-details.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'

export interface ReminderOptions {
  /** Defaults to the clock; tests pass their own. */
  now?: number
  /** Appointments handled per run. */
  batchSize?: number
}

/**
 * Queues the reminders that are due: confirmed appointments still in the future whose start
 * minus the business's reminder lead has passed, in businesses with reminders on, and not yet
 * reminded (`reminder_queued_at` null; booking inside the lead and rescheduling set it). Each
 * appointment is locked with `FOR UPDATE SKIP LOCKED` and its outbox rows and
 * `reminder_queued_at` are written in that one transaction, so a reminder is queued exactly once
 * however many processes run this and however often they restart. Returns how many were queued.
 */
export async function queueDueReminders(
  database: Database,
  notifier: AppointmentNotifier,
  options: ReminderOptions = {},
): Promise<number> {
  const now = options.now ?? Date.now()
  const at = new Date(now)
  return database.transaction(async (tx) => {
    const due = await tx
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
      .limit(options.batchSize ?? 50)
      .for('update', { of: appointments, skipLocked: true })
    for (const { id, tenantId } of due) {
      const details = await loadAppointmentDetails(tx, tenantId, id)
      if (!details) continue
      await notifier.reminder(tx, details, now)
      await tx
        .update(appointments)
        .set({ reminderQueuedAt: at })
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, id)))
    }
    return due.length
  })
}
