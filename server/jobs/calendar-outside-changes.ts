import type { Db } from '../db/database.ts'
import { createCalendarChangeRepository } from '../db/repositories/calendar-change-repository.ts'
import type { ClaimedCalendar } from '../db/repositories/calendar-sync-repository.ts'
import type { ExternalEvent } from '../domain/calendar-sync/external-event.ts'
import { outsideChangeOf } from '../domain/calendar-sync/outside-change.ts'
import { appointmentUid } from '../notifications/ics.ts'

/** What a sync found done outside Slotwise to the events it wrote. */
export interface OutsideChangesFound {
  /** Appointments whose event was moved or deleted there. */
  changed: number
  unchanged: number
}

/** Where a change happened, as the member knows the account ("iCloud", "Google Calendar"). */
export function whereChanged(connection: ClaimedCalendar['connection']): string {
  return connection.kind === 'google' ? 'Google Calendar' : connection.displayName
}

/**
 * Part of a sync that found changes, in its transaction (issue 25, item 5): each appointment
 * whose event Slotwise wrote into this calendar before the sync read it is compared with the
 * event now stored; a moved or deleted one raises a change for staff (once: the same change
 * found again is left as it was), one as Slotwise wrote it clears any change raised before.
 */
export async function noticeOutsideChanges(
  tx: Db,
  { calendar, connection, timeZone }: ClaimedCalendar,
  events: readonly ExternalEvent[],
  at: { now: Date; windowEnd: Date; readAt: Date },
): Promise<OutsideChangesFound> {
  const changes = createCalendarChangeRepository(tx)
  const written = await changes.writtenAppointments(calendar, {
    from: at.now,
    to: at.windowEnd,
    writtenBefore: at.readAt,
  })
  if (written.length === 0) return { changed: 0, unchanged: 0 }
  const byUid = new Map<string, ExternalEvent[]>()
  for (const event of events) byUid.set(event.uid, [...(byUid.get(event.uid) ?? []), event])
  const unchanged: string[] = []
  let changed = 0
  for (const appointment of written) {
    const change = outsideChangeOf(
      { start: appointment.startsAt.getTime(), end: appointment.endsAt.getTime() },
      byUid.get(appointmentUid(appointment.appointmentId)) ?? [],
      timeZone,
    )
    if (!change) unchanged.push(appointment.appointmentId)
    else {
      await changes.raise(calendar, appointment.appointmentId, change, whereChanged(connection))
      changed++
    }
  }
  await changes.clear(calendar.tenantId, unchanged)
  return { changed, unchanged: unchanged.length }
}
