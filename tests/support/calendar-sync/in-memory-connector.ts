import {
  type CalendarConnector,
  type ChangeBatch,
  ConnectorError,
  type ConnectorFailureKind,
  type RemoteObject,
  type SyncCursor,
  type WrittenEvent,
  type WrittenRef,
} from '../../../server/calendars/connector.ts'
import type { ExternalEvent } from '../../../server/domain/calendar-sync/external-event.ts'
import type { ExpandBusyTimes } from '../../../server/jobs/calendar-connections.ts'

/*
 * A calendar provider simulated in memory, for the sync engine's job tests. The real
 * connectors (CalDAV against Radicale and xandikos, Google against the local Google service)
 * are built and tested beside the engine; this one keeps to the connector's contract (a
 * cursor per change, full batches for an unknown cursor, puts that update an event under the
 * same UID instead of adding one) and lets a test see every call and make any of them fail.
 */

interface StoredObject {
  etag: string
  events: ExternalEvent[]
  /** Set when Slotwise wrote it. */
  written?: WrittenEvent
}

interface ChangeLogEntry {
  version: number
  ref: string
}

export interface ProviderCalendar {
  objects: Map<string, StoredObject>
  /** Which ref changed (or went) at which version, for deltas. */
  log: ChangeLogEntry[]
}

export class InMemoryProvider {
  readonly calendars = new Map<string, ProviderCalendar>()
  /** Every changesSince call: which calendar, with which cursor. */
  readonly syncCalls: { calendarId: string; cursor: SyncCursor | null }[] = []
  readonly writeCalls: { calendarId: string; kind: 'put' | 'delete'; uid?: string }[] = []
  private version = 0
  private failures: { kind: ConnectorFailureKind; retryAfterMs?: number }[] = []
  private held: Promise<void> | null = null

  calendar(id: string): ProviderCalendar {
    let calendar = this.calendars.get(id)
    if (!calendar) {
      calendar = { objects: new Map(), log: [] }
      this.calendars.set(id, calendar)
    }
    return calendar
  }

  /** Adds or replaces an object, as the member would in their calendar app. */
  putObject(calendarId: string, ref: string, events: ExternalEvent[]): void {
    const calendar = this.calendar(calendarId)
    this.version++
    calendar.objects.set(ref, { etag: `"${this.version}"`, events })
    calendar.log.push({ version: this.version, ref })
  }

  removeObject(calendarId: string, ref: string): void {
    const calendar = this.calendar(calendarId)
    this.version++
    calendar.objects.delete(ref)
    calendar.log.push({ version: this.version, ref })
  }

  /** The next call of any kind fails so. */
  failNext(kind: ConnectorFailureKind, retryAfterMs?: number): void {
    this.failures.push(retryAfterMs === undefined ? { kind } : { kind, retryAfterMs })
  }

  /** The next sync hangs until the returned function is called (a provider slow to answer). */
  holdNextSync(): () => void {
    let release = () => {}
    this.held = new Promise((resolve) => {
      release = resolve
    })
    return release
  }

  /** The objects Slotwise wrote with this UID (exactly one, when all is well). */
  writtenWithUid(calendarId: string, uid: string): WrittenEvent[] {
    return [...this.calendar(calendarId).objects.values()]
      .flatMap((object) => (object.written ? [object.written] : []))
      .filter((event) => event.uid === uid)
  }

  private failIfAsked(): void {
    const failure = this.failures.shift()
    if (failure) {
      throw new ConnectorError(failure.kind, `simulated ${failure.kind}`, failure.retryAfterMs)
    }
  }

  connector(): CalendarConnector {
    return {
      listCalendars: async () => {
        this.failIfAsked()
        return [...this.calendars.keys()].map((id) => ({ id, name: id, writable: true }))
      },
      changesSince: async (calendarId, cursor): Promise<ChangeBatch> => {
        this.syncCalls.push({ calendarId, cursor })
        const held = this.held
        this.held = null
        if (held) await held
        this.failIfAsked()
        const calendar = this.calendar(calendarId)
        const since = typeof cursor?.version === 'number' ? cursor.version : null
        const next = { version: this.version }
        const object = (ref: string): RemoteObject => {
          const stored = calendar.objects.get(ref) as StoredObject
          return { ref, etag: stored.etag, events: stored.events }
        }
        if (since === null) {
          return {
            kind: 'full',
            changed: [...calendar.objects.keys()].map(object),
            removed: [],
            cursor: next,
          }
        }
        const refs = new Set(
          calendar.log.filter((entry) => entry.version > since).map((e) => e.ref),
        )
        return {
          kind: 'delta',
          changed: [...refs].filter((ref) => calendar.objects.has(ref)).map(object),
          removed: [...refs].filter((ref) => !calendar.objects.has(ref)),
          cursor: next,
        }
      },
      putEvent: async (calendarId, event, previous): Promise<WrittenRef> => {
        this.writeCalls.push({ calendarId, kind: 'put', uid: event.uid })
        this.failIfAsked()
        // The UID names the object, so a repeated create updates it (If-None-Match: * on a
        // server that then re-reads, as the connectors do).
        const ref = previous?.ref ?? `${event.uid}.ics`
        this.putObject(calendarId, ref, [])
        const stored = this.calendar(calendarId).objects.get(ref) as StoredObject
        stored.written = event
        return { ref, etag: stored.etag }
      },
      deleteEvent: async (calendarId, previous) => {
        this.writeCalls.push({ calendarId, kind: 'delete' })
        this.failIfAsked()
        if (this.calendar(calendarId).objects.has(previous.ref)) {
          this.removeObject(calendarId, previous.ref)
        }
      },
    }
  }
}

/**
 * A stand-in for the expansion written beside the engine: single events with exact instants
 * only (`utc` start and end), neither recurring nor transparent nor cancelled. Enough to see
 * the engine store what an expansion gives; the real one is tested on its own.
 */
export const expandInstantsOnly: ExpandBusyTimes = (events, window) =>
  events.flatMap((event) => {
    if (event.start.kind !== 'utc' || event.end.kind !== 'utc') return []
    if (event.transparent || event.cancelled || event.rrule) return []
    const startsAt = event.start.instant
    const endsAt = event.end.instant
    if (endsAt <= window.start.getTime() || startsAt >= window.end.getTime()) return []
    return [{ startsAt, endsAt, summary: event.summary }]
  })

/** A single event of the member's calendar, from `startsAt` to `endsAt`. */
export function instantEvent(
  uid: string,
  startsAt: string,
  endsAt: string,
  summary = 'Dentist',
): ExternalEvent {
  return {
    uid,
    start: { kind: 'utc', instant: Date.parse(startsAt) },
    end: { kind: 'utc', instant: Date.parse(endsAt) },
    rdates: [],
    exdates: [],
    transparent: false,
    cancelled: false,
    declinedByOwner: false,
    summary,
  }
}
