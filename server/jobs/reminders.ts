import type { Database } from '../db/database.ts'
import { loadAppointmentDetails } from '../db/read-models/appointment-details.ts'
import { createAppointmentNoticeRepository } from '../db/repositories/appointment-notice-repository.ts'
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
    const notices = createAppointmentNoticeRepository(tx)
    const due = await notices.lockDueReminders(at, options.batchSize ?? 50)
    for (const { id, tenantId } of due) {
      const details = await loadAppointmentDetails(tx, tenantId, id)
      if (!details) continue
      await notifier.reminder(tx, details, now)
      await notices.update(tenantId, id, { reminderQueuedAt: at })
    }
    return due.length
  })
}
