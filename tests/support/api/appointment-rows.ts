import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { appointments } from '../../../server/db/schema.ts'
import type { TestApp } from './test-app.ts'

type AppointmentRow = typeof appointments.$inferInsert

/**
 * The columns a hand-inserted appointment row needs besides its times: no buffers, so the busy
 * range is the appointment itself, and a seat group of its own (one-to-one). For tests that set
 * up history directly in the database rather than through the booking API.
 */
export function unbufferedRow(
  row: Omit<AppointmentRow, 'busyFrom' | 'busyUntil' | 'seatGroup'>,
): AppointmentRow {
  return { ...row, busyFrom: row.startsAt, busyUntil: row.endsAt, seatGroup: randomUUID() }
}

/**
 * Moves a booked appointment `days` back, busy range and all: the API books only the future,
 * and a no-show or a closed visit needs a start that has passed.
 */
export async function moveIntoPast(
  testApp: TestApp,
  appointmentId: string,
  days: number,
): Promise<void> {
  const back = sql.raw(`interval '${days} days'`)
  await testApp.database.db
    .update(appointments)
    .set({
      startsAt: sql`${appointments.startsAt} - ${back}`,
      endsAt: sql`${appointments.endsAt} - ${back}`,
      busyFrom: sql`${appointments.busyFrom} - ${back}`,
      busyUntil: sql`${appointments.busyUntil} - ${back}`,
    })
    .where(eq(appointments.id, appointmentId))
}
