import { ConnectorError, type SyncWindow } from '../calendars/connector.ts'
import type { Database } from '../db/database.ts'
import {
  type ClaimedCalendar,
  claimDueCalendars,
  createCalendarSyncRepository,
} from '../db/repositories/calendar-sync-repository.ts'
import type { ConnectionHealth } from '../db/schema.ts'
import { isSlotwiseUid } from '../domain/calendar-sync/external-event.ts'
import { CredentialKeyError } from '../security/credential-cipher.ts'
import { tellOfBrokenConnection } from './calendar-broken-notice.ts'
import {
  backoffMs,
  type CalendarJobLog,
  type CalendarSyncParts,
  connectorOfConnection,
} from './calendar-connections.ts'
import { noticeOutsideChanges } from './calendar-outside-changes.ts'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export interface CalendarSyncOptions {
  /** Defaults to the clock; tests pass their own. */
  now?: number
  /** Calendars synced per run. */
  batchSize?: number
  /** How often a healthy calendar is synced. */
  intervalMs?: number
  /** How long a claim lasts: longer than any sync takes, so only a dead runner's lapses. */
  claimMs?: number
  /** In [0, 1): the backoff's jitter; tests pass a constant. */
  random?: () => number
  /** The staff app's address, for the link in the e-mail about a broken connection. */
  appUrl?: string | undefined
  log?: CalendarJobLog | undefined
}

export interface CalendarSyncReport {
  synced: number
  failed: number
  /** Claims that lapsed before the sync finished (another runner took the calendar over). */
  lost: number
}

/**
 * The window busy times are kept for: from a day before now (an event under way) to a year
 * ahead, longer than any booking window a business sets in practice.
 */
function syncWindow(now: number): SyncWindow {
  return { start: new Date(now - DAY_MS), end: new Date(now + 366 * DAY_MS) }
}

/**
 * Syncs the calendars that are due: each is claimed (`FOR UPDATE SKIP LOCKED`, with a lease),
 * asked for what changed since its stored cursor, and, in one transaction, its objects, busy
 * times (expanded again when anything changed or the window moved on a day) and cursor are
 * stored. A failure sets the connection's health from the connector's kind and backs off
 * (with jitter, never sooner than Retry-After); what was stored stays and keeps blocking time.
 * No slot request waits on this: availability reads only what it stored.
 */
export async function syncDueCalendars(
  database: Database,
  parts: CalendarSyncParts,
  options: CalendarSyncOptions = {},
): Promise<CalendarSyncReport> {
  const now = options.now ?? Date.now()
  const claimed = await claimDueCalendars(database, {
    now: new Date(now),
    limit: options.batchSize ?? 10,
    claimedUntil: new Date(now + (options.claimMs ?? 5 * MINUTE_MS)),
  })
  const report: CalendarSyncReport = { synced: 0, failed: 0, lost: 0 }
  for (const claim of claimed) {
    try {
      const stored = await syncOne(database, parts, claim, now, {
        intervalMs: options.intervalMs ?? 5 * MINUTE_MS,
        log: options.log,
      })
      if (stored) report.synced++
      else report.lost++
    } catch (error) {
      report.failed++
      await recordFailure(database, claim, error, { ...options, now })
    }
  }
  return report
}

/**
 * The re-check just before a booking is confirmed (issue 25, item 3): syncs the member's
 * calendars checked for conflicts whose last sync is older than `maxAgeMs`, waiting at most
 * `timeoutMs`. 'stale' when that was not enough (a calendar failed or is slow): the booking then
 * goes on with the stored busy times, and the caller says so in the log. A sync still under
 * way when the wait ends finishes by itself and stores what it found.
 */
export async function refreshStaleBusyTimes(
  database: Database,
  parts: CalendarSyncParts,
  member: { tenantId: string; teamMemberId: string },
  options: { maxAgeMs: number; timeoutMs: number; now?: number; log?: CalendarJobLog },
): Promise<'fresh' | 'refreshed' | 'stale'> {
  const now = options.now ?? Date.now()
  const claimed = await claimDueCalendars(database, {
    now: new Date(now),
    limit: 20,
    claimedUntil: new Date(now + 5 * MINUTE_MS),
    staleOf: { ...member, syncedBefore: new Date(now - options.maxAgeMs) },
  })
  if (claimed.length === 0) return 'fresh'
  const syncs = Promise.all(
    claimed.map((claim) =>
      syncOne(database, parts, claim, now, { intervalMs: 5 * MINUTE_MS, log: options.log }).catch(
        async (error: unknown) => {
          await recordFailure(database, claim, error, { now, log: options.log })
          return false
        },
      ),
    ),
  )
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), options.timeoutMs)
  })
  try {
    const outcome = await Promise.race([syncs, timeout])
    return outcome !== 'timed out' && outcome.every(Boolean) ? 'refreshed' : 'stale'
  } finally {
    clearTimeout(timer)
  }
}

async function syncOne(
  database: Database,
  parts: CalendarSyncParts,
  claim: ClaimedCalendar,
  now: number,
  { intervalMs, log }: { intervalMs: number; log?: CalendarJobLog | undefined },
): Promise<boolean> {
  const { calendar, connection, timeZone, memberEmail } = claim
  const connector = connectorOfConnection(database, parts, connection, {
    emails: memberEmail ? [memberEmail] : [],
  })
  const window = syncWindow(now)
  // Slotwise's own writes after this moment may be missing from what the provider answers.
  const readAt = new Date()
  const batch = await connector.changesSince(calendar.remoteId, calendar.syncCursor, window)
  const changed = batch.kind === 'full' || batch.changed.length > 0 || batch.removed.length > 0
  const windowMoved =
    calendar.busyExpandedAt === null || now - calendar.busyExpandedAt.getTime() >= DAY_MS
  return database.transaction(async (tx) => {
    const repository = createCalendarSyncRepository(tx)
    const { claimedUntil } = calendar
    if (!claimedUntil || !(await repository.holdsClaim(calendar.id, claimedUntil))) {
      log?.warn(
        { calendarId: calendar.id },
        'a calendar sync took longer than its claim; another runner took the calendar over',
      )
      return false
    }
    await repository.storeObjects(calendar, batch)
    const expand = changed || windowMoved
    if (expand) {
      const events = await repository.storedEvents(calendar.tenantId, calendar.id)
      if (changed) {
        const at = { now: new Date(now), windowEnd: window.end, readAt }
        const outside = await noticeOutsideChanges(tx, claim, events, at)
        if (outside.changed > 0) {
          log?.info(
            { calendarId: calendar.id, connectionId: calendar.connectionId, ...outside },
            'appointments whose events were moved or deleted in the member’s calendar wait for staff',
          )
        }
      }
      // Our own written-back events are the member's appointments here already.
      const busy = parts.expandBusyTimes(
        events.filter((event) => !isSlotwiseUid(event.uid)),
        window,
        timeZone,
      )
      await repository.replaceBusyTimes(calendar, busy)
    }
    await repository.markSynced(calendar, {
      cursor: batch.cursor,
      at: new Date(now),
      nextSyncAt: new Date(now + intervalMs),
      busyExpandedAt: expand ? new Date(now) : null,
    })
    return true
  })
}

/** The connection's health after a failed sync of one of its calendars. */
function healthAfter(error: unknown): Exclude<ConnectionHealth, 'ok' | 'syncing'> {
  if (error instanceof CredentialKeyError) return 'needs_reconnect'
  if (!(error instanceof ConnectorError)) return 'unreachable'
  switch (error.kind) {
    case 'needs_reconnect':
      return 'needs_reconnect'
    case 'rate_limited':
      return 'rate_limited'
    default:
      return 'unreachable'
  }
}

async function recordFailure(
  database: Database,
  claim: ClaimedCalendar,
  error: unknown,
  options: CalendarSyncOptions & { now: number },
): Promise<void> {
  const { calendar, connection } = claim
  const { now, random = Math.random } = options
  const health = healthAfter(error)
  const retryAfterMs = error instanceof ConnectorError ? error.retryAfterMs : undefined
  // Credentials refused do not heal by themselves: try again now and then, not every minute.
  const failures = health === 'needs_reconnect' ? 10 : connection.failureCount + 1
  await createCalendarSyncRepository(database.db).markFailed(calendar, {
    health,
    error: failureText(error),
    at: new Date(now),
    nextSyncAt: new Date(now + backoffMs(failures, random(), retryAfterMs)),
  })
  options.log?.warn(
    {
      calendarId: calendar.id,
      connectionId: connection.id,
      kind: connection.kind,
      health,
      failures: connection.failureCount + 1,
      retryAfterMs,
      reason: failureText(error),
      // A failure no connector described is a defect: its own message, never credentials.
      ...(error instanceof ConnectorError || error instanceof CredentialKeyError
        ? {}
        : { err: error instanceof Error ? error.message : String(error) }),
    },
    'a calendar sync failed; its stored busy times keep blocking time',
  )
  if (await tellOfBrokenConnection(database, claim, health, options)) {
    options.log?.info(
      { connectionId: connection.id, health },
      'the member and the owners were e-mailed that their calendar connection broke',
    )
  }
}

/** What staff are shown of a failure: the connector's sentence, never a stack or a credential. */
function failureText(error: unknown): string {
  if (error instanceof ConnectorError) {
    return error.kind === 'calendar_gone' ? `The calendar is gone: ${error.message}` : error.message
  }
  if (error instanceof CredentialKeyError) {
    return 'The stored credentials cannot be opened with this server’s key; connect the calendar again.'
  }
  return 'The sync failed unexpectedly.'
}
