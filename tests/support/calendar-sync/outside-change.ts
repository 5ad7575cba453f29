import type { Db } from '../../../server/db/database.ts'
import { calendarOutsideChanges, calendarWrites } from '../../../server/db/schema.ts'
import { connectCalendar, testCipher } from './connected-calendar.ts'

/**
 * An appointment whose written-back event was deleted in its member's calendar, as a sync
 * leaves it: a calendar, the event's write done, and the change waiting for staff. For suites
 * that test who may decide, not how a change is found (calendar-outside-changes.test.ts).
 */
export async function deletedOutside(
  db: Db,
  appointment: { tenantId: string; teamMemberId: string; id: string },
): Promise<void> {
  const { calendar } = await connectCalendar(db, testCipher(), {
    tenantId: appointment.tenantId,
    teamMemberId: appointment.teamMemberId,
  })
  await db.insert(calendarWrites).values({
    tenantId: appointment.tenantId,
    appointmentId: appointment.id,
    calendarId: calendar.id,
    action: 'put',
    sequence: 1,
    writtenRef: `${calendar.remoteId}/${appointment.id}.ics`,
    state: 'done',
  })
  await db.insert(calendarOutsideChanges).values({
    tenantId: appointment.tenantId,
    appointmentId: appointment.id,
    calendarId: calendar.id,
    kind: 'deleted',
    calendarName: 'iCloud',
  })
}
