import { ConnectorError, type WrittenEvent } from '../calendars/connector.ts'
import type { Database } from '../db/database.ts'
import {
  type ClaimedWrite,
  claimDueCalendarWrites,
  createCalendarWriteRepository,
} from '../db/repositories/calendar-write-repository.ts'
import { appointmentUid } from '../notifications/ics.ts'
import {
  backoffMs,
  type CalendarJobLog,
  type CalendarSyncParts,
  connectorOfConnection,
} from './calendar-connections.ts'

const MINUTE_MS = 60_000

export interface WriteBackOptions {
  /** Defaults to the clock; tests pass their own. */
  now?: number
  batchSize?: number
  /** How long a claim lasts: longer than any write takes, so only a dead runner's lapses. */
  claimMs?: number
  /** After this many failed attempts in a row a write is `failed` and no longer tried. */
  maxAttempts?: number
  /** In [0, 1): the backoff's jitter; tests pass a constant. */
  random?: () => number
  log?: CalendarJobLog | undefined
}

export interface WriteBackReport {
  written: number
  removed: number
  retrying: number
  failed: number
}

/** The event as the calendar's privacy choice allows: the booking's details, or only "Busy". */
function writtenEvent(claimed: ClaimedWrite): WrittenEvent | null {
  const { appointment, calendar, write } = claimed
  if (!appointment) return null
  const details = calendar.privacy === 'details'
  return {
    uid: appointmentUid(write.appointmentId),
    sequence: write.sequence,
    start: appointment.startsAt,
    end: appointment.endsAt,
    summary: details ? `${appointment.serviceName} – ${appointment.customerName}` : 'Busy',
    description: details ? appointment.notes : '',
    location: '',
  }
}

/**
 * Carries out the due write-backs: each claimed (`FOR UPDATE SKIP LOCKED`, with a lease), then
 * written outside any transaction through the member's connector, then marked. A `put` writes
 * the appointment's event under its stable UID (`If-None-Match: *` the first time, `If-Match`
 * after), so a runner killed between the provider's answer and the mark only makes the next
 * runner write the same event again; a `delete` whose event's place was never stored (killed
 * after the put) finds it by writing it once more, then removes it.
 */
export async function writeBackDueEvents(
  database: Database,
  parts: Pick<CalendarSyncParts, 'connectorFor' | 'cipher'>,
  options: WriteBackOptions = {},
): Promise<WriteBackReport> {
  const now = options.now ?? Date.now()
  const maxAttempts = options.maxAttempts ?? 10
  const random = options.random ?? Math.random
  const claimed = await claimDueCalendarWrites(database, {
    now: new Date(now),
    limit: options.batchSize ?? 20,
    claimedUntil: new Date(now + (options.claimMs ?? 2 * MINUTE_MS)),
  })
  const writes = createCalendarWriteRepository(database.db)
  const report: WriteBackReport = { written: 0, removed: 0, retrying: 0, failed: 0 }
  for (const claim of claimed) {
    const { write } = claim
    try {
      const connector = connectorOfConnection(database, parts, claim.connection)
      const remoteId = claim.calendar.remoteId
      const previous = write.writtenRef ? { ref: write.writtenRef, etag: write.writtenEtag } : null
      const event = writtenEvent(claim)
      if (write.action === 'put' && event) {
        await writes.markWritten(write, await connector.putEvent(remoteId, event, previous))
        report.written++
      } else {
        const found = previous ?? (event && (await connector.putEvent(remoteId, event, null)))
        if (found) {
          await writes.markFound(write.id, found)
          await connector.deleteEvent(remoteId, found)
        }
        await writes.markWritten(write, null)
        report.removed++
      }
    } catch (error) {
      const final = write.attempts >= maxAttempts
      const retryAfterMs = error instanceof ConnectorError ? error.retryAfterMs : undefined
      await writes.markUnwritten(write.id, {
        final,
        error: error instanceof ConnectorError ? error.message : 'The write failed unexpectedly.',
        nextAttemptAt: new Date(now + backoffMs(write.attempts, random(), retryAfterMs)),
      })
      if (final) report.failed++
      else report.retrying++
      options.log?.warn(
        {
          appointmentId: write.appointmentId,
          calendarId: write.calendarId,
          action: write.action,
          attempts: write.attempts,
          final,
          reason: error instanceof ConnectorError ? `${error.kind}: ${error.message}` : undefined,
          ...(error instanceof ConnectorError
            ? {}
            : { err: error instanceof Error ? error.message : String(error) }),
        },
        final
          ? 'a calendar write-back failed for the last time; the event is not in the member’s calendar'
          : 'a calendar write-back failed; it is tried again later',
      )
    }
  }
  return report
}
