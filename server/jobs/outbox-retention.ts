import type { Database } from '../db/database.ts'
import { createOutboxRepository } from '../db/repositories/outbox-repository.ts'

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
  const outbox = createOutboxRepository(database.db)
  let deleted = 0
  for (;;) {
    const count = await outbox.deleteSentBefore(cutoff, BATCH)
    deleted += count
    if (count < BATCH) return deleted
  }
}
