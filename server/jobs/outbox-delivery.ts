import type { Database } from '../db/database.ts'
import { loadLetterhead } from '../db/read-models/letterhead.ts'
import {
  claimDueOutboxMessages,
  createOutboxRepository,
  type OutboxRow,
} from '../db/repositories/outbox-repository.ts'
import { logoPath } from '../domain/logo-image.ts'
import { customerHtml } from '../notifications/customer-html.ts'
import { type Mailer, UndeliverableMailError } from '../notifications/mailer.ts'

const MINUTE_MS = 60_000

export interface DeliveryOptions {
  /** The address people open, without a trailing slash: the e-mails' links and logo are on it. */
  publicUrl: string
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
 * never twice while its sender is alive. Between the SMTP server's OK and the mark no
 * outbox can be exactly-once; a message sent again keeps its Message-ID (mailer.ts), so
 * receivers drop the copy.
 */
export async function deliverDueMessages(
  database: Database,
  mailer: Mailer,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const now = options.now ?? Date.now()
  const maxAttempts = options.maxAttempts ?? 6
  const claimed = await claimDueOutboxMessages(database, {
    now,
    limit: options.batchSize ?? 20,
    leaseUntil: (attempts) => new Date(now + retryDelayMs(attempts)),
  })
  const outbox = createOutboxRepository(database.db)
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 }
  for (const row of claimed) {
    let sent = false
    try {
      await mailer.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        html: await htmlOf(database, row, options.publicUrl),
        calendar: row.ics
          ? { content: row.ics, method: row.kind === 'cancellation' ? 'CANCEL' : 'REQUEST' }
          : null,
      })
      sent = true
    } catch (error) {
      const final = row.attempts >= maxAttempts || error instanceof UndeliverableMailError
      await outbox.markUnsent(row.id, { final, error: describeError(error) })
      if (final) report.failed++
      else report.retrying++
    }
    // Outside the try: a sent message whose mark fails (the database went away) is not a
    // failed send. The run stops; the row keeps its claim and is sent once more, under the
    // same Message-ID, when the claim expires.
    if (sent) {
      await outbox.markSent(row.id, new Date(now))
      report.sent++
    }
  }
  return report
}

/**
 * A customer's e-mail gets its HTML part here, when it is sent: the outbox keeps the words (in
 * the customer's language) and the business's current look is put around them, so a message
 * sent after a new logo or colour wears the new one. Other e-mails stay plain text.
 */
async function htmlOf(
  database: Database,
  row: OutboxRow,
  publicUrl: string,
): Promise<string | undefined> {
  if (row.recipient !== 'customer') return undefined
  const facts = await loadLetterhead(database.db, row.tenantId, row.appointmentId)
  if (!facts) return undefined
  const logo = facts.logo && {
    url: publicUrl + logoPath(facts.logo.tenantId, facts.logo.sha256),
    width: facts.logo.width,
    height: facts.logo.height,
  }
  return customerHtml(
    { subject: row.subject, text: row.bodyText },
    {
      businessName: facts.businessName,
      brandColor: facts.brandColor,
      logo,
      language: facts.language,
    },
    publicUrl,
  )
}

function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000)
}
