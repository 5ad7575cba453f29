import { and, asc, count, eq, inArray, lt, lte, min } from 'drizzle-orm'
import type { Database, Db } from '../database.ts'
import { notificationOutbox } from '../schema.ts'

export type OutboxRow = typeof notificationOutbox.$inferSelect
export type NewOutboxMessage = typeof notificationOutbox.$inferInsert

/** The e-mails waiting to go out, written with the change they tell of and sent by a job. */
export function createOutboxRepository(db: Db) {
  return {
    /** Queues messages in the caller's transaction, so they exist exactly when it commits. */
    async queue(messages: NewOutboxMessage[]): Promise<void> {
      if (messages.length > 0) await db.insert(notificationOutbox).values(messages)
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: 'sent', sentAt: at, lastError: null })
        .where(eq(notificationOutbox.id, id))
    },

    /** A failed send: tried again once its claim expires, unless `final`. */
    async markUnsent(id: string, failure: { final: boolean; error: string }): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ status: failure.final ? 'failed' : 'pending', lastError: failure.error })
        .where(eq(notificationOutbox.id, id))
    },

    /**
     * Deletes up to `limit` messages sent before `cutoff`; returns how many. Batched so one
     * statement never holds many row locks for long.
     */
    async deleteSentBefore(cutoff: Date, limit: number): Promise<number> {
      const batch = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.status, 'sent'), lt(notificationOutbox.sentAt, cutoff)))
        .limit(limit)
      const rows = await db
        .delete(notificationOutbox)
        .where(inArray(notificationOutbox.id, batch))
        .returning({ id: notificationOutbox.id })
      return rows.length
    },
  }
}

/**
 * Takes up to `limit` pending messages due at `now` for this process, in a short transaction
 * of its own with `FOR UPDATE SKIP LOCKED`: several processes claiming at once each take
 * different rows and none waits. The claim counts the attempt and moves `next_attempt_at` to
 * `leaseUntil(attempts)`, so the row is claimed again only when that passes; `attempts` on the
 * returned rows is this attempt's number.
 */
export function claimDueOutboxMessages(
  database: Database,
  claim: { now: number; limit: number; leaseUntil: (attempts: number) => Date },
): Promise<OutboxRow[]> {
  return database.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.status, 'pending'),
          lte(notificationOutbox.nextAttemptAt, new Date(claim.now)),
        ),
      )
      .orderBy(asc(notificationOutbox.nextAttemptAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true })
    const claimed: OutboxRow[] = []
    for (const row of due) {
      const attempts = row.attempts + 1
      const nextAttemptAt = claim.leaseUntil(attempts)
      await tx
        .update(notificationOutbox)
        .set({ attempts, nextAttemptAt })
        .where(eq(notificationOutbox.id, row.id))
      claimed.push({ ...row, attempts, nextAttemptAt })
    }
    return claimed
  })
}

/**
 * How many e-mails wait to be sent and when the oldest was written, for `/metrics`: one
 * aggregate over the pending rows, which the partial index `notification_outbox_due_idx`
 * holds, so a scrape stays cheap however many sent messages are kept.
 */
export async function readOutboxBacklog(
  db: Db,
): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
  const [row] = await db
    .select({ pending: count(), oldest: min(notificationOutbox.createdAt) })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.status, 'pending'))
  return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldest ?? null }
}
