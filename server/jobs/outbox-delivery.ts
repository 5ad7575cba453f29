import { and, asc, eq, lte } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { notificationOutbox } from '../db/schema.ts'
import { type Mailer, UndeliverableMailError } from '../notifications/mailer.ts'

const MINUTE_MS = 60_000

export interface DeliveryOptions {
  /** Defaults to the clock; tests pass their own. */
  now?: number
  /** Rows claimed per run. */
  batchSize?: number
  /**
   * After this many failed attempts a message is `failed` and no longer tried; one that no
   * retry can send (its recipient is not one e-mail address) fails at its first.
   */
  maxAttempts?: number
}

export interface DeliveryReport {
  sent: number
  /** Failed this time, to be tried again later. */
  retrying: number
  /** Failed for the last time. */
  failed: number
}

type OutboxRow = typeof notificationOutbox.$inferSelect

/**
 * How long a claim lasts, and so when a failed attempt is tried again: 5 minutes after the
 * first attempt, doubling up to 6 hours. Longer than any send can take (the SMTP timeouts are
 * 30 s), so a message is only claimed again when its sender failed or died.
 */
function retryDelayMs(attempts: number): number {
  return Math.min(5 * MINUTE_MS * 2 ** (attempts - 1), 360 * MINUTE_MS)
}

/**
 * Sends the messages that are due. Rows are claimed in a short transaction with
 * `FOR UPDATE SKIP LOCKED` — the claim counts the attempt and moves `next_attempt_at` past the
 * send — so several processes running this at once each take different rows and none waits;
 * the send itself happens outside any transaction, then the row is marked sent. A process that
 * dies mid-send leaves the row to be claimed again when the claim expires: at least once, and
 * never twice while its sender is alive.
 */
export async function deliverDueMessages(
  database: Database,
  mailer: Mailer,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const now = options.now ?? Date.now()
  const maxAttempts = options.maxAttempts ?? 6
  const claimed = await claim(database, now, options.batchSize ?? 20)
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 }
  for (const row of claimed) {
    try {
      await mailer.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        calendar: row.ics
          ? { content: row.ics, method: row.kind === 'cancellation' ? 'CANCEL' : 'REQUEST' }
          : null,
      })
      await database.db
        .update(notificationOutbox)
        .set({ status: 'sent', sentAt: new Date(now), lastError: null })
        .where(eq(notificationOutbox.id, row.id))
      report.sent++
    } catch (error) {
      const final = row.attempts >= maxAttempts || error instanceof UndeliverableMailError
      await database.db
        .update(notificationOutbox)
        .set({ status: final ? 'failed' : 'pending', lastError: describeError(error) })
        .where(eq(notificationOutbox.id, row.id))
      if (final) report.failed++
      else report.retrying++
    }
  }
  return report
}

/** Takes up to `limit` due rows for this process; `attempts` on them is this attempt's number. */
function claim(database: Database, now: number, limit: number): Promise<OutboxRow[]> {
  return database.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.status, 'pending'),
          lte(notificationOutbox.nextAttemptAt, new Date(now)),
        ),
      )
      .orderBy(asc(notificationOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true })
    const claimed: OutboxRow[] = []
    for (const row of due) {
      const attempts = row.attempts + 1
      const nextAttemptAt = new Date(now + retryDelayMs(attempts))
      await tx
        .update(notificationOutbox)
        .set({ attempts, nextAttemptAt })
        .where(eq(notificationOutbox.id, row.id))
      claimed.push({ ...row, attempts, nextAttemptAt })
    }
    return claimed
  })
}

function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000)
}
