import { and, eq, inArray, lt } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { notificationOutbox } from '../db/schema.ts'

const DAY_MS = 86_400_000

/** How long a sent message is kept: long enough to answer "did my confirmation go out?". */
export const SENT_MESSAGE_RETENTION_DAYS = 30
/** Rows deleted per statement, so one run never holds many row locks for long. */
const BATCH = 500

/**
 * Deletes messages sent more than the retention period ago; the outbox would otherwise keep
 * every e-mail ever sent, bodies and invitations included. Pending and failed messages stay
 * (a failed one is evidence of a delivery problem). Safe in several processes at once: a row
 * deleted by one is simply not found by the other. Returns how many were deleted.
 */
export async function pruneSentMessages(
  database: Database,
  options: { now?: number; retentionDays?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now()
  const cutoff = new Date(now - (options.retentionDays ?? SENT_MESSAGE_RETENTION_DAYS) * DAY_MS)
  let deleted = 0
  for (;;) {
    const batch = database.db
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.status, 'sent'), lt(notificationOutbox.sentAt, cutoff)))
      .limit(BATCH)
    const rows = await database.db
      .delete(notificationOutbox)
      .where(inArray(notificationOutbox.id, batch))
      .returning({ id: notificationOutbox.id })
    deleted += rows.length
    if (rows.length < BATCH) return deleted
  }
}
